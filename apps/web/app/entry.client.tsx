import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { guardRouteModuleLoads } from './features/errors/chunk-reload-guard.ts';
import { watchRequestErrorHeader } from './features/errors/request-error-header.ts';

// Before the router reads its module cache: a failed chunk reloads at most once a minute (spec 8).
guardRouteModuleLoads();
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
