import type { Express } from 'express';
import { resolveViewer } from '../domains/auth/resolve-viewer.ts';
import {
  UPLOAD_LIMITS,
  UploadError,
  pictureTooLarge,
  storeUploadedImage,
  type UploadKind,
} from '../domains/media/store-uploaded-image.ts';
import { takeUploadAllowance } from './upload-rate-limit.ts';
import type { Platform } from '../graphql/context.ts';
import { handleChatUpload } from './chat-media-upload.ts';
import { readBodyUpTo } from './read-body.ts';
import { headersOf } from './request-headers.ts';

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
      if (declared > UPLOAD_LIMITS.maxBytes) throw pictureTooLarge();
      if (!(await takeUploadAllowance(platform, res, 'upload:user', viewer.id, UPLOAD_LIMITS.perUserPerHour)))
        return;
      const bytes = await readBodyUpTo(req, UPLOAD_LIMITS.maxBytes);
      if (!bytes) throw pictureTooLarge();
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
