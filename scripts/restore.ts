/**
 * `npm run restore -- <folder>`: puts back a backup made by `npm run backup` (docs/backups.md).
 * Plaza must be stopped.
 *
 * - PostgreSQL (DATABASE_URL set, naming an empty database): `pg_restore` of <folder>/plaza.dump.
 * - The embedded store: <folder>/db copied to $PLAZA_DATA_DIR/db, which must not exist yet (move
 *   the old one aside; nothing is overwritten).
 *
 * Uploads: <folder>/blobs copied into $PLAZA_DATA_DIR/blobs (files of the same name replaced).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

function storeFolders(env: NodeJS.ProcessEnv = process.env) {
  const dataDir = path.resolve(env.PLAZA_DATA_DIR ?? './data');
  return { db: path.join(dataDir, 'db'), blobs: path.join(dataDir, 'blobs') };
}

function fail(message: string): never {
  console.error(`restore: ${message}`);
  process.exit(1);
}

function main() {
  const source = process.argv[2];
  if (!source) fail('usage: npm run restore -- <folder>');
  const folder = path.resolve(source);
  const { db, blobs } = storeFolders();
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const dump = path.join(folder, 'plaza.dump');
    if (!existsSync(dump)) fail(`no ${dump}: was this backup made with DATABASE_URL set?`);
    const run = spawnSync(
      'pg_restore',
      ['--no-owner', '--no-acl', '--exit-on-error', '--single-transaction', '-d', databaseUrl, dump],
      { stdio: 'inherit' },
    );
    if (run.status !== 0) fail(`pg_restore failed (${run.error?.message ?? `exit ${run.status}`})`);
    console.warn('restore: PostgreSQL restored');
  } else {
    const copy = path.join(folder, 'db');
    if (!existsSync(copy)) fail(`no ${copy}: was this backup made of the embedded store?`);
    if (existsSync(db) && readdirSync(db).length > 0) fail(`${db} exists: move it aside first`);
    cpSync(copy, db, { recursive: true });
    console.warn(`restore: embedded store copied to ${db}`);
  }
  if (existsSync(path.join(folder, 'blobs'))) {
    cpSync(path.join(folder, 'blobs'), blobs, { recursive: true });
    console.warn(`restore: uploads copied to ${blobs}`);
  }
}

main();
