/**
 * `npm run backup -- <folder>`: a backup of this Plaza's store and uploads into <folder> (created;
 * it must not hold a backup already). docs/backups.md says when and how.
 *
 * - PostgreSQL (DATABASE_URL set): `pg_dump -Fc` into <folder>/plaza.dump, a consistent snapshot
 *   taken while Plaza runs.
 * - The embedded store (no DATABASE_URL): a copy of $PLAZA_DATA_DIR/db into <folder>/db. PGlite
 *   has no online backup: stop Plaza first (the script cannot tell, and a copy of a running
 *   store may not open).
 *
 * Uploads: $PLAZA_DATA_DIR/blobs is copied into <folder>/blobs; with an S3 bucket (S3_BUCKET set)
 * they are not, back the bucket up with the provider's tools.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

function storeFolders(env: NodeJS.ProcessEnv = process.env) {
  const dataDir = path.resolve(env.PLAZA_DATA_DIR ?? './data');
  return { db: path.join(dataDir, 'db'), blobs: path.join(dataDir, 'blobs') };
}

function fail(message: string): never {
  console.error(`backup: ${message}`);
  process.exit(1);
}

function main() {
  const target = process.argv[2];
  if (!target) fail('usage: npm run backup -- <folder>');
  const folder = path.resolve(target);
  if (existsSync(folder) && readdirSync(folder).length > 0) fail(`${folder} is not empty`);
  mkdirSync(folder, { recursive: true });
  const { db, blobs } = storeFolders();
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const dump = path.join(folder, 'plaza.dump');
    const run = spawnSync('pg_dump', ['-Fc', '--no-owner', '--no-acl', '-f', dump, '-d', databaseUrl], {
      stdio: 'inherit',
    });
    if (run.status !== 0) fail(`pg_dump failed (${run.error?.message ?? `exit ${run.status}`})`);
    console.warn(`backup: PostgreSQL dumped to ${dump}`);
  } else {
    if (!existsSync(db)) fail(`no embedded store at ${db} (set PLAZA_DATA_DIR, or DATABASE_URL)`);
    cpSync(db, path.join(folder, 'db'), { recursive: true });
    console.warn(`backup: embedded store ${db} copied (Plaza must have been stopped)`);
  }
  if (process.env.S3_BUCKET) {
    console.warn('backup: uploads are in the S3 bucket; back it up with the provider’s tools');
  } else if (existsSync(blobs)) {
    cpSync(blobs, path.join(folder, 'blobs'), { recursive: true });
    console.warn(`backup: uploads ${blobs} copied`);
  }
}

main();
