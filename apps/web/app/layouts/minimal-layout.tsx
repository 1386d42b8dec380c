import { Link, Outlet } from 'react-router';
import { BrandWordmark } from '../components/brand-logo.tsx';
import { buttonClass } from '../components/button-styles.ts';
import { ModalOutlet } from '../components/modal-outlet.tsx';
import { CHAT_HREF, SIGN_UP_HREF } from '../features/session/auth-links.ts';
import { useRootData } from '../root-data.ts';

/** Minimal layout (spec 2.2): dark, with a single call to action that depends on who is visiting. */
export default function MinimalLayout() {
  const isSignedIn = Boolean(useRootData()?.viewer);
  return (
    <div className="on-dark flex min-h-screen flex-col bg-plum text-on-plum">
      <header className="mx-auto flex h-18 w-full max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to="/" className="-m-1 rounded-xl p-1" aria-label="Plaza home">
          <BrandWordmark tone="light" />
        </Link>
        {isSignedIn ? (
          <Link to={CHAT_HREF} className={buttonClass('sun')}>
            Go to chat
          </Link>
        ) : (
          <Link to={SIGN_UP_HREF} className={buttonClass('sun')}>
            Sign up now
          </Link>
        )}
      </header>
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <ModalOutlet />
    </div>
  );
}
