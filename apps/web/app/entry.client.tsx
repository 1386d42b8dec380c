import { startTransition, StrictMode, useEffect, useLayoutEffect, useRef } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { guardRouteModuleLoads } from './features/errors/chunk-reload-guard.ts';
import { watchRequestErrorHeader } from './features/errors/request-error-header.ts';
import {
  replayEarlyInput,
  takeEarlyInput,
  watchChangesReactHears,
  type EarlyInput,
} from './features/hydration/early-input.ts';
import { markHydrated, markHydrating, replayEarlyTap } from './features/hydration/early-taps.ts';

// Before the router reads its module cache: a failed chunk reloads at most once a minute (spec 8).
guardRouteModuleLoads();
// Rate-limited GraphQL calls of loaders and actions open the error modal (spec 8 "Code 429").
watchRequestErrorHeader();

/**
 * Fields changed before hydration (typed, ticked, chosen, autofilled) are told to the page once
 * hydrated, unless React heard the change itself (a photo chosen while it hydrated,
 * watchChangesReactHears); then a script-only button pressed before is pressed again, or a form
 * whose submit needs its script submitted again (early-taps.ts). The fields are read in the
 * hydration's commit, before any render could put a field's old value back, and told in a microtask
 * after the passive effects: dispatched inside them, React would set each controlled field back to
 * its old value before rendering the change (as it does after every event), and a handler reading
 * its event later would read that.
 */
function KeepEarlyInput() {
  const early = useRef<EarlyInput[] | null>(null);
  useLayoutEffect(() => {
    early.current ??= takeEarlyInput(document);
  }, []);
  useEffect(() => {
    const changes = early.current ?? [];
    early.current = [];
    queueMicrotask(() => {
      replayEarlyInput(changes);
      // A button pressed or a form submitted before (decision 0030) acts on the fields as they were then.
      replayEarlyTap();
      markHydrated();
    });
  }, []);
  return null;
}

// A press or submit from now on is React's to hear (or replay); one made before is made again.
markHydrating();
// Likewise a select's or a file input's change, unless React held it back (early-input.ts).
watchChangesReactHears();
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
      <KeepEarlyInput />
    </StrictMode>,
  );
});
