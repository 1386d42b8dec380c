import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { uploads } from '../../db/schema/index.ts';
import type { Platform } from '../../graphql/context.ts';
import { newKey } from '../../ids.ts';

export const UPLOAD_LIMITS = {
  maxBytes: 10 * 1024 * 1024,
  /** Decoding is refused above this many pixels (a small file can claim a huge image). */
  maxPixels: 40_000_000,
  perUserPerHour: 30,
} as const;

export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

/** avatar (square), image (in proportion), chat (an image sent in a chat, in proportion). */
export type UploadKind = 'avatar' | 'image' | 'chat';

/** Width of the 1x variant; 2x and 3x are twice and three times as wide (spec 9: image scales). */
const BASE_WIDTH: Record<UploadKind, number> = { avatar: 160, image: 640, chat: 640 };

export class UploadError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

function tooManyPixels() {
  return new UploadError(413, 'PAYLOAD_TOO_LARGE', 'Pictures are limited to 40 megapixels.');
}

export interface UploadedImage {
  /** The upload's key (chat messages name their media by it). */
  key: string;
  /** Pass as `image` to updateProfile. */
  path: string;
  variants: { '1x': string; '2x': string; '3x': string };
  width: number;
  height: number;
}

/** A picture over UPLOAD_LIMITS.maxBytes, declared, read or handed over. */
export function pictureTooLarge(): UploadError {
  return new UploadError(413, 'PAYLOAD_TOO_LARGE', 'Pictures are limited to 10 MB.');
}

/**
 * Keeps an uploaded picture safely: the bytes must be a JPEG, PNG, WebP or GIF by their magic
 * number (the declared type is ignored), within the size and pixel limits. The picture is decoded
 * and re-encoded as WebP at 1x, 2x and 3x, which drops EXIF data such as GPS positions; avatars
 * are cropped square around the most interesting part.
 */
export async function storeUploadedImage(
  platform: Pick<Platform, 'blobs' | 'store'>,
  userId: number,
  bytes: Buffer,
  kind: UploadKind,
): Promise<UploadedImage> {
  if (bytes.length === 0) throw new UploadError(400, 'BAD_USER_INPUT', 'The upload is empty.');
  if (bytes.length > UPLOAD_LIMITS.maxBytes) {
    throw pictureTooLarge();
  }
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(detected.mime)) {
    throw new UploadError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Upload a JPEG, PNG, WebP or GIF picture.');
  }
  let metadata: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    metadata = await sharp(bytes, { limitInputPixels: UPLOAD_LIMITS.maxPixels }).metadata();
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw tooManyPixels();
    throw new UploadError(400, 'BAD_USER_INPUT', 'This picture could not be read.');
  }
  if (!metadata.width || !metadata.height) {
    throw new UploadError(400, 'BAD_USER_INPUT', 'This picture could not be read.');
  }
  if (metadata.width * metadata.height > UPLOAD_LIMITS.maxPixels) throw tooManyPixels();

  const key = newKey(16);
  const names = { '1x': `${key}.webp`, '2x': `${key}-2x.webp`, '3x': `${key}-3x.webp` } as const;
  let size = { width: 0, height: 0 };
  let byteSize = 0;
  try {
    for (const [scale, name] of [
      [1, names['1x']],
      [2, names['2x']],
      [3, names['3x']],
    ] as const) {
      const width = BASE_WIDTH[kind] * scale;
      const pipeline = sharp(bytes, { limitInputPixels: UPLOAD_LIMITS.maxPixels })
        .rotate()
        .resize(
          kind === 'avatar'
            ? {
                width,
                height: width,
                fit: 'cover',
                position: sharp.strategy.attention,
                withoutEnlargement: true,
              }
            : { width, fit: 'inside', withoutEnlargement: true },
        )
        .webp({ quality: 82 });
      const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
      if (scale === 1) {
        size = { width: info.width, height: info.height };
        byteSize = data.length;
      }
      await platform.blobs.put(name, data, 'image/webp');
    }
  } catch (error) {
    await Promise.all(Object.values(names).map((name) => platform.blobs.delete(name)));
    if (error instanceof UploadError) throw error;
    throw new UploadError(400, 'BAD_USER_INPUT', 'This picture could not be read.');
  }
  await platform.store.db.insert(uploads).values({
    key,
    userId,
    kind,
    blobKeys: Object.values(names),
    mime: 'image/webp',
    byteSize,
    width: size.width,
    height: size.height,
  });
  return {
    key,
    path: `/media/${names['1x']}`,
    variants: {
      '1x': `/media/${names['1x']}`,
      '2x': `/media/${names['2x']}`,
      '3x': `/media/${names['3x']}`,
    },
    ...size,
  };
}
