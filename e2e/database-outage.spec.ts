import { expect, test, type Browser, type Page, type WebSocketRoute } from '@playwright/test';
import pg from 'pg';
import { CuttableHop } from '../apps/server/test/support/cuttable-hop.ts';
import { expectNoAxeViolations } from './axe.ts';
import { finishOnboarding, fromOwnAddress, uniqueEmail } from './support/accounts.ts';
import { waitForHydration } from './support/hydration.ts';
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

/** A new person signed up on this spec's Plaza, on their chat home. */
async function signUpHere(browser: Browser, label: string): Promise<{ page: Page; username: string }> {
  const page = await (await browser.newContext()).newPage();
  await fromOwnAddress(page);
  const email = uniqueEmail(label);
  const since = Date.now();
  await page.goto(`${server!.url}/?signin=1&signup=1`);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await page.getByLabel('Your code', { exact: true }).fill(await server!.codeFor(email, since));
  await page.getByRole('button', { name: 'Continue' }).click();
  const username = await finishOnboarding(page);
  await expect(page).toHaveURL(/\/chat$/);
  return { page, username };
}

async function send(page: Page, text: string): Promise<void> {
  const input = page.getByRole('textbox', { name: /^Message / });
  await input.fill(text);
  await input.press('Enter');
}

test('a chat whose live feed could not start while the database was out of reach starts it again once it is back', async ({
  browser,
}) => {
  const ana = await signUpHere(browser, 'outage-ana');
  const ben = await signUpHere(browser, 'outage-ben');
  // Ana's WebSocket passes through the test, which can drop it as a network blip would.
  const sockets: WebSocketRoute[] = [];
  await ana.page.routeWebSocket(/\/graphql$/, (socket) => {
    socket.connectToServer();
    sockets.push(socket);
  });
  await ana.page.goto(`${server!.url}/${ben.username}`);
  await ana.page.getByRole('button', { name: 'Message' }).click();
  await expect(ana.page).toHaveURL(/\/chat\/d\/[A-Za-z0-9_-]+$/);
  await waitForHydration(ana.page);
  await ben.page.goto(`${server!.url}${new URL(ana.page.url()).pathname}`);
  await waitForHydration(ben.page);
  const anasLog = ana.page.getByRole('log', { name: /^Messages in / });
  await send(ben.page, 'Before the cut');
  await expect(anasLog.getByText('Before the cut')).toBeVisible();

  // The database goes out of reach, and Ana's socket drops: on its way back her chat's feed cannot
  // start, and she is told why.
  await hop!.cut();
  for (const socket of sockets.splice(0)) await socket.close({ code: 1001, reason: 'Going away' });
  await expect(
    ana.page.getByRole('alert').filter({ hasText: 'Plaza cannot reach its database right now.' }),
  ).toBeVisible({ timeout: 20_000 });

  // Meanwhile a signed-in page to load is the error page with 503, not the page as if signed out.
  const chatPath = new URL(ben.page.url()).pathname;
  const reloaded = await ben.page.reload();
  expect(reloaded?.status()).toBe(503);
  await expect(ben.page.getByRole('heading', { level: 1 })).toHaveText('Something unexpected happened');

  // Once it is back, the feed starts again by itself: the alert goes without a reload or a message,
  // and Ben's next message reaches her.
  await hop!.open();
  await expect(ana.page.getByRole('alert').filter({ hasText: 'cannot reach its database' })).toHaveCount(0, {
    timeout: 20_000,
  });
  await ben.page.goto(`${server!.url}${chatPath}`);
  await waitForHydration(ben.page);
  await send(ben.page, 'After the cut');
  await expect(anasLog.getByText('After the cut')).toBeVisible({ timeout: 20_000 });
});
