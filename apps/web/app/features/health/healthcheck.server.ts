import type { PlazaServerContext } from '../../context.ts';

const HEALTHCHECK = /* GraphQL */ `
  query Healthcheck {
    healthcheck(resolveIps: true) {
      ip
      clientIp
      remoteIp
      results {
        message
        duration
      }
    }
  }
`;

export interface HealthcheckReport {
  ip: string | null;
  clientIp: string | null;
  remoteIp: string | null;
  results: Array<{ message: string; duration: number }>;
}

export type HealthcheckOutcome = { ok: true; report: HealthcheckReport } | { ok: false; message: string };

/** Runs every server health check, with the addresses the server sees for this request. */
export async function loadHealthcheck(server: PlazaServerContext): Promise<HealthcheckOutcome> {
  const result = await server.graphql<{ healthcheck: HealthcheckReport }>(HEALTHCHECK);
  const report = result.data?.healthcheck;
  if (!report || result.errors?.length) {
    return { ok: false, message: result.errors?.[0]?.message ?? 'The health check returned no data.' };
  }
  return { ok: true, report };
}
