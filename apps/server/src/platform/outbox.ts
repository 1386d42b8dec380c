import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Without a mail or SMS provider, every message is written as one file here, so a person running
 * Plaza alone can read sign-in codes.
 */
export async function writeToOutbox(folder: string, extension: 'eml' | 'txt', content: string | Uint8Array) {
  await mkdir(folder, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.join(folder, `${stamp}-${randomBytes(4).toString('hex')}.${extension}`);
  await writeFile(file, content);
  return file;
}
