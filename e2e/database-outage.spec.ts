import { expect, test } from '@playwright/test';
import pg from 'pg';
import { CuttableHop } from '../apps/server/test/support/cuttable-hop.ts';
import { expectNoAxeViolations } from './axe.ts';
import { makeDataDir, startOwnServer, type OwnServer } from './support/own-server.ts';

// A Plaza of its own on the machine's PostgreSQL (as `.ci/run` gives it), reached through a hop
// this spec can cut: the database goes out of reach while the server runs, then comes back.
const postgresUrl = process.env.PLAZA_TEST_DATABASE_URL;
const database = `plaza_e2e_outage_${Date.now().toString(36)}`;

let server: OwnServer | undefined;
let hop: CuttableHop | undefined;

test.describe.configure({ mode: 'serial', timeout: 90_000 });
test.skip(!postgresUrl, 'needs PLAZA_TEST_DATABASE_URL (the machine’s PostgreSQL, set by .ci/run)');

async function onPostgres(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const target = new URL(postgresUrl!);
  await onPostgres(`CREATE DATABASE ${database}`);
  hop = new CuttableHop({ host: target.hostname, port: Number(target.port || 5432) });
  await hop.open();
  const url = new URL(postgresUrl!);
  url.hostname = '127.0.0.1';
  url.port = String(hop.port);
  url.pathname = `/${database}`;
  server = await startOwnServer(await makeDataDir(), { DATABASE_URL: url.toString() });
});

test.afterAll(async () => {
  // Open again if a failed test left it cut, so the server can end its connections.
  await hop?.open();
  await server?.stop();
  await hop?.cut();
  await onPostgres(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
});

test('while PostgreSQL is out of reach a page answers 503 with Retry-After and the error page, then serves again', async ({
  page,
}) => {
  const explore = `${server!.url}/explore`;
  expect((await page.goto(explore))?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await hop!.cut();
  const during = await page.goto(explore);
  expect(during?.status()).toBe(503);
  expect(during?.headers()['retry-after']).toBe('5');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Something unexpected happened');
  await expect(page.getByText('We could not show this page. Please try again in a moment.')).toBeVisible();
  await expectNoAxeViolations(page);

  await hop!.open();
  expect((await page.goto(explore))?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Something unexpected happened');
});
