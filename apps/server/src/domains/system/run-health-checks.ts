import type { Platform } from '../../graphql/context.ts';

export interface HealthCheckResult {
  message: string;
  /** Milliseconds the check took. */
  duration: number;
  ok: boolean;
}

async function timed(name: string, detail: string, check: () => Promise<void>): Promise<HealthCheckResult> {
  const started = performance.now();
  try {
    await check();
    return {
      message: `${name}: ok (${detail})`,
      duration: Math.round(performance.now() - started),
      ok: true,
    };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      message: `${name}: failed (${detail}): ${reason}`,
      duration: Math.round(performance.now() - started),
      ok: false,
    };
  }
}

/** Real round trips to every part Plaza depends on, run side by side. */
export function runHealthChecks(platform: Platform): Promise<HealthCheckResult[]> {
  const { store, bus, blobs, mail } = platform;
  return Promise.all([
    timed('database', store.kind, () => store.ping()),
    timed('bus', bus.kind, () => bus.ping()),
    timed('blobs', blobs.kind, () => blobs.ping()),
    timed('mail', mail.kind, () => mail.ping()),
  ]);
}
