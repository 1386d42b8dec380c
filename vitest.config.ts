import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const require = createRequire(import.meta.url);

/**
 * Vitest's order (slowest first from its cache, else the largest files first) with the mutation
 * fuzzer's four files first: they are the longest API files and among the smallest, so on a fresh
 * clone (CI, no cache) they came last and one worker ran them alone for minutes.
 */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const first = (spec: TestSpecification) => /fuzz-mutations-\d+\.test\.ts$/.test(spec.moduleId);
    return [...sorted.filter(first), ...sorted.filter((spec) => !first(spec))];
  }
}

export default defineConfig({
  // graphql 16 ships CJS (main) and ESM (module) builds. Pothos and Yoga load the CJS one through
  // Node; our own files must get that same copy, or `instanceof GraphQLError` checks fail.
  resolve: { alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }] },
  test: {
    sequence: { sequencer: LongestFirst },
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
          // One module graph for all the files (no fresh import per file): 107 files in 6-7 s
          // instead of 46-48 s, most of which went to importing and transforming the same modules
          // again. The few tests that fake timers or stub globals put them back after each test.
          isolate: false,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // PGlite takes seconds to boot: one store per file. Workers
          // are reused across files (isolate: false): a fresh fork per file cost ~5 s of process start,
          // module import and PGlite's WASM compile each. Module state is kept per store
          // (WeakMaps keyed by the store or its db), so files sharing a worker do not see each other.
          pool: 'forks',
          isolate: false,
          // Vitest's default is one worker less than the cores: 1 on the 2-core machines, so the
          // suite ran one file at a time. Two, on either store: each file has its own store (an
          // in-memory PGlite, or a scratch PostgreSQL database) and its own namespace in the shared
          // Redis (rate limits and, since 2026-11-26, the bus channels: before that, the same chat
          // and person ids of two files' Plazas woke each other's subscribers).
          maxWorkers: 2,
          // Migrates once for the suite; each file's store starts as a copy (global-setup.ts).
          globalSetup: ['apps/server/test/global-setup.ts'],
        },
      },
    ],
  },
});
