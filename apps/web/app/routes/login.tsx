import { redirect, useNavigate, useSearchParams } from 'react-router';
import { SIGN_IN_ERROR_PROMPT } from '@plaza/core/error-messages';
import { isSafeRedirect, safeRedirect } from '@plaza/core/redirect';
import { CHAT_HOME, signInHref } from '@plaza/core/route-guard';
import { buttonClass } from '../components/button-styles.ts';
import { Dialog } from '../components/dialog.tsx';
import { pageMeta } from '../features/meta/page-meta.ts';
import { viewerContext } from '../features/session/viewer.server.ts';
import type { Route } from './+types/login';

export const meta = pageMeta({ title: 'Log in', path: '/login', noIndex: true });

/** The redirect-to value (a path plus hash, encoded once), when it is a safe internal address. */
function redirectTarget(url: URL): string | null {
  const value = url.searchParams.get('redirect-to');
  if (value === null) return null;
  if (isSafeRedirect(value)) return value;
  try {
    return isSafeRedirect(decodeURIComponent(value)) ? decodeURIComponent(value) : null;
  } catch {
    return null;
  }
}

/**
 * The sign-in page and callback (spec 2.1). Signed in: on to redirect-to (or chat). Signed out:
 * the sign-in modal, returning to redirect-to. With `error`, the sign-in error prompt (spec 8).
 * `cookie-sync` is accepted; with one app host the cookie is already shared.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (url.searchParams.has('error')) return null;
  const target = redirectTarget(url);
  if (context.get(viewerContext)) throw redirect(safeRedirect(target, CHAT_HOME));
  throw redirect(signInHref(target ?? '/'));
}

export default function Login() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const target = params.get('redirect-to');
  const tryAgain = () => {
    const next = new URLSearchParams();
    if (target) next.set('redirect-to', target);
    window.location.assign(next.size ? `/login?${next.toString()}` : '/login');
  };
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="font-display text-3xl font-extrabold tracking-tight">Log in</h1>
      <Dialog title="Sign-in problem" role="alertdialog" className="max-w-md">
        <div className="px-6 pt-2 pb-6">
          <p className="text-ink-soft">{SIGN_IN_ERROR_PROMPT}</p>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button type="button" className={buttonClass('secondary')} onClick={() => void navigate('/')}>
              Cancel
            </button>
            <button type="button" className={buttonClass('primary')} onClick={tryAgain} autoFocus>
              OK
            </button>
          </div>
        </div>
      </Dialog>
    </div>
  );
}
