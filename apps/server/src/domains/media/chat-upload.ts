import { fileTypeFromBuffer } from 'file-type';
import { uploads } from '../../db/schema/index.ts';
import type { Platform } from '../../graphql/context.ts';
import { newKey } from '../../ids.ts';
import type { ChatMedia, ChatMediaKind } from './chat-media.ts';
import { blankMp4Metadata, readMp4Info } from './mp4-info.ts';
import { ACCEPTED_IMAGE_TYPES, UploadError, storeUploadedImage } from './store-uploaded-image.ts';

const MB = 1024 * 1024;

/** Spec 5 "Supported media types": image/*, video/mp4, and audio mp4, x-m4a and m4a. */
export const CHAT_UPLOAD_LIMITS = {
  bytes: { image: 10 * MB, video: 50 * MB, audio: 20 * MB } satisfies Record<ChatMediaKind, number>,
  /** The largest of the above: a body is refused past it before its type is known. */
  maxBytes: 50 * MB,
  perUserPerHour: 60,
  /** Bytes read before the type is decided (file-type reads at most this many). */
  sniffBytes: 4100,
} as const;

const LABEL: Record<ChatMediaKind, string> = { image: 'Pictures', video: 'Videos', audio: 'Audio files' };

export const UNSUPPORTED_CHAT_MEDIA =
  'Chats take pictures (JPEG, PNG, WebP or GIF), MP4 videos and MP4 or M4A audio.';

export function tooLarge(kind: ChatMediaKind | null): UploadError {
  if (kind === null) return new UploadError(413, 'PAYLOAD_TOO_LARGE', 'Files are limited to 50 MB.');
  const mb = CHAT_UPLOAD_LIMITS.bytes[kind] / MB;
  return new UploadError(413, 'PAYLOAD_TOO_LARGE', `${LABEL[kind]} are limited to ${mb} MB.`);
}

/** The kind a file's bytes show (magic numbers, not what the client says), or null if unsupported. */
export async function sniffChatMedia(head: Uint8Array): Promise<ChatMediaKind | null> {
  const detected = await fileTypeFromBuffer(head);
  if (!detected) return null;
  if ((ACCEPTED_IMAGE_TYPES as readonly string[]).includes(detected.mime)) return 'image';
  if (detected.mime === 'video/mp4') return 'video';
  if (detected.mime === 'audio/mp4' || detected.mime === 'audio/x-m4a') return 'audio';
  return null;
}

const DECLARED: Array<[RegExp, ChatMediaKind]> = [
  [/^image\//, 'image'],
  [/^video\/mp4$/, 'video'],
  [/^audio\/(mp4|x-m4a|m4a)$/, 'audio'],
];
const EXTENSIONS: Record<string, ChatMediaKind> = {
  jpg: 'image',
  jpeg: 'image',
  png: 'image',
  webp: 'image',
  gif: 'image',
  mp4: 'video',
  m4a: 'audio',
};

/**
 * What the client says the file is, by its Content-Type and file name: a kind, null when it says
 * nothing useful (no type, application/octet-stream), or 'unsupported'.
 */
export function declaredChatMedia(
  contentType: string | undefined,
  fileName: string | undefined,
): { type: ChatMediaKind | null | 'unsupported'; name: ChatMediaKind | null | 'unsupported' } {
  const mime = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  const type =
    mime === '' || mime === 'application/octet-stream'
      ? null
      : (DECLARED.find(([pattern]) => pattern.test(mime))?.[1] ?? 'unsupported');
  const extension = fileName?.match(/\.([A-Za-z0-9]+)$/)?.[1]?.toLowerCase();
  const name = !fileName ? null : extension ? (EXTENSIONS[extension] ?? 'unsupported') : null;
  return { type, name };
}

/** An MP4 without a video track is audio, whatever its brand says. */
export function refineChatMediaKind(sniffed: ChatMediaKind, bytes: Buffer): ChatMediaKind {
  if (sniffed !== 'video') return sniffed;
  const info = readMp4Info(bytes);
  return !info.hasVideo && info.hasAudio ? 'audio' : 'video';
}

/** Refuses a file whose declared type or name says another kind than its bytes. */
export function checkDeclared(declared: ReturnType<typeof declaredChatMedia>, actual: ChatMediaKind): void {
  for (const said of [declared.type, declared.name]) {
    if (said !== null && said !== 'unsupported' && said !== actual) {
      throw new UploadError(
        400,
        'BAD_USER_INPUT',
        `This file is named or typed as ${said === 'image' ? 'a picture' : `${said}`}, but its contents are ${actual === 'image' ? 'a picture' : actual}.`,
      );
    }
  }
}

/**
 * Keeps a chat upload: a picture re-encoded like any other (EXIF and GPS gone, WebP 1x/2x/3x);
 * a video or audio file stored as it came (no transcoder on the server) but for its user
 * metadata boxes blanked, once its MP4 header shows a video or sound track. Records it in `uploads` as kind chat, owned by the uploader.
 */
export async function storeChatUpload(
  platform: Pick<Platform, 'blobs' | 'store'>,
  userId: number,
  bytes: Buffer,
  kind: ChatMediaKind,
): Promise<ChatMedia> {
  if (kind === 'image') {
    const image = await storeUploadedImage(platform, userId, bytes, 'chat');
    return {
      key: image.key,
      kind,
      mime: 'image/webp',
      width: image.width,
      height: image.height,
      durationMs: null,
      url: image.path,
      variants: image.variants,
    };
  }
  const info = readMp4Info(bytes);
  const actual: ChatMediaKind = info.hasVideo ? 'video' : 'audio';
  if ((!info.hasVideo && !info.hasAudio) || (kind === 'audio' && info.hasVideo)) {
    throw new UploadError(400, 'BAD_USER_INPUT', 'This file could not be read as a video or audio.');
  }
  // No remuxer here: user metadata (e.g. where it was recorded) is blanked in place instead.
  blankMp4Metadata(bytes);
  const key = newKey(16);
  const mime = actual === 'video' ? 'video/mp4' : 'audio/mp4';
  const blobKey = `${key}.${actual === 'video' ? 'mp4' : 'm4a'}`;
  await platform.blobs.put(blobKey, bytes, mime);
  const size =
    actual === 'video' ? { width: info.width, height: info.height } : { width: null, height: null };
  try {
    await platform.store.db.insert(uploads).values({
      key,
      userId,
      kind: 'chat',
      blobKeys: [blobKey],
      mime,
      byteSize: bytes.length,
      ...size,
      durationMs: info.durationMs,
    });
  } catch (error) {
    await platform.blobs.delete(blobKey);
    throw error;
  }
  return {
    key,
    kind: actual,
    mime,
    ...size,
    durationMs: info.durationMs,
    url: `/media/${blobKey}`,
    variants: null,
  };
}
