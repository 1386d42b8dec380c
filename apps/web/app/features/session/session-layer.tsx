import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SESSION_EXPIRED_HASH } from '@plaza/core/error-messages';
import { decideRoute, routeAccessOf, withoutSignInParams } from '@plaza/core/route-guard';
import { lazyPart } from '../errors/lazy-part.ts';
import { useRootData } from '../../root-data.ts';
import { PENDING_TOAST_KEY, SESSION_STORAGE_KEY, SIGN_IN_POPUP_NAME } from './session-keys.ts';

// Each of these shows only after an interaction or in a rare state, so its code (the sign-in
// modal brings the phone number tables) loads when it first shows.
const SignInModal = lazyPart(async () => (await import('./sign-in-modal.tsx')).SignInModal);
const SessionExpiredDialog = lazyPart(
  async () => (await import('./session-expired-dialog.tsx')).SessionExpiredDialog,
);
const Toast = lazyPart(async () => (await import('../../components/toast.tsx')).Toast);

/** The query that opens the sign-in modal (spec 2.3). */
const SIGN_IN_QUERY = /[?&]signin=1(&|$)/;

// A page opened at a sign-in address has the modal in its server HTML: load its code alongside
// hydration rather than after it, so the form answers sooner.
if (typeof window !== 'undefined' && SIGN_IN_QUERY.test(window.location.search)) SignInModal.preload();

const SESSION_CHECKED_KEY = 'plaza.session-checked';

/** Links that open the sign-in modal: `?signin=1` on any page. */
function opensSignIn(target: EventTarget | null): boolean {
  const link = target instanceof Element ? target.closest('a[href]') : null;
  return link !== null && SIGN_IN_QUERY.test(link.getAttribute('href') ?? '');
}

/** Loads the sign-in modal's code as soon as a pointer or the focus reaches a link that opens it. */
function usePreloadSignInOnIntent(isSignedIn: boolean) {
  useEffect(() => {
    if (isSignedIn) return;
    function onIntent(event: Event) {
      if (opensSignIn(event.target)) SignInModal.preload();
    }
    const events = ['pointerover', 'focusin', 'touchstart'] as const;
    for (const name of events) document.addEventListener(name, onIntent, { passive: true });
    return () => {
      for (const name of events) document.removeEventListener(name, onIntent);
    };
  }, [isSignedIn]);
}

/**
 * Everything the session does around the pages: the sign-in modal (opened by `?signin=1`), the
 * guard on client navigation, the #signedout notice, toasts, the same session in every tab, and
 * one get-session call per visit to keep the cookie alive.
 */
export function SessionLayer() {
  const root = useRootData();
  const viewer = root?.viewer ?? null;
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const wantsSignIn = !viewer && params.get('signin') === '1';
  const [toast, setToast] = useState<string | null>(null);
  const [expiredNotice, setExpiredNotice] = useState(false);
  const modalEntry = useRef(false);
  usePreloadSignInOnIntent(viewer !== null);

  // The guard of spec 2.3 on client navigation (the server applies it to every page and data request).
  useEffect(() => {
    const decision = decideRoute({
      pathname: location.pathname,
      search: location.search,
      hash: location.hash,
      isSignedIn: viewer !== null,
      access: routeAccessOf(location.pathname),
    });
    if (decision.kind === 'redirect') void navigate(decision.to, { replace: true });
  }, [location.pathname, location.search, location.hash, viewer, navigate]);

  useEffect(() => {
    if (location.hash !== SESSION_EXPIRED_HASH) return;
    const timer = window.setTimeout(() => {
      setExpiredNotice(true);
      void navigate(`${location.pathname}${location.search}`, { replace: true });
    }, 0);
    return () => window.clearTimeout(timer);
  }, [location.hash, location.pathname, location.search, navigate]);

  useEffect(() => {
    const pending = window.sessionStorage.getItem(PENDING_TOAST_KEY);
    if (!pending) return;
    const timer = window.setTimeout(() => {
      window.sessionStorage.removeItem(PENDING_TOAST_KEY);
      setToast(pending);
    }, 0);
    return () => window.clearTimeout(timer);
  }, []);

  // A sign-in or sign-out in another tab changes this key; this tab then loads its page again.
  useEffect(() => {
    const state = viewer ? 'signed-in' : 'signed-out';
    if (window.localStorage.getItem(SESSION_STORAGE_KEY) !== state) {
      window.localStorage.setItem(SESSION_STORAGE_KEY, state);
    }
    function onStorage(event: StorageEvent) {
      if (event.key !== SESSION_STORAGE_KEY || !event.newValue || event.newValue === state) return;
      window.location.reload();
    }
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [viewer]);

  // The "Continue with" popup has done its work once it lands signed in: the opener reloads
  // through the storage event above, so the popup closes.
  useEffect(() => {
    if (viewer && window.name === SIGN_IN_POPUP_NAME && window.opener) window.close();
  }, [viewer]);

  useEffect(() => {
    if (!viewer || window.sessionStorage.getItem(SESSION_CHECKED_KEY)) return;
    window.sessionStorage.setItem(SESSION_CHECKED_KEY, '1');
    void fetch('/api/auth/get-session', { credentials: 'same-origin' }).catch(() => undefined);
  }, [viewer]);

  const closeSignIn = useCallback(() => {
    if (modalEntry.current) {
      // Leaving the extra history entry fires popstate, which closes the modal below.
      window.history.back();
      return;
    }
    void navigate(withoutSignInParams(location.pathname, location.search), { replace: true });
  }, [location.pathname, location.search, navigate]);

  // Back while the modal is open closes it without navigating (spec 2.3): the modal owns one
  // extra history entry with the same address, so Back only leaves that entry.
  useEffect(() => {
    if (!wantsSignIn) return;
    if (!modalEntry.current) {
      window.history.pushState(window.history.state, '');
      modalEntry.current = true;
    }
    function onPopState() {
      if (!modalEntry.current) return;
      modalEntry.current = false;
      void navigate(withoutSignInParams(window.location.pathname, window.location.search), { replace: true });
    }
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [wantsSignIn, navigate]);

  const dismissToast = useCallback(() => setToast(null), []);

  // A boundary of its own for each part, so one loading never hides another already shown.
  return (
    <>
      {viewer?.needsOnboarding ? (
        <Suspense fallback={null}>
          <SignInModal isSignUp onboardingViewer={viewer} oidc={root?.oidc ?? null} />
        </Suspense>
      ) : wantsSignIn ? (
        <Suspense fallback={null}>
          <SignInModal
            key={location.search}
            isSignUp={params.get('signup') === '1'}
            onboardingViewer={null}
            oidc={root?.oidc ?? null}
            wantsPopup={params.get('popup') === '1'}
            onClose={closeSignIn}
          />
        </Suspense>
      ) : null}
      {expiredNotice ? (
        <Suspense fallback={null}>
          <SessionExpiredDialog
            contactEmail={root?.contactEmail ?? ''}
            onClose={() => setExpiredNotice(false)}
          />
        </Suspense>
      ) : null}
      {toast ? (
        <Suspense fallback={null}>
          <Toast message={toast} onDone={dismissToast} />
        </Suspense>
      ) : null}
    </>
  );
}
