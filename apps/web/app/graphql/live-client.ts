import { createClient, type Client } from 'graphql-ws';
import { CHAT_READINESS_WAIT_MS, DATABASE_UNAVAILABLE_RETRY_AFTER_SECONDS } from '@plaza/core/constants';
import type { GraphQLResult } from '../context.ts';

/**
 * One graphql-ws connection per browser tab, to the server's own /graphql (the session cookie
 * rides on the upgrade request). It reconnects for ever with backoff; subscribers learn of each
 * (re)connection through `onLiveConnected` and subscribe again from their own cursor, so nothing
 * sent during a gap is missed and nothing is delivered twice.
 */
let client: Client | null = null;
let isConnected = false;
let lastClosedAt: number | null = null;
const connectedListeners = new Set<(gapMs: number | null) => void>();
const statusListeners = new Set<() => void>();

function notifyStatus() {
  for (const listener of statusListeners) listener();
}

export function liveClient(): Client {
  if (client) return client;
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  client = createClient({
    url: `${scheme}://${window.location.host}/graphql`,
    lazy: false,
    retryAttempts: Number.POSITIVE_INFINITY,
    shouldRetry: () => true,
    keepAlive: 20_000,
    retryWait: async (retries) => {
      const wait = Math.min(8000, 500 * 2 ** retries) * (0.75 + Math.random() / 2);
      await new Promise((resolve) => setTimeout(resolve, wait));
    },
  });
  client.on('connected', () => {
    isConnected = true;
    for (const entry of resumables) {
      if (entry.isUnavailable) resume(entry);
      else start(entry);
    }
    const gap = lastClosedAt === null ? null : Date.now() - lastClosedAt;
    for (const listener of connectedListeners) listener(gap);
    notifyStatus();
  });
  client.on('closed', () => {
    for (const entry of resumables) {
      entry.dispose?.();
      entry.dispose = null;
    }
    if (isConnected) lastClosedAt = Date.now();
    isConnected = false;
    notifyStatus();
  });
  return client;
}

/** Calls `listener` now if connected, and again after every reconnection (with the gap's length). */
export function onLiveConnected(listener: (gapMs: number | null) => void): () => void {
  liveClient();
  connectedListeners.add(listener);
  if (isConnected) listener(null);
  return () => connectedListeners.delete(listener);
}

export function subscribeLiveStatus(listener: () => void): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}

export function liveIsConnected(): boolean {
  return isConnected;
}

/** A query or mutation over the socket; refuses after the chat readiness wait (spec 9). */
export function liveRequest<TData>(
  query: string,
  variables: Record<string, unknown>,
): Promise<GraphQLResult<TData>> {
  const socket = liveClient();
  return new Promise((resolve, reject) => {
    let result: GraphQLResult<TData> | null = null;
    const timer = setTimeout(() => {
      dispose();
      reject(new Error('No connection to Plaza. Check your network and try again.'));
    }, CHAT_READINESS_WAIT_MS);
    const dispose = socket.subscribe<TData>(
      { query, variables },
      {
        next: (value) => {
          result = value as GraphQLResult<TData>;
        },
        error: (error) => {
          clearTimeout(timer);
          if (Array.isArray(error)) {
            resolve({ errors: error as GraphQLResult<TData>['errors'] });
            return;
          }
          reject(error instanceof Error ? error : new Error('The connection to Plaza failed.'));
        },
        complete: () => {
          clearTimeout(timer);
          resolve(result ?? { errors: [{ message: 'No answer from Plaza.' }] });
        },
      },
    );
  });
}

interface Resumable {
  query: string;
  variables: () => Record<string, unknown>;
  onData: (data: unknown) => void;
  onError: (message: string, code: string | null) => void;
  onResumed: () => void;
  /** Ended by the API with its database out of reach, and not yet running again. */
  isUnavailable: boolean;
  dispose: (() => void) | null;
}

const resumables = new Set<Resumable>();

/** A query whose answer needs what a subscription's start needs: the session read from the database. */
const PROBE = 'query LiveProbe { __typename }';

/**
 * Starts again a subscription the API could not start (code 503: its database out of reach). A
 * subscription says nothing when it starts, so a query over the same socket asks first whether the
 * API can serve again; until it can, it asks again after the server's Retry-After. Then the
 * subscriber hears that its subscription runs again (`onResumed`: a page stops saying the database
 * is out of reach), and it starts. The socket stays open meanwhile.
 */
function resume(entry: Resumable) {
  void liveRequest(PROBE, {}).then(
    (answer) => {
      if (!resumables.has(entry) || !isConnected) return;
      if (answer.errors?.length) {
        resumeLater(entry);
        return;
      }
      entry.isUnavailable = false;
      entry.onResumed();
      start(entry);
    },
    // No answer in time: asked again later; a socket that failed meanwhile resumes it on its
    // reconnection ('connected').
    () => {
      if (resumables.has(entry) && isConnected) resumeLater(entry);
    },
  );
}

function resumeLater(entry: Resumable) {
  window.setTimeout(() => {
    if (resumables.has(entry) && isConnected) resume(entry);
  }, DATABASE_UNAVAILABLE_RETRY_AFTER_SECONDS * 1000);
}

function start(entry: Resumable) {
  entry.dispose?.();
  entry.dispose = liveClient().subscribe(
    { query: entry.query, variables: entry.variables() },
    {
      next: (value) => {
        if (value.data) entry.onData(value.data);
        const first = value.errors?.[0];
        if (first) entry.onError(first.message, (first.extensions?.code as string | undefined) ?? null);
      },
      error: (error) => {
        if (Array.isArray(error)) {
          const first = error[0] as { message?: string; extensions?: { code?: string } } | undefined;
          const code = first?.extensions?.code ?? null;
          entry.onError(first?.message ?? 'Subscription refused', code);
          if (code === '503') {
            entry.isUnavailable = true;
            resumeLater(entry);
          }
        }
      },
      complete: () => undefined,
    },
  );
}

/**
 * A subscription that survives reconnections: when the socket drops it is disposed (so the library
 * does not replay it with stale variables), and on every reconnection it starts again with
 * `variables()` read afresh, e.g. `{ after: <the last revision the caller holds> }`.
 */
export function liveSubscribe<TData>(
  query: string,
  variables: () => Record<string, unknown>,
  onData: (data: TData) => void,
  onError: (message: string, code: string | null) => void,
  onResumed: () => void = () => undefined,
): () => void {
  liveClient();
  const entry: Resumable = {
    query,
    variables,
    onData: onData as (data: unknown) => void,
    onError,
    onResumed,
    isUnavailable: false,
    dispose: null,
  };
  resumables.add(entry);
  if (isConnected) start(entry);
  return () => {
    resumables.delete(entry);
    entry.dispose?.();
    entry.dispose = null;
  };
}

/** True while a connection that once worked is down (the page shows that it is reconnecting). */
export function liveIsReconnecting(): boolean {
  return !isConnected && lastClosedAt !== null;
}
