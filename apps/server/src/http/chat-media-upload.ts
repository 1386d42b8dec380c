import type { Request, Response } from 'express';
import type { ChatMediaKind } from '../domains/media/chat-media.ts';
import {
  CHAT_UPLOAD_LIMITS,
  UNSUPPORTED_CHAT_MEDIA,
  checkDeclared,
  refineChatMediaKind,
  declaredChatMedia,
  sniffChatMedia,
  storeChatUpload,
  tooLarge,
} from '../domains/media/chat-upload.ts';
import { UploadError } from '../domains/media/store-uploaded-image.ts';
import { takeUploadAllowance } from './upload-rate-limit.ts';
import type { Platform } from '../graphql/context.ts';

/**
 * Reads a chat upload's body. Its first bytes decide the kind (by magic number); from then on
 * that kind's size cap is enforced while reading, so an oversized file is refused mid-stream.
 * After a refusal the rest is drained unread so the client still gets the answer.
 */
function readChatBody(req: Request): Promise<{ kind: ChatMediaKind; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let kind: ChatMediaKind | null = null;
    let failed = false;
    let sniffing: Promise<void> | null = null;
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      chunks.length = 0;
      reject(error);
    };
    const limit = () => (kind ? CHAT_UPLOAD_LIMITS.bytes[kind] : CHAT_UPLOAD_LIMITS.maxBytes);
    const sniff = () => {
      sniffing ??= sniffChatMedia(Buffer.concat(chunks)).then((found) => {
        if (!found) throw new UploadError(415, 'UNSUPPORTED_MEDIA_TYPE', UNSUPPORTED_CHAT_MEDIA);
        kind = found;
        if (size > limit()) throw tooLarge(kind);
      });
      return sniffing;
    };
    req.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > limit()) {
        fail(tooLarge(kind));
        return;
      }
      chunks.push(chunk);
      if (size >= CHAT_UPLOAD_LIMITS.sniffBytes) sniff().catch(fail);
    });
    req.on('end', () => {
      if (failed) return;
      if (size === 0) {
        fail(new UploadError(400, 'BAD_USER_INPUT', 'The upload is empty.'));
        return;
      }
      sniff()
        .then(() => {
          if (!failed && kind) resolve({ kind, bytes: Buffer.concat(chunks) });
        })
        .catch(fail);
    });
    req.on('error', fail);
  });
}

/**
 * `POST /media/upload?kind=chat[&name=<file name>]` (decision 0013): a picture, MP4 video or
 * MP4/M4A audio for a chat message, as the raw body. The caller is signed in (checked before).
 * Answers 201 with the ChatMedia a message attaches by its `key`.
 */
export async function handleChatUpload(
  req: Request,
  res: Response,
  platform: Platform,
  viewerId: number,
): Promise<void> {
  const declaredLength = Number(req.headers['content-length'] ?? 0);
  if (declaredLength > CHAT_UPLOAD_LIMITS.maxBytes) throw tooLarge(null);
  const fileName = typeof req.query.name === 'string' ? req.query.name : undefined;
  const declared = declaredChatMedia(req.headers['content-type'], fileName);
  if (declared.type === 'unsupported' || declared.name === 'unsupported') {
    throw new UploadError(415, 'UNSUPPORTED_MEDIA_TYPE', UNSUPPORTED_CHAT_MEDIA);
  }
  if (
    !(await takeUploadAllowance(
      platform,
      res,
      'upload:chat:user',
      viewerId,
      CHAT_UPLOAD_LIMITS.perUserPerHour,
    ))
  )
    return;
  const { kind: sniffed, bytes } = await readChatBody(req);
  const kind = refineChatMediaKind(sniffed, bytes);
  checkDeclared(declared, kind);
  res.status(201).json(await storeChatUpload(platform, viewerId, bytes, kind));
}
