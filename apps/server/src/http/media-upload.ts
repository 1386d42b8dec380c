import type { Express, Request } from 'express';
import { resolveViewer } from '../domains/auth/resolve-viewer.ts';
import {
  UPLOAD_LIMITS,
  UploadError,
  storeUploadedImage,
  type UploadKind,
} from '../domains/media/store-uploaded-image.ts';
import { takeUploadAllowance } from './upload-rate-limit.ts';
import type { Platform } from '../graphql/context.ts';
import { handleChatUpload } from './chat-media-upload.ts';
import { headersOf } from './request-headers.ts';

/**
 * Reads the request body, refusing it once it passes `limit` bytes; the rest is drained unread so
 * the client still gets the answer.
 */
function readBody(req: Request, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      if (size > limit) return;
      size += chunk.length;
      if (size > limit) {
        chunks.length = 0;
        reject(new UploadError(413, 'PAYLOAD_TOO_LARGE', 'Pictures are limited to 10 MB.'));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * `POST /media/upload?kind=avatar|image|chat`: the file's bytes are the raw request body (a `File`
 * passed straight to fetch). Signed-in people only, by cookie or bearer token. `chat` also takes
 * MP4 video and audio (chat-media-upload.ts).
 */
export function mountMediaUpload(app: Express, platform: Platform): void {
  app.post('/media/upload', async (req, res, next) => {
    try {
      const viewer = await resolveViewer(platform.auth, headersOf(req.headers));
      if (!viewer) {
        res.status(401).json({ code: 'UNAUTHENTICATED', message: 'Please sign in first.' });
        return;
      }
      if (req.query.kind === 'chat') {
        await handleChatUpload(req, res, platform, viewer.id);
        return;
      }
      const kind: UploadKind = req.query.kind === 'image' ? 'image' : 'avatar';
      const declared = Number(req.headers['content-length'] ?? 0);
      if (declared > UPLOAD_LIMITS.maxBytes)
        throw new UploadError(413, 'PAYLOAD_TOO_LARGE', 'Pictures are limited to 10 MB.');
      if (!(await takeUploadAllowance(platform, res, 'upload:user', viewer.id, UPLOAD_LIMITS.perUserPerHour)))
        return;
      const bytes = await readBody(req, UPLOAD_LIMITS.maxBytes);
      res.status(201).json(await storeUploadedImage(platform, viewer.id, bytes, kind));
    } catch (error) {
      if (error instanceof UploadError) {
        if (error.status === 413 || error.status === 415) res.setHeader('Connection', 'close');
        res.status(error.status).json({ code: error.code, message: error.message });
        return;
      }
      next(error);
    }
  });
}
