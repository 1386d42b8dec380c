import { describe, expect, it } from 'vitest';
import { CHUNK_RELOAD_GUARD_MS, mayReloadAfterChunkFailure, parseReloadTime } from './reload-guard.ts';

describe('chunk reload guard (spec 8)', () => {
  const now = 1_800_000_000_000;

  it('is the one minute of spec 9', () => {
    expect(CHUNK_RELOAD_GUARD_MS).toBe(60_000);
  });

  it('reloads when there was no reload before', () => {
    expect(mayReloadAfterChunkFailure(null, now)).toBe(true);
  });

  it('does not reload again within a minute', () => {
    expect(mayReloadAfterChunkFailure(now - 1, now)).toBe(false);
    expect(mayReloadAfterChunkFailure(now - 59_999, now)).toBe(false);
  });

  it('reloads again once a minute has passed', () => {
    expect(mayReloadAfterChunkFailure(now - 60_000, now)).toBe(true);
    expect(mayReloadAfterChunkFailure(now - 3_600_000, now)).toBe(true);
  });

  it('treats a last reload less than a minute in the future as recent, further as stale', () => {
    expect(mayReloadAfterChunkFailure(now + 5_000, now)).toBe(false);
    expect(mayReloadAfterChunkFailure(now + 86_400_000, now)).toBe(true);
  });

  it('reads only stored digits as a time', () => {
    expect(parseReloadTime(String(now))).toBe(now);
    expect(parseReloadTime(null)).toBeNull();
    expect(parseReloadTime('')).toBeNull();
    expect(parseReloadTime('soon')).toBeNull();
    expect(parseReloadTime('-5')).toBeNull();
  });
});
