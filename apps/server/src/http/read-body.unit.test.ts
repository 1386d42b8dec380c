import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readBodyUpTo } from './read-body.ts';

const chunks = (...sizes: number[]) => sizes.map((size, index) => Buffer.alloc(size, 97 + index));

describe('readBodyUpTo', () => {
  it('answers the whole body, in order, when it is within the limit (the limit itself included)', async () => {
    const body = await readBodyUpTo(Readable.from(chunks(3, 4, 5)), 12);
    expect(body?.toString()).toBe('aaabbbbccccc');
    expect(await readBodyUpTo(Readable.from([]), 12)).toEqual(Buffer.alloc(0));
  });

  it('answers null as soon as the body passes the limit, and drains the rest unread', async () => {
    const stream = new PassThrough();
    const answer = readBodyUpTo(stream, 10);
    stream.write(Buffer.alloc(8));
    stream.write(Buffer.alloc(8));
    // Answered before the body ends, so the refusal can go out while the client still sends.
    expect(await answer).toBeNull();
    let ended = false;
    stream.once('end', () => (ended = true));
    stream.end(Buffer.alloc(64 * 1024));
    await new Promise((resolve) => setImmediate(resolve));
    expect(ended).toBe(true);
  });

  it('fails with the stream’s error', async () => {
    const stream = new PassThrough();
    const answer = readBodyUpTo(stream, 10);
    stream.destroy(new Error('socket hang up'));
    await expect(answer).rejects.toThrow('socket hang up');
  });
});
