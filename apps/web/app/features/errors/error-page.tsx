import { Link } from 'react-router';
import { SiteFooter } from '../../components/site-footer.tsx';
import { SiteHeader } from '../../components/site-header.tsx';
import { buttonClass } from '../../components/button-styles.ts';
import { BrandWordmark } from '../../components/brand-logo.tsx';
import { useRootData } from '../../root-data.ts';
import { contactEmailFor } from '../session/contact-email.ts';
import type { ErrorDetails } from './error-details.ts';

function ErrorIllustration({ status }: { status: number }) {
  return (
    <svg viewBox="0 0 240 160" className="mx-auto h-36 w-auto" aria-hidden="true" focusable="false">
      <ellipse cx="120" cy="146" rx="92" ry="9" fill="#F6EADB" />
      <path d="M120 18c-26 0-47 20-47 45 0 33 47 65 47 65s47-32 47-65c0-25-21-45-47-45Z" fill="#E4572E" />
      <circle cx="120" cy="62" r="22" fill="#FFF8F0" />
      <text
        x="120"
        y="70"
        textAnchor="middle"
        fontSize="22"
        fontWeight="800"
        fill="#2A1B2E"
        fontFamily="inherit"
      >
        {status === 404 ? '?' : '!'}
      </text>
      <circle cx="52" cy="40" r="8" fill="#FFC857" />
      <circle cx="196" cy="54" r="6" fill="#9ED9C0" />
      <circle cx="186" cy="112" r="10" fill="#C9B6F2" />
    </svg>
  );
}

/** The error's picture, title, explanation and buttons, without the site frame. */
export function ErrorContent({ details }: { details: ErrorDetails }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center sm:py-24">
      <ErrorIllustration status={details.status} />
      <p className="mt-6 text-sm font-semibold tracking-widest text-coral-strong uppercase">
        Error {details.status}
      </p>
      <h1 className="mt-2 font-display text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
        {details.title}
      </h1>
      <p className="mt-4 text-lg text-ink-soft">{details.explanation}</p>
      <div className="mt-8 flex flex-wrap items-center justify-center gap-3">
        {details.action ? (
          <a href={details.action.href} className={buttonClass('primary', 'lg')}>
            {details.action.label}
          </a>
        ) : null}
        <Link to="/" className={buttonClass(details.action ? 'secondary' : 'primary', 'lg')}>
          Back to Plaza home
        </Link>
      </div>
      {details.rawMessage ? (
        <pre className="mt-10 overflow-x-auto rounded-2xl bg-plum p-4 text-left text-sm text-on-plum">
          {details.rawMessage}
        </pre>
      ) : null}
    </div>
  );
}

/** The error page of spec 2.4: in the site's frame, or alone for maintenance. */
export function ErrorPage({ details }: { details: ErrorDetails }) {
  const root = useRootData();
  if (details.isFullPage) {
    return (
      <div className="flex min-h-screen flex-col">
        <header className="mx-auto w-full max-w-6xl px-4 py-5 sm:px-6">
          <BrandWordmark />
        </header>
        <main id="main" tabIndex={-1} className="flex flex-1 items-center">
          <ErrorContent details={details} />
        </main>
      </div>
    );
  }
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader viewer={root?.viewer ?? null} />
      <main id="main" tabIndex={-1} className="flex-1">
        <ErrorContent details={details} />
      </main>
      <SiteFooter contactEmail={contactEmailFor(root)} />
    </div>
  );
}
