import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SESSION_EXPIRED_HASH, sessionExpiredNotice } from '@plaza/core/error-messages';
import { decideRoute, routeAccessOf, withoutSignInParams } from '@plaza/core/route-guard';
import { buttonClass } from '../../components/button-styles.ts';
import { Dialog } from '../../components/dialog.tsx';
import { Toast } from '../../components/toast.tsx';
import { useRootData } from '../../root-data.ts';
import { PENDING_TOAST_KEY, SESSION_STORAGE_KEY, SIGN_IN_POPUP_NAME } from './auth-api.ts';
import { SignInModal } from './sign-in-modal.tsx';

const SESSION_CHECKED_KEY = 'plaza.session-checked';

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

  return (
    <>
      {viewer?.needsOnboarding ? (
        <SignInModal isSignUp onboardingViewer={viewer} oidc={root?.oidc ?? null} />
      ) : wantsSignIn ? (
        <SignInModal
          key={location.search}
          isSignUp={params.get('signup') === '1'}
          onboardingViewer={null}
          oidc={root?.oidc ?? null}
          wantsPopup={params.get('popup') === '1'}
          onClose={closeSignIn}
        />
      ) : null}
      {expiredNotice ? (
        <Dialog title="Please sign in again" onClose={() => setExpiredNotice(false)} className="max-w-md">
          <div className="px-6 pt-2 pb-6">
            <p className="text-ink-soft">{sessionExpiredNotice(root?.contactEmail ?? '')}</p>
            <div className="mt-6 flex justify-end">
              <button
                type="button"
                className={buttonClass('primary')}
                onClick={() => setExpiredNotice(false)}
              >
                OK
              </button>
            </div>
          </div>
        </Dialog>
      ) : null}
      {toast ? <Toast message={toast} onDone={dismissToast} /> : null}
    </>
  );
}
