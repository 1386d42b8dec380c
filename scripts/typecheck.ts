/**
 * `npm run typecheck`: the four TypeScript programs (the scripts, tests and benchmarks beside the
 * apps; the core package; the server with its tests; the web app) checked by TypeScript 7's native
 * compiler (the devDependency `typescript-native`, decision 0040), one program after the other.
 * `typescript` itself stays at 6.0 for the tools that need its API (typescript-eslint, editors).
 *
 * Single-threaded: in `npm test` lint runs beside it on the other core, and one checker per
 * program costs half the CPU of the default four (each checks the shared files again).
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// The package exports no bin path: its folder, from its package.json, which it does export.
const tsc = path.join(
  path.dirname(createRequire(import.meta.url).resolve('typescript-native/package.json')),
  'bin/tsc',
);
const programs = ['tsconfig.json', 'packages/core', 'apps/server', 'apps/web'];

let failed = false;
for (const program of programs) {
  const result = spawnSync(process.execPath, [tsc, '-p', program, '--singleThreaded'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error(`typecheck: ${program} has errors`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
