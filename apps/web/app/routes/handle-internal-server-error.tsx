import { data } from 'react-router';
import type { Route } from './+types/handle-internal-server-error';
import { plazaContext } from '../context.ts';
import { pageMeta } from '../features/meta/page-meta.ts';

export const meta = pageMeta({
  title: 'Internal server error',
  path: '/handle-internal-server-error',
  noIndex: true,
});

/**
 * Technical page (spec 2.1): always shows the generic error page with status 500, so operators
 * and monitors can check that errors render safely in production. Thrown data reaches the browser,
 * so the explanation for developers is only added in development.
 */
export function loader({ context }: Route.LoaderArgs) {
  const { isDevelopment } = context.get(plazaContext);
  throw data(
    {
      ...(isDevelopment ? { message: 'Deliberate error from /handle-internal-server-error' } : {}),
      action: { label: 'Check system health', href: '/healthcheck-all' },
    },
    { status: 500 },
  );
}

export default function HandleInternalServerError() {
  return null;
}
