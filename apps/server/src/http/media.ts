import type { Express } from 'express';
import type { Blobs } from '../platform/blobs/blobs.ts';

/** Serves stored media by key; keys are random and never reused, so responses cache for a year. */
export function mountMedia(app: Express, blobs: Blobs): void {
  app.get('/media/:key', async (req, res, next) => {
    try {
      const blob = await blobs.get(req.params.key);
      if (!blob) {
        res.status(404).type('text/plain').send('Not found');
        return;
      }
      res.setHeader('Content-Type', blob.contentType);
      res.setHeader('Content-Length', String(blob.size));
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      blob.stream().pipe(res);
    } catch (error) {
      next(error);
    }
  });
}
