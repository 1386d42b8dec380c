/* global self */
// Plaza's service worker (decision 0014): shows the Web Push notifications of activities and opens
// their page when one is clicked. Served at /sw.js so its scope is the whole site. Plain JavaScript:
// it is copied as it is, not bundled.

const FALLBACK = { title: 'Plaza', body: 'Something new is waiting for you on Plaza.', url: '/' };
const SUBSCRIBE = `mutation ($s: PushSubscriptionInput!) { subscribePush(subscription: $s) }`;
const UNSUBSCRIBE = `mutation ($e: String!) { unsubscribePush(endpoint: $e) }`;

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** A URL of this site (the payload's or /), never another origin's. */
function ownUrl(raw) {
  try {
    const url = new URL(typeof raw === 'string' ? raw : '/', self.location.origin);
    return url.origin === self.location.origin ? url.href : new URL('/', self.location.origin).href;
  } catch {
    return new URL('/', self.location.origin).href;
  }
}

/** The server's payload {title, body, url, tag, icon, badge}; a generic notice when it is empty or unreadable. */
function messageOf(event) {
  let data;
  try {
    data = event.data ? event.data.json() : null;
  } catch {
    const text = event.data ? event.data.text() : '';
    data = text ? { body: text } : null;
  }
  if (!data || typeof data !== 'object') data = {};
  return {
    title: typeof data.title === 'string' && data.title ? data.title : FALLBACK.title,
    body: typeof data.body === 'string' && data.body ? data.body : FALLBACK.body,
    url: ownUrl(data.url ?? FALLBACK.url),
    tag: typeof data.tag === 'string' && data.tag ? data.tag : undefined,
    icon: typeof data.icon === 'string' ? data.icon : '/apple-touch-icon.png',
    badge: typeof data.badge === 'string' ? data.badge : undefined,
  };
}

self.addEventListener('push', (event) => {
  const message = messageOf(event);
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      icon: message.icon,
      badge: message.badge,
      tag: message.tag,
      // A folded repeat (same tag) replaces the notification shown and alerts again.
      renotify: Boolean(message.tag),
      data: { url: message.url },
    }),
  );
});

async function openPage(url) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const plaza = windows.filter((client) => new URL(client.url).origin === self.location.origin);
  const tab = plaza.find((client) => client.focused) ?? plaza[0];
  if (tab) {
    try {
      const focused = await tab.focus();
      if (tab.url === url) return;
      // navigate() only works for tabs this worker controls; otherwise open a new one.
      if (await (focused ?? tab).navigate(url)) return;
    } catch {
      // fall through to a new window
    }
  }
  await self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = ownUrl(event.notification.data && event.notification.data.url);
  event.waitUntil(openPage(url));
});

async function graphql(query, variables) {
  const response = await fetch('/graphql', {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
    body: JSON.stringify({ query, variables }),
  });
  return response.json();
}

function base64urlToBytes(text) {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/**
 * The browser replaced or dropped the subscription (expiry, key rotation): subscribe again with the
 * same server key, tell Plaza the new one and forget the old one. Needs the person's session cookie;
 * signed out, Plaza refuses and the old subscription simply lapses (its 410 removes it).
 */
self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(
    (async () => {
      const old = event.oldSubscription;
      let subscription = event.newSubscription;
      if (!subscription) {
        let key = old && old.options ? old.options.applicationServerKey : null;
        if (!key) {
          const answer = await graphql('{ pushPublicKey }', {});
          key = base64urlToBytes(answer.data.pushPublicKey);
        }
        subscription = await self.registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: key,
        });
      }
      const json = subscription.toJSON();
      await graphql(SUBSCRIBE, {
        s: {
          endpoint: json.endpoint,
          keys: { p256dh: json.keys.p256dh, auth: json.keys.auth },
          userAgent: self.navigator.userAgent,
        },
      });
      if (old && old.endpoint && old.endpoint !== json.endpoint) {
        await graphql(UNSUBSCRIBE, { e: old.endpoint });
      }
    })(),
  );
});
