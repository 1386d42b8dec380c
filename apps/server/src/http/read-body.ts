import type { Readable } from 'node:stream';

/**
 * Reads a request body from Node's stream, up to `limit` bytes; null as soon as it passes them, the
 * rest then drained unread so the client still gets the answer. Plain `data` events: reading a body
 * through a web stream's reader (an async iterator with end-of-stream listeners) kept each body's
 * objects alive across young collections (bench/README.md, ninth 2026-12-06 session).
 */
export function readBodyUpTo(body: Readable, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    body.on('data', (chunk: Buffer) => {
      if (size > limit) return;
      size += chunk.length;
      if (size > limit) {
        chunks.length = 0;
        resolve(null);
        return;
      }
      chunks.push(chunk);
    });
    body.once('end', () => {
      if (size <= limit) resolve(Buffer.concat(chunks, size));
    });
    body.once('error', reject);
  });
}
