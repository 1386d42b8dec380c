import { useLoaderData } from 'react-router';
import type { Route } from './+types/handle-internal-server-error';
import { plazaContext } from '../context.ts';
import { errorDetails } from '../features/errors/error-details.ts';
import { ErrorContent } from '../features/errors/error-page.tsx';
import { pageMeta } from '../features/meta/page-meta.ts';

export const meta = pageMeta({
  title: 'Internal server error',
  path: '/handle-internal-server-error',
  noIndex: true,
});

/**
 * Technical page (spec 2.1): where a proxy or the app sends people after an internal error. It
 * answers 200 (the page itself works) and shows the generic error page of spec 2.4, so operators
 * and monitors can also check that an error renders safely: the raw text only in development.
 */
export function loader({ context }: Route.LoaderArgs) {
  return { isDevelopment: context.get(plazaContext).isDevelopment };
}

export default function HandleInternalServerError() {
  const { isDevelopment } = useLoaderData<typeof loader>();
  const details = errorDetails(new Error('Deliberate error from /handle-internal-server-error'), {
    isDevelopment,
  });
  return (
    <ErrorContent
      details={{ ...details, action: { label: 'Check system health', href: '/healthcheck-all' } }}
    />
  );
}
