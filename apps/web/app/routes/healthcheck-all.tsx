import { data } from 'react-router';
import type { Route } from './+types/healthcheck-all';
import { plazaContext } from '../context.ts';
import { loadHealthcheck } from '../features/health/healthcheck.server.ts';
import { pageMeta } from '../features/meta/page-meta.ts';

export const meta = pageMeta({ title: 'Health check', path: '/healthcheck-all', noIndex: true });

export async function loader({ context }: Route.LoaderArgs) {
  const outcome = await loadHealthcheck(context.get(plazaContext));
  // Monitors read the status code: 503 when any check could not run.
  return data(outcome, { status: outcome.ok ? 200 : 503, headers: { 'Cache-Control': 'no-store' } });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

/** Technical page (spec 2.1): every server health check and how long it took, rendered on the server. */
export default function HealthcheckAll({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <p className="text-sm font-semibold tracking-widest text-ink-soft uppercase">Technical page</p>
      <h1 className="mt-2 font-display text-3xl font-extrabold tracking-tight">Health check</h1>
      {loaderData.ok ? (
        <>
          <table className="mt-8 w-full overflow-hidden rounded-2xl bg-white text-left ring-1 ring-line">
            <caption className="sr-only">Health checks and their durations</caption>
            <thead className="bg-sand text-sm">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Check
                </th>
                <th scope="col" className="px-4 py-3 text-right font-semibold">
                  Duration (ms)
                </th>
              </tr>
            </thead>
            <tbody>
              {loaderData.report.results.map((result) => (
                <tr key={result.message} className="border-t border-line">
                  <td className="px-4 py-3">{result.message}</td>
                  <td className="px-4 py-3 text-right font-mono tabular-nums">{result.duration}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <h2 className="mt-10 font-display text-xl font-bold">Addresses</h2>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 font-mono text-sm">
            <dt className="font-sans font-semibold">ip</dt>
            <dd>{loaderData.report.ip ?? 'unknown'}</dd>
            <dt className="font-sans font-semibold">clientIp</dt>
            <dd>{loaderData.report.clientIp ?? 'none forwarded'}</dd>
            <dt className="font-sans font-semibold">remoteIp</dt>
            <dd>{loaderData.report.remoteIp ?? 'unknown'}</dd>
          </dl>
        </>
      ) : (
        <p role="alert" className="mt-8 rounded-2xl bg-coral-soft px-5 py-4">
          The health check failed: {loaderData.message}
        </p>
      )}
    </div>
  );
}
