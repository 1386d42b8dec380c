/**
 * Back closes an open modal without leaving the page (spec 2.3): each open dialog owns one extra
 * history entry with the same address. Back leaves that entry, and the popstate it fires closes
 * the dialog instead of reaching the router. A dialog closed another way (a button, Escape) gives
 * its entry back, unless a navigation has already put another entry on top.
 */

const STATE_KEY = 'plazaDialog';

interface OpenEntry {
  token: string;
  href: string;
  close: () => void;
}

/** Open entries, oldest first (a dialog opened from another sits on top of it). */
const open: OpenEntry[] = [];
/** Pops we cause ourselves when a dialog closed another way: the router must not see them. */
let ownPops = 0;
let listening = false;
let counter = 0;

function tokenOf(state: unknown): string | undefined {
  if (state && typeof state === 'object' && STATE_KEY in state) {
    const value = (state as Record<string, unknown>)[STATE_KEY];
    return typeof value === 'string' ? value : undefined;
  }
  return undefined;
}

function onPopState(event: PopStateEvent) {
  if (ownPops > 0) {
    ownPops -= 1;
    event.stopImmediatePropagation();
    return;
  }
  // The entry now shown belongs to the dialog of that token (or to none): close every dialog above it.
  const current = tokenOf(event.state);
  const depth = current ? open.findIndex((entry) => entry.token === current) + 1 : 0;
  if (depth >= open.length) return;
  const closing = open.splice(depth);
  // Same address: the page stays, so the router has nothing to do.
  if (closing.every((entry) => entry.href === window.location.href)) event.stopImmediatePropagation();
  for (const entry of closing.reverse()) entry.close();
}

/**
 * Pushes the dialog's history entry; `close` runs when Back leaves it. The returned function,
 * called when the dialog goes away, gives the entry back if it is still the one shown.
 */
export function ownHistoryEntry(close: () => void): () => void {
  if (!listening) {
    // Capture on window runs before the router's own popstate listener.
    window.addEventListener('popstate', onPopState, { capture: true });
    listening = true;
  }
  counter += 1;
  const entry: OpenEntry = {
    token: `d${Date.now().toString(36)}${counter}`,
    href: window.location.href,
    close,
  };
  const base: Record<string, unknown> =
    window.history.state && typeof window.history.state === 'object' ? window.history.state : {};
  window.history.pushState({ ...base, [STATE_KEY]: entry.token }, '');
  open.push(entry);

  return () => {
    const index = open.indexOf(entry);
    if (index < 0) return; // Back already left the entry.
    open.splice(index, 1);
    // A navigation or form sent in the same click may replace the entry or push its own above
    // it: the entry is given back once the router is idle, and only while it is still the one shown.
    window.setTimeout(
      () =>
        whenRouterIdle(() => {
          if (tokenOf(window.history.state) !== entry.token) return;
          ownPops += 1;
          window.history.back();
        }),
      0,
    );
  };
}

interface RouterState {
  navigation: { state: string };
  fetchers: Map<string, { state: string }>;
}

interface DataRouter {
  state: RouterState;
  subscribe(listener: (state: RouterState) => void): () => void;
}

function isBusy(state: RouterState): boolean {
  return state.navigation.state !== 'idle' || [...state.fetchers.values()].some((f) => f.state !== 'idle');
}

/** Runs `then` once React Router has no navigation or fetcher in flight (its history changes done). */
function whenRouterIdle(then: () => void): void {
  const router = (window as { __reactRouterDataRouter?: DataRouter }).__reactRouterDataRouter;
  if (!router || !isBusy(router.state)) {
    then();
    return;
  }
  const stop = router.subscribe((state) => {
    if (isBusy(state)) return;
    stop();
    then();
  });
}
