import { CHAT_RELOAD_GUARD_MS } from './constants.ts';

/**
 * A failed code-chunk load reloads the page at most once per minute (spec 8 "Code chunk load
 * failure"; spec 9 "Chat reload guard: 60,000 ms"), so a missing asset cannot reload in a loop.
 */
export const CHUNK_RELOAD_GUARD_MS = CHAT_RELOAD_GUARD_MS;

/**
 * Whether a chunk-load failure at `now` may reload the page, given when the last such reload was
 * (null: never, or a value that is not a time). A last reload less than a minute in the future (a
 * clock turned back a little) counts as recent.
 */
export function mayReloadAfterChunkFailure(lastReloadAt: number | null, now: number): boolean {
  if (lastReloadAt === null || !Number.isFinite(lastReloadAt)) return true;
  const elapsed = now - lastReloadAt;
  return Math.abs(elapsed) >= CHUNK_RELOAD_GUARD_MS;
}

/** Reads a stored reload time: digits only, else null. */
export function parseReloadTime(stored: string | null): number | null {
  return stored !== null && /^\d{1,15}$/.test(stored) ? Number(stored) : null;
}
