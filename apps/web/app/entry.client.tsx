import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { watchRequestErrorHeader } from './features/errors/request-error-header.ts';

// Rate-limited GraphQL calls of loaders and actions open the error modal (spec 8 "Code 429").
watchRequestErrorHeader();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
