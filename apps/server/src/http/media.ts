import { pipeline } from 'node:stream';
import type { Express, Response } from 'express';
import type { Blobs } from '../platform/blobs/blobs.ts';

/**
 * The one byte range of a `Range: bytes=…` header within a file of `size` bytes: null to send
 * the whole file (no header, several ranges, another unit), 'unsatisfiable' when it lies outside.
 */
export function parseByteRange(header: string | undefined, size: number) {
  const match = header?.trim().match(/^bytes=(\d*)-(\d*)$/);
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable' as const;
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable' as const;
  return { start, end };
}

/**
 * Sends a blob's bytes. A read that fails midway (a bucket that stops answering) ends this response
 * only: with a bare pipe() the stream's error would have no listener and stop the process.
 */
function send(bytes: NodeJS.ReadableStream, res: Response) {
  pipeline(bytes, res, (error) => {
    if (error && !res.destroyed) res.destroy(error);
  });
}

/**
 * Serves stored media by key; keys are random and never reused, so responses cache for a year.
 * Honours one byte range (videos and audio seek with it) and never lets a browser sniff the type.
 */
export function mountMedia(app: Express, blobs: Blobs): void {
  app.get('/media/:key', async (req, res, next) => {
    try {
      const blob = await blobs.get(req.params.key);
      if (!blob) {
        res.status(404).type('text/plain').send('Not found');
        return;
      }
      res.setHeader('Content-Type', blob.contentType);
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Accept-Ranges', 'bytes');
      const range = parseByteRange(req.headers.range, blob.size);
      if (range === 'unsatisfiable') {
        res.setHeader('Content-Range', `bytes */${blob.size}`);
        res.status(416).end();
        return;
      }
      if (range) {
        res.status(206);
        res.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${blob.size}`);
        res.setHeader('Content-Length', String(range.end - range.start + 1));
        send(blob.stream(range), res);
        return;
      }
      res.setHeader('Content-Length', String(blob.size));
      send(blob.stream(), res);
    } catch (error) {
      next(error);
    }
  });
}
