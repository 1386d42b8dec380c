import net from 'node:net';
import { expect, test } from '@playwright/test';
import { BUSY_MESSAGE } from '@plaza/core/error-messages';
import { expectNoAxeViolations } from './axe.ts';
import { makeDataDir, startOwnServer, type OwnServer } from './support/own-server.ts';

// Load shedding of page loads (apps/server/src/http/load-shedding.ts): a server already answering
// as many requests as it takes at once (PLAZA_MAX_CONCURRENT_REQUESTS, here 2) answers a page load
// with a small page of its own at once. A Plaza of its own: the shared server's limit must stay out of reach.
let server: OwnServer;

test.describe.configure({ mode: 'serial', timeout: 90_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startOwnServer(await makeDataDir(), { PLAZA_MAX_CONCURRENT_REQUESTS: '2' });
});

test.afterAll(async () => {
  await server?.stop();
});

interface HeldRequest {
  socket: net.Socket;
  /** The server answered it (it refused it, as others were still in flight): not held. */
  answered: boolean;
}

/**
 * A GraphQL POST whose body never finishes arriving: the server counts it as being answered until
 * the socket closes.
 */
async function heldRequest(): Promise<HeldRequest> {
  const { hostname, port } = new URL(server.url);
  const socket = net.connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const held = { socket, answered: false };
  socket.on('data', () => (held.answered = true));
  socket.write(
    [
      'POST /graphql HTTP/1.1',
      `Host: ${hostname}:${port}`,
      `Origin: ${server.url}`,
      'Content-Type: application/json',
      'Content-Length: 200',
      '',
      '{"query":',
    ].join('\r\n'),
  );
  return held;
}

/**
 * Holds the server's whole limit (two requests) until the returned function is called. A request of
 * the test before may still be in flight when the first is sent: one the server refuses is sent again.
 */
async function holdTheServer(): Promise<() => Promise<void>> {
  let held: HeldRequest[] = [];
  await expect
    .poll(
      async () => {
        for (const refused of held.filter((each) => each.answered)) refused.socket.destroy();
        held = held.filter((each) => !each.answered);
        while (held.length < 2) held.push(await heldRequest());
        // The probe below must reach the server after the held ones: sent at once, it was sometimes
        // read first, and a held one refused in its place.
        await new Promise((resolve) => setTimeout(resolve, 250));
        // Full once a third API request is refused and neither held one was.
        const status = (await fetch(`${server.url}/api/auth/get-session`)).status;
        return status === 503 && held.every((each) => !each.answered);
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return async () => {
    await Promise.all(
      held.map(
        ({ socket }) => new Promise<void>((resolve) => socket.once('close', () => resolve()).destroy()),
      ),
    );
  };
}

/** The server's count of refused requests, from its metrics. */
async function shedCount(): Promise<number> {
  const metrics = await (await fetch(`${server.url}/metrics`)).text();
  return Number(/^plaza_shed_requests_total (\d+)/m.exec(metrics)?.[1] ?? 'NaN');
}

test('a page loaded while the server is full is a busy page with 503, then loads when asked again', async ({
  page,
}) => {
  const release = await holdTheServer();
  const refusedBefore = await shedCount();

  const response = await page.goto(`${server.url}/faq?from=busy`);
  expect(response?.status()).toBe(503);
  expect(response?.headers()['retry-after']).toBe('2');
  await expect(page.getByRole('heading', { level: 1, name: 'Something unexpected happened' })).toBeVisible();
  await expect(page.getByText(BUSY_MESSAGE)).toBeVisible();
  // The server answered it alone: no page of the app, no script.
  await expect(page.getByRole('heading', { name: 'Questions, answered' })).toHaveCount(0);
  await expect(page.locator('script')).toHaveCount(0);
  expect(response?.headers()['cache-control']).toBe('no-store');
  const again = page.getByRole('link', { name: 'Try again' });
  await expect(again).toHaveAttribute('href', '/faq?from=busy');
  await expectNoAxeViolations(page);
  expect(await shedCount()).toBe(refusedBefore + 1);

  // Static files (the page's icon) and a route's data are still served.
  const icon = await fetch(`${server.url}/favicon.svg`, { headers: { accept: 'image/*' } });
  expect(icon.status).toBe(200);
  const data = await fetch(`${server.url}/faq.data`, { headers: { accept: '*/*' } });
  expect(data.status).toBe(200);

  await release();
  await again.click();
  await expect(page).toHaveURL(`${server.url}/faq?from=busy`);
  await expect(page.getByRole('heading', { level: 1, name: 'Questions, answered' })).toBeVisible();
  const reloaded = await page.reload();
  expect(reloaded?.status()).toBe(200);
});

test('a form posted while the server is full is still served: what someone wrote is not refused', async () => {
  const release = await holdTheServer();
  try {
    // A search posted as a document (a form before hydration) is counted, not refused.
    const posted = await fetch(`${server.url}/faq`, {
      method: 'POST',
      headers: {
        accept: 'text/html',
        origin: server.url,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'intent=nothing',
    });
    expect(posted.status).not.toBe(503);
    const loaded = await fetch(`${server.url}/faq`, { headers: { accept: 'text/html' } });
    expect(loaded.status).toBe(503);
    expect(await loaded.text()).not.toContain(BUSY_MESSAGE.slice(0, 0) + 'Questions, answered');
  } finally {
    await release();
  }
});
