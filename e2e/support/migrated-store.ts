/**
 * `node e2e/support/migrated-store.ts <folder>`: an embedded store with every migration applied, in
 * `<folder>/db` as a server would keep it (own-server.ts copies it for each spec's own Plaza).
 */
import path from 'node:path';
import { openStore } from '../../apps/server/src/db/client.ts';

const folder = process.argv[2];
if (!folder) throw new Error('usage: node e2e/support/migrated-store.ts <folder>');
const store = await openStore({ pgliteDir: path.join(folder, 'db') });
await store.close();
