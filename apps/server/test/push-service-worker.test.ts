import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';

// apps/web/public/sw.js run in a bare context with stand-ins for the service-worker globals it uses.

const SOURCE = await readFile(fileURLToPath(new URL('../../web/public/sw.js', import.meta.url)), 'utf8');
const ORIGIN = 'https://plaza.test';

interface FakeWindow {
  url: string;
  focused: boolean;
  controlled: boolean;
  focusCalls: number;
  navigatedTo: string[];
}

function fakeWindow(url: string, options: { focused?: boolean; controlled?: boolean } = {}) {
  const state: FakeWindow = {
    url,
    focused: options.focused ?? false,
    controlled: options.controlled ?? true,
    focusCalls: 0,
    navigatedTo: [],
  };
  const client = {
    get url() {
      return state.url;
    },
    get focused() {
      return state.focused;
    },
    async focus() {
      state.focusCalls += 1;
      state.focused = true;
      return client;
    },
    async navigate(to: string) {
      if (!state.controlled) throw new TypeError('not controlled');
      state.navigatedTo.push(to);
      state.url = to;
      return client;
    },
  };
  return { client, state };
}

function loadWorker(windows: Array<ReturnType<typeof fakeWindow>['client']> = []) {
  const listeners = new Map<string, (event: unknown) => void>();
  const shown: Array<{ title: string; options: Record<string, unknown> }> = [];
  const opened: string[] = [];
  const posted: Array<{
    url: string;
    init: RequestInit;
    body: { query: string; variables: Record<string, unknown> };
  }> = [];
  const subscribeCalls: Array<{ userVisibleOnly: boolean; applicationServerKey: unknown }> = [];
  const self = {
    location: new URL(`${ORIGIN}/sw.js`),
    navigator: { userAgent: 'Worker UA' },
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    skipWaiting: async () => undefined,
    registration: {
      showNotification: async (title: string, options: Record<string, unknown>) => {
        shown.push({ title, options });
      },
      pushManager: {
        subscribe: async (options: { userVisibleOnly: boolean; applicationServerKey: unknown }) => {
          subscribeCalls.push(options);
          return {
            toJSON: () => ({ endpoint: 'https://push.example.com/new', keys: { p256dh: 'P', auth: 'A' } }),
          };
        },
      },
    },
    clients: {
      claim: async () => undefined,
      matchAll: async () => windows,
      openWindow: async (url: string) => {
        opened.push(url);
        return null;
      },
    },
  };
  const fetch = async (url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as { query: string; variables: Record<string, unknown> };
    posted.push({ url, init, body });
    const data = body.query.includes('pushPublicKey')
      ? { pushPublicKey: Buffer.from([4, 1, 2, 3]).toString('base64url') }
      : {};
    return { json: async () => ({ data }) };
  };
  vm.runInNewContext(SOURCE, { self, fetch, URL, atob, console });
  async function dispatch(type: string, event: Record<string, unknown>) {
    const waits: Promise<unknown>[] = [];
    const listener = listeners.get(type);
    if (!listener) throw new Error(`no ${type} listener`);
    listener({ ...event, waitUntil: (p: Promise<unknown>) => waits.push(p) });
    await Promise.all(waits);
  }
  return { dispatch, shown, opened, posted, subscribeCalls };
}

const pushData = (value: unknown) => ({
  json: () => (typeof value === 'string' ? JSON.parse(value) : value),
  text: () => (typeof value === 'string' ? value : JSON.stringify(value)),
});

describe('service worker: push', () => {
  it('shows the payload’s notification, its tag renotifying, the page in data', async () => {
    const sw = loadWorker();
    await sw.dispatch('push', {
      data: pushData({
        title: 'Ana Lima',
        body: 'Ana Lima wants to be your friend',
        url: `${ORIGIN}/user/ana`,
        tag: 'activity-7',
        icon: `${ORIGIN}/media/ana.webp`,
      }),
    });
    expect(sw.shown).toHaveLength(1);
    expect(sw.shown[0]!.title).toBe('Ana Lima');
    expect(sw.shown[0]!.options).toMatchObject({
      body: 'Ana Lima wants to be your friend',
      icon: `${ORIGIN}/media/ana.webp`,
      tag: 'activity-7',
      renotify: true,
      data: { url: `${ORIGIN}/user/ana` },
    });
  });

  it('an empty or unreadable payload still shows a notice (a push must show something)', async () => {
    const sw = loadWorker();
    await sw.dispatch('push', { data: null });
    await sw.dispatch('push', { data: pushData('not json') });
    expect(sw.shown.map((s) => s.title)).toEqual(['Plaza', 'Plaza']);
    expect(sw.shown[0]!.options).toMatchObject({ renotify: false, data: { url: `${ORIGIN}/` } });
    expect(sw.shown[1]!.options.body).toBe('not json');
  });

  it('a link to another site is replaced by the home page', async () => {
    const sw = loadWorker();
    await sw.dispatch('push', {
      data: pushData({ title: 'x', body: 'y', url: 'https://evil.example/phish' }),
    });
    expect(sw.shown[0]!.options.data).toEqual({ url: `${ORIGIN}/` });
  });
});

describe('service worker: notificationclick', () => {
  const click = (url: unknown) => {
    let closed = false;
    return {
      event: { notification: { data: { url }, close: () => (closed = true) } },
      closed: () => closed,
    };
  };

  it('closes the notification, focuses an open Plaza tab and navigates it', async () => {
    const other = fakeWindow('https://elsewhere.example/');
    const plaza = fakeWindow(`${ORIGIN}/chat`);
    const sw = loadWorker([other.client, plaza.client]);
    const c = click(`${ORIGIN}/user/ana`);
    await sw.dispatch('notificationclick', c.event);
    expect(c.closed()).toBe(true);
    expect(plaza.state.focusCalls).toBe(1);
    expect(plaza.state.navigatedTo).toEqual([`${ORIGIN}/user/ana`]);
    expect(other.state.focusCalls).toBe(0);
    expect(sw.opened).toEqual([]);
  });

  it('opens a window when no Plaza tab is open, or the tab cannot be navigated', async () => {
    const none = loadWorker([fakeWindow('https://elsewhere.example/').client]);
    await none.dispatch('notificationclick', click(`${ORIGIN}/plan/abc`).event);
    expect(none.opened).toEqual([`${ORIGIN}/plan/abc`]);

    const uncontrolled = fakeWindow(`${ORIGIN}/`, { controlled: false });
    const sw = loadWorker([uncontrolled.client]);
    await sw.dispatch('notificationclick', click(`${ORIGIN}/plan/abc`).event);
    expect(sw.opened).toEqual([`${ORIGIN}/plan/abc`]);
  });

  it('never opens another origin', async () => {
    const sw = loadWorker();
    await sw.dispatch('notificationclick', click('https://evil.example/').event);
    await sw.dispatch('notificationclick', click('javascript:alert(1)').event);
    expect(sw.opened).toEqual([`${ORIGIN}/`, `${ORIGIN}/`]);
  });
});

describe('service worker: pushsubscriptionchange', () => {
  it('subscribes again with the same server key, registers the new one and drops the old', async () => {
    const sw = loadWorker();
    const key = new Uint8Array([4, 9, 9]).buffer;
    await sw.dispatch('pushsubscriptionchange', {
      oldSubscription: { endpoint: 'https://push.example.com/old', options: { applicationServerKey: key } },
      newSubscription: null,
    });
    expect(sw.subscribeCalls).toEqual([{ userVisibleOnly: true, applicationServerKey: key }]);
    expect(sw.posted.map((p) => p.url)).toEqual(['/graphql', '/graphql']);
    expect(sw.posted[0]!.init.credentials).toBe('include');
    expect(sw.posted[0]!.body.query).toContain('subscribePush(subscription: $s)');
    expect(sw.posted[0]!.body.variables).toEqual({
      s: {
        endpoint: 'https://push.example.com/new',
        keys: { p256dh: 'P', auth: 'A' },
        userAgent: 'Worker UA',
      },
    });
    expect(sw.posted[1]!.body).toMatchObject({ variables: { e: 'https://push.example.com/old' } });
    expect(sw.posted[1]!.body.query).toContain('unsubscribePush');
  });

  it('without the old key, asks the server for pushPublicKey', async () => {
    const sw = loadWorker();
    await sw.dispatch('pushsubscriptionchange', { oldSubscription: null, newSubscription: null });
    expect(sw.posted[0]!.body.query).toContain('pushPublicKey');
    expect(Array.from(sw.subscribeCalls[0]!.applicationServerKey as Uint8Array)).toEqual([4, 1, 2, 3]);
    expect(sw.posted[1]!.body.query).toContain('subscribePush');
    expect(sw.posted).toHaveLength(2);
  });
});
