import { assertNodeVersion } from '../version-check.ts';

assertNodeVersion();

const { count, eq } = await import('drizzle-orm');
const { loadConfig } = await import('../config.ts');
const { createPlaza } = await import('../app.ts');
const { users } = await import('../db/schema/index.ts');
const { seedDemoWorld } = await import('./seed.ts');

// `npm run seed` adds the demo world to whatever store the environment points at (PGlite or
// DATABASE_URL), even one with real people in it, unless the demo world is already there.
const plaza = await createPlaza(loadConfig(), { web: false });
try {
  const [row] = await plaza.platform.store.db
    .select({ n: count() })
    .from(users)
    .where(eq(users.isDemo, true));
  if ((row?.n ?? 0) > 0) {
    console.log('The demo world is already in this store; nothing was added.');
  } else {
    const summary = await seedDemoWorld(plaza.platform);
    console.log(`Demo world created in the ${plaza.platform.store.kind} store: ${JSON.stringify(summary)}`);
  }
} catch (error) {
  console.error(`Could not add the demo world: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await plaza.close();
}
