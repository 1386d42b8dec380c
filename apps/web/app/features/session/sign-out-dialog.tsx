import { useState } from 'react';
import { SIGNED_OUT_NOTICE } from '@plaza/core/error-messages';
import { buttonClass } from '../../components/button-styles.ts';
import { Dialog } from '../../components/dialog.tsx';
import { forgetPushBeforeSignOut } from '../../components/push-device.ts';
import { signOut } from './auth-api.ts';
import { PENDING_TOAST_KEY } from './session-keys.ts';

/** Ends the session everywhere in this browser, then shows the signed-out toast on the home page. */
export async function signOutAndGoHome(): Promise<void> {
  await forgetPushBeforeSignOut();
  await signOut();
  window.sessionStorage.setItem(PENDING_TOAST_KEY, SIGNED_OUT_NOTICE);
  window.location.assign('/');
}

/** The sign-out confirmation modal of spec 2.4. */
export function SignOutDialog({ onClose }: { onClose: () => void }) {
  const [isBusy, setIsBusy] = useState(false);
  return (
    <Dialog title="Sign out of Plaza?" onClose={onClose} className="max-w-md">
      <div className="px-6 pt-2 pb-6">
        <p className="text-ink-soft">You can sign in again any time with a code.</p>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={onClose} className={buttonClass('secondary')}>
            Stay signed in
          </button>
          <button
            type="button"
            disabled={isBusy}
            onClick={() => {
              setIsBusy(true);
              void signOutAndGoHome();
            }}
            className={buttonClass('primary')}
          >
            {isBusy ? 'Signing out…' : 'Sign out'}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
