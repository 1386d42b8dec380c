/**
 * Web Push in this browser (decision 0014): the service worker at /sw.js shows what Plaza sends
 * and opens its page when clicked. Everything here runs in the browser only.
 */
export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window &&
    window.isSecureContext
  );
}

async function registration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration('/');
  if (existing) return existing;
  await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  return navigator.serviceWorker.ready;
}

export async function currentPushState(): Promise<{ state: PushState; endpoint: string | null }> {
  if (!pushSupported()) return { state: 'unsupported', endpoint: null };
  if (Notification.permission === 'denied') return { state: 'denied', endpoint: null };
  const existing = await navigator.serviceWorker.getRegistration('/');
  const subscription = await existing?.pushManager.getSubscription();
  return subscription && Notification.permission === 'granted'
    ? { state: 'on', endpoint: subscription.endpoint }
    : { state: 'off', endpoint: null };
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** Asks the browser's permission and subscribes; answers the subscription to register with Plaza. */
export async function subscribeThisBrowser(publicKey: string): Promise<PushSubscriptionJSON | 'denied'> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  const worker = await registration();
  const existing = await worker.pushManager.getSubscription();
  const subscription =
    existing ??
    (await worker.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    }));
  return subscription.toJSON();
}

/** Drops this browser's subscription; answers its endpoint so Plaza forgets it too. */
export async function unsubscribeThisBrowser(): Promise<string | null> {
  const existing = await navigator.serviceWorker.getRegistration('/');
  const subscription = await existing?.pushManager.getSubscription();
  if (!subscription) return null;
  const { endpoint } = subscription;
  await subscription.unsubscribe();
  return endpoint;
}

/**
 * Before signing out: this browser stops receiving the person's notifications, on the server and
 * in the browser, so the next person on it neither sees them nor finds the endpoint taken.
 * Never throws: signing out must not depend on it.
 */
export async function forgetPushBeforeSignOut(): Promise<void> {
  if (!pushSupported()) return;
  try {
    const existing = await navigator.serviceWorker.getRegistration('/');
    const subscription = await existing?.pushManager.getSubscription();
    if (!subscription) return;
    await graphqlCall('mutation ($endpoint: String!) { unsubscribePush(endpoint: $endpoint) }', {
      endpoint: subscription.endpoint,
    });
    await subscription.unsubscribe();
  } catch {
    // The server drops the endpoint itself when the push service later answers 404 or 410.
  }
}

type PushAnswer = { ok: true } | { ok: false; code: string | null; message: string };

async function graphqlCall(query: string, variables: Record<string, unknown>): Promise<PushAnswer> {
  const response = await fetch('/graphql', {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json().catch(() => null)) as {
    errors?: Array<{ message: string; extensions?: { code?: string } }>;
  } | null;
  const error = body?.errors?.[0];
  if (!response.ok && !error)
    return { ok: false, code: null, message: 'Plaza could not be reached. Try again.' };
  return error ? { ok: false, code: error.extensions?.code ?? null, message: error.message } : { ok: true };
}

function registerWithPlaza(subscription: PushSubscriptionJSON): Promise<PushAnswer> {
  return graphqlCall(
    'mutation ($subscription: PushSubscriptionInput!) { subscribePush(subscription: $subscription) }',
    {
      subscription: {
        endpoint: subscription.endpoint ?? '',
        keys: { p256dh: subscription.keys?.p256dh ?? '', auth: subscription.keys?.auth ?? '' },
        userAgent: navigator.userAgent.slice(0, 300),
      },
    },
  );
}

/**
 * Turns push on for the signed-in person in this browser. A subscription left by someone else who
 * used this browser is replaced by a fresh one (Plaza refuses to move an endpoint between people).
 */
export async function turnOnPush(
  publicKey: string,
): Promise<{ state: PushState; endpoint: string | null; problem: string | null }> {
  const first = await subscribeThisBrowser(publicKey);
  if (first === 'denied') return { state: 'denied', endpoint: null, problem: null };
  let answer = await registerWithPlaza(first);
  let endpoint = first.endpoint ?? null;
  if (!answer.ok && answer.code === 'FORBIDDEN') {
    await unsubscribeThisBrowser();
    const fresh = await subscribeThisBrowser(publicKey);
    if (fresh === 'denied') return { state: 'denied', endpoint: null, problem: null };
    answer = await registerWithPlaza(fresh);
    endpoint = fresh.endpoint ?? null;
  }
  if (!answer.ok) return { state: 'off', endpoint: null, problem: answer.message };
  return { state: 'on', endpoint, problem: null };
}

/** Turns push off in this browser and tells Plaza to forget the endpoint. */
export async function turnOffPush(knownEndpoint: string | null): Promise<void> {
  const endpoint = (await unsubscribeThisBrowser()) ?? knownEndpoint;
  if (endpoint)
    await graphqlCall('mutation ($endpoint: String!) { unsubscribePush(endpoint: $endpoint) }', { endpoint });
}
