import { Suspense, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { avatarColor, avatarInitials, uploadedImageSrcSet } from '@plaza/core/avatar';
import { searchPath } from '@plaza/core/search-path';
import type { Viewer } from '../root-data.ts';
import { CHAT_HREF, LOG_IN_HREF, SIGN_UP_HREF } from '../features/session/auth-links.ts';
import { ActivityBell } from '../features/activity/activity-bell.tsx';
import { lazyPart } from '../features/errors/lazy-part.ts';
import { BrandWordmark } from './brand-logo.tsx';
import { buttonClass } from './button-styles.ts';
import { PlusIcon } from './icons.tsx';
import { useDismiss } from './use-dismiss.ts';

// Opens only from the account menu, which starts loading it.
const SignOutDialog = lazyPart(
  async () => (await import('../features/session/sign-out-dialog.tsx')).SignOutDialog,
);

const MAIN_LINKS = [
  { to: '/explore', label: 'Explore' },
  { to: '/#how-it-works', label: 'How it works' },
  { to: '/creators', label: 'Creators' },
  { to: '/faq', label: 'FAQ' },
  { to: '/download', label: 'Get the app' },
];

function SignedOutActions() {
  return (
    <div className="flex items-center gap-1.5 sm:gap-2">
      <Link to={LOG_IN_HREF} className={buttonClass('ghost')}>
        Log in
      </Link>
      <Link to={SIGN_UP_HREF} className={buttonClass('primary')}>
        Sign up
      </Link>
    </div>
  );
}

function ViewerAvatar({ viewer, className }: { viewer: Viewer; className: string }) {
  const color = avatarColor(viewer.id);
  if (viewer.image)
    return (
      <img
        src={viewer.image}
        srcSet={uploadedImageSrcSet(viewer.image)}
        alt=""
        className={`${className} object-cover`}
      />
    );
  return (
    <span
      className={`${className} grid place-items-center font-bold`}
      style={{ background: color.background, color: color.text }}
    >
      {avatarInitials(viewer)}
    </span>
  );
}

/** The search box of spec 2.2: submits only non-empty text, to /s/<text>. */
function SearchBox() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  return (
    <form
      role="search"
      // Without scripts (or before they run) the box asks /s?q=, which goes on to /s/<text>.
      action="/s"
      method="get"
      className="relative min-w-0 flex-1 max-[420px]:hidden sm:max-w-sm"
      onSubmit={(event) => {
        event.preventDefault();
        // The box as it is on screen: text typed while the page hydrated reaches the state only once
        // it has (early-input.ts), and an Enter in that moment must not search for nothing.
        const query = String(new FormData(event.currentTarget).get('q') ?? '').trim();
        if (query) void navigate(searchPath(null, query));
      }}
    >
      <label htmlFor="site-search" className="sr-only">
        Search
      </label>
      <svg
        viewBox="0 0 24 24"
        className="pointer-events-none absolute top-1/2 left-3.5 size-4.5 -translate-y-1/2 text-ink-soft"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        aria-hidden="true"
      >
        <circle cx="11" cy="11" r="6.5" />
        <path d="m16 16 4 4" strokeLinecap="round" />
      </svg>
      <input
        id="site-search"
        type="search"
        name="q"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Search Plaza"
        className="h-10 w-full rounded-full border-2 border-line bg-white pr-4 pl-10 text-[0.9375rem] text-ink placeholder:text-ink-soft focus:border-coral-strong focus:outline-none"
      />
    </form>
  );
}

function AccountMenu({ viewer }: { viewer: Viewer }) {
  const [isOpen, setIsOpen] = useState(false);
  const [isSigningOut, setIsSigningOut] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);
  useDismiss(isOpen, menuRef, () => setIsOpen(false));
  const itemClass =
    'flex w-full items-center rounded-xl px-3 py-2.5 text-left text-[0.9375rem] font-semibold text-ink hover:bg-sand';
  return (
    <div ref={menuRef} className="relative">
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls="account-menu"
        onClick={() => {
          SignOutDialog.preload();
          setIsOpen((open) => !open);
        }}
        className="rounded-full ring-2 ring-transparent hover:ring-coral-soft"
      >
        <span className="sr-only">Your account, {viewer.fullName}</span>
        <ViewerAvatar viewer={viewer} className="size-10 rounded-full" />
      </button>
      <div
        id="account-menu"
        hidden={!isOpen}
        className="absolute right-0 mt-2 w-60 rounded-2xl border border-line bg-white p-2 shadow-xl shadow-plum/10"
      >
        <div className="border-b border-line px-3 pt-1 pb-3">
          <p className="truncate font-bold text-ink">{viewer.fullName}</p>
          <p className="truncate text-sm text-ink-soft">@{viewer.username}</p>
        </div>
        <ul className="pt-2">
          <li>
            <Link to={`/${viewer.username}`} className={itemClass} onClick={() => setIsOpen(false)}>
              Your public profile
            </Link>
          </li>
          <li>
            <Link to="/profile/friends" className={itemClass} onClick={() => setIsOpen(false)}>
              Friends
            </Link>
          </li>
          <li>
            <Link to="/explore" className={itemClass} onClick={() => setIsOpen(false)}>
              Explore
            </Link>
          </li>
          <li>
            <Link to="/community" className={itemClass} onClick={() => setIsOpen(false)}>
              Groups
            </Link>
          </li>
          <li>
            <Link to="/profile" className={itemClass} onClick={() => setIsOpen(false)}>
              Settings
            </Link>
          </li>
          <li>
            <Link to="/profile/notifications" className={itemClass} onClick={() => setIsOpen(false)}>
              Notifications
            </Link>
          </li>
          {viewer.isAdmin ? (
            <li>
              <Link to="/admin/reports" className={itemClass} onClick={() => setIsOpen(false)}>
                Moderation
              </Link>
            </li>
          ) : null}
          <li>
            <button
              type="button"
              className={itemClass}
              onClick={() => {
                setIsOpen(false);
                setIsSigningOut(true);
              }}
            >
              Sign out
            </button>
          </li>
        </ul>
      </div>
      {isSigningOut ? (
        <Suspense fallback={null}>
          <SignOutDialog onClose={() => setIsSigningOut(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}

function SignedInActions({
  viewer,
  showsSearch,
  showsChatLink,
}: {
  viewer: Viewer;
  showsSearch: boolean;
  showsChatLink: boolean;
}) {
  return (
    <div className="flex min-w-0 flex-1 items-center justify-end gap-2 sm:gap-3">
      {showsSearch ? <SearchBox /> : null}
      <Link
        to="/event/create"
        className={`${buttonClass('secondary')} max-sm:w-10 max-sm:px-0`}
        aria-label="New plan"
      >
        <PlusIcon className="size-4" />
        <span className="hidden sm:inline" aria-hidden="true">
          New plan
        </span>
      </Link>
      {showsChatLink ? (
        <span className="hidden md:block">
          <Link to={CHAT_HREF} className={buttonClass('primary')}>
            Go to chat
          </Link>
        </span>
      ) : null}
      <ActivityBell initialCount={viewer.unreadActivityCount} />
      <AccountMenu viewer={viewer} />
    </div>
  );
}

/** Default-layout header (spec 2.2): brand link home, then Log in and Sign up, or the viewer's own actions. */
export function SiteHeader({ viewer }: { viewer: Viewer | null }) {
  const { pathname } = useLocation();
  const showsSearch = !/^\/s(?:\/|$)/.test(pathname);
  const isChat = /^\/chat(?:\/|$)/.test(pathname);
  return (
    <header className="sticky top-0 z-30 border-b border-line/70 bg-cream/95">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to="/" className="-m-1 rounded-xl p-1" aria-label="Plaza home">
          <BrandWordmark />
        </Link>
        <nav aria-label="Main" className={viewer ? 'hidden xl:block' : 'hidden md:block'}>
          <ul className="flex items-center gap-1">
            {MAIN_LINKS.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="rounded-full px-3 py-2 text-[0.9375rem] font-medium text-ink-soft hover:bg-ink/5 hover:text-ink"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {viewer ? (
          <SignedInActions viewer={viewer} showsSearch={showsSearch} showsChatLink={!isChat} />
        ) : (
          <SignedOutActions />
        )}
      </div>
    </header>
  );
}
