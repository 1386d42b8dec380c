import { describe, expect, it } from 'vitest';
import { untilLive } from './bus.ts';

describe('untilLive', () => {
  it('resolves when the bus says the topic is live', async () => {
    let live: () => void = () => undefined;
    const waiting = untilLive({ whenLive: () => new Promise<void>((resolve) => (live = resolve)) }, 't');
    let settled = false;
    void waiting.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    live();
    await waiting;
    expect(settled).toBe(true);
  });

  it('resolves, not rejects, when the bus cannot tell (its waiters have no rejection handler)', async () => {
    const waiting = untilLive({ whenLive: () => Promise.reject(new Error('redis away')) }, 't');
    await expect(waiting).resolves.toBeUndefined();
  });
});
