import type { Readable } from 'node:stream';

export interface StoredBlob {
  contentType: string;
  size: number;
  /** The bytes, or only those from `start` to `end` inclusive (an HTTP Range). */
  stream(range?: { start: number; end: number }): Readable;
}

/**
 * Where uploaded and generated files live: a local folder (one process) or an S3-compatible bucket
 * (any number of processes). Keys are opaque, URL-safe names chosen by the server.
 */
export interface Blobs {
  kind: 'local' | 's3';
  put(key: string, data: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<StoredBlob | null>;
  delete(key: string): Promise<void>;
  /** Writes, reads back and removes a probe file. */
  ping(): Promise<void>;
}

const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

export function isValidBlobKey(key: string): boolean {
  return KEY_PATTERN.test(key) && !key.includes('..');
}
