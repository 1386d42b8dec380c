import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

export default defineConfig({
  // graphql 16 ships CJS (main) and ESM (module) builds. Pothos and Yoga load the CJS one through
  // Node; our own files must get that same copy, or `instanceof GraphQLError` checks fail.
  resolve: { alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }] },
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.unit.test.ts',
            'apps/web/app/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // PGlite takes seconds to boot: one store per file, files in parallel on both cores. Workers
          // are reused across files (isolate: false): a fresh fork per file cost ~5 s of process start,
          // module import and PGlite's WASM compile each. Module state is kept per store
          // (WeakMaps keyed by the store or its db), so files sharing a worker do not see each other.
          pool: 'forks',
          isolate: false,
          // Migrates once for the suite; each file's store starts as a copy (global-setup.ts).
          globalSetup: ['apps/server/test/global-setup.ts'],
        },
      },
    ],
  },
});
