import { Suspense } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { ModalOutlet } from '../components/modal-outlet.tsx';
import { SiteFooter } from '../components/site-footer.tsx';
import { SiteHeader } from '../components/site-header.tsx';
import { openCookieSettings } from '../features/consent/consent-store.ts';
import { lazyPart } from '../features/errors/lazy-part.ts';
import { showsFooter } from '../features/layout/footer-visibility.ts';
import { contactEmailFor } from '../features/session/contact-email.ts';
import { CHAT_HREF } from '../features/session/auth-links.ts';
import { useRootData } from '../root-data.ts';

// Signed-in people only, and it shows nothing until its message has loaded.
const ComplianceModal = lazyPart(
  async () => (await import('../features/compliance/compliance-modal.tsx')).ComplianceModal,
);

function FloatingChatButton() {
  return (
    <Link
      to={CHAT_HREF}
      className="fixed right-5 bottom-5 z-30 grid size-14 place-items-center rounded-full bg-coral-strong text-white shadow-lg shadow-coral/40 hover:bg-ink"
      aria-label="Open chat"
    >
      <svg
        viewBox="0 0 24 24"
        className="size-6"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        aria-hidden="true"
      >
        <path d="M4 5h16v11H8l-4 4V5Z" strokeLinejoin="round" />
      </svg>
    </Link>
  );
}

/**
 * Default layout (spec 2.2): header, page, footer (not on chat routes), and a chat button once
 * signed in (not on chat routes either, where it would lead to the page itself).
 */
export default function DefaultLayout() {
  const root = useRootData();
  const { pathname } = useLocation();
  const viewer = root?.viewer ?? null;
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader viewer={viewer} />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      {showsFooter(pathname) ? (
        <SiteFooter contactEmail={contactEmailFor(root)} onCookieSettings={openCookieSettings} />
      ) : null}
      {viewer && showsFooter(pathname) ? <FloatingChatButton /> : null}
      {viewer && !viewer.needsOnboarding ? (
        <Suspense fallback={null}>
          <ComplianceModal key={viewer.id} />
        </Suspense>
      ) : null}
      <ModalOutlet />
    </div>
  );
}
