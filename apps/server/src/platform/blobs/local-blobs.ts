import { createReadStream } from 'node:fs';
import { mkdir, readFile, rm, stat, writeFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { isValidBlobKey, type Blobs } from './blobs.ts';

/** Blobs in a folder: `<key>` holds the bytes, `<key>.type` its content type. */
export function createLocalBlobs(folder: string): Blobs {
  const ready = mkdir(folder, { recursive: true });
  const fileOf = (key: string) => {
    if (!isValidBlobKey(key)) throw new Error(`invalid blob key: ${JSON.stringify(key)}`);
    return path.join(folder, key);
  };
  const blobs: Blobs = {
    kind: 'local',
    async put(key, data, contentType) {
      await ready;
      const file = fileOf(key);
      // Write then rename, so a reader never sees half a file.
      const temporary = `${file}.${randomUUID()}.tmp`;
      await writeFile(temporary, data);
      await writeFile(`${file}.type`, contentType);
      await rename(temporary, file);
    },
    async get(key) {
      await ready;
      if (!isValidBlobKey(key)) return null;
      const file = fileOf(key);
      try {
        const [info, contentType] = await Promise.all([stat(file), readFile(`${file}.type`, 'utf8')]);
        return { contentType, size: info.size, stream: (range) => createReadStream(file, range) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      const file = fileOf(key);
      await Promise.all([rm(file, { force: true }), rm(`${file}.type`, { force: true })]);
    },
    async ping() {
      const key = `healthcheck-${randomUUID()}`;
      const probe = new TextEncoder().encode(key);
      await blobs.put(key, probe, 'text/plain');
      const stored = await readFile(fileOf(key), 'utf8');
      await blobs.delete(key);
      if (stored !== key) throw new Error('blob read back differs from what was written');
    },
  };
  return blobs;
}
