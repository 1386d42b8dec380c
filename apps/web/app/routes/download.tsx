import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowRightIcon, GlobeIcon } from '../components/icons.tsx';
import { HeroScene } from '../features/marketing/hero-scene.tsx';
import { pageMeta } from '../features/meta/page-meta.ts';
import { LOG_IN_HREF } from '../features/session/auth-links.ts';
import { SmsLinkForm } from '../features/sms/sms-link-form.tsx';

export const meta = pageMeta({
  title: 'Download the app',
  description:
    'Get Plaza for iPhone and Android, or use it on the web. Plans, groups and chat, wherever you are.',
  path: '/download',
});

const APP_STORE_URL = 'https://apps.apple.com/';
const PLAY_STORE_URL = 'https://play.google.com/store';

function StoreButton({
  href,
  small,
  large,
  children,
}: {
  href: string;
  small: string;
  large: string;
  children: ReactNode;
}) {
  return (
    <a
      href={href}
      className="inline-flex h-15 items-center gap-3 rounded-2xl bg-white px-5 text-plum shadow-lg transition-transform hover:-translate-y-0.5"
    >
      {children}
      <span className="text-left leading-tight">
        <span className="block text-xs font-medium">{small}</span>
        <span className="block text-lg font-bold">{large}</span>
      </span>
    </a>
  );
}

/** App download (spec 2.1, alias /dl): store links, the web, and a link by text message. */
export default function Download() {
  return (
    <div className="mx-auto grid max-w-6xl items-center gap-16 px-4 pt-8 pb-24 sm:px-6 sm:pt-16 lg:grid-cols-[1.1fr_1fr]">
      <div>
        <p className="text-sm font-bold tracking-widest text-sun uppercase">Download the app</p>
        <h1 className="mt-3 font-display text-[2.75rem] leading-[1.05] font-extrabold tracking-tight text-balance sm:text-6xl">
          Plaza, in your pocket
        </h1>
        <p className="mt-5 max-w-xl text-lg leading-relaxed text-on-plum-soft">
          Get a nudge before the plan starts, answer in one tap, and keep up with every group and plan chat.
          Free on iPhone and Android.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <StoreButton href={APP_STORE_URL} small="Download on the" large="App Store">
            <svg viewBox="0 0 24 24" className="size-7" fill="currentColor" aria-hidden="true">
              <path d="M16.4 12.6c0-2.3 1.9-3.4 2-3.5-1.1-1.6-2.8-1.8-3.4-1.8-1.4-.1-2.8.9-3.5.9-.7 0-1.8-.8-3-.8-1.6 0-3 .9-3.8 2.3-1.6 2.8-.4 7 1.2 9.3.8 1.1 1.7 2.4 2.9 2.3 1.2 0 1.6-.7 3-.7s1.8.7 3 .7c1.3 0 2.1-1.1 2.8-2.3.9-1.3 1.3-2.6 1.3-2.6s-2.5-1-2.5-3.8ZM14.1 5.8c.6-.8 1.1-1.8 1-2.8-.9 0-2 .6-2.7 1.4-.6.7-1.1 1.7-1 2.7 1 .1 2-.5 2.7-1.3Z" />
            </svg>
          </StoreButton>
          <StoreButton href={PLAY_STORE_URL} small="Get it on" large="Google Play">
            <svg viewBox="0 0 24 24" className="size-7" aria-hidden="true">
              <path d="M4 2.8v18.4c0 .3.3.5.6.4L14 12 4.6 2.4c-.3-.1-.6.1-.6.4Z" fill="#2A1B2E" />
              <path d="m14 12 3-3-11.3-6.5L14 12Z" fill="#9ED9C0" />
              <path d="m14 12-8.3 9.5L17 15l-3-3Z" fill="#E4572E" />
              <path d="m17 9-3 3 3 3 3.3-1.9c.9-.5.9-1.7 0-2.2L17 9Z" fill="#FFC857" />
            </svg>
          </StoreButton>
        </div>
        <p className="mt-6">
          <Link
            to={LOG_IN_HREF}
            className="inline-flex items-center gap-2 font-semibold text-on-plum underline-offset-4 hover:underline"
          >
            <GlobeIcon className="size-5 text-sun" /> Or use Plaza on the web{' '}
            <ArrowRightIcon className="size-4" />
          </Link>
        </p>
        <section
          aria-labelledby="text-link-title"
          className="mt-12 max-w-xl rounded-[2rem] bg-plum-soft p-6 ring-1 ring-white/10 sm:p-8"
        >
          <h2 id="text-link-title" className="font-display text-2xl font-bold">
            Text me the link
          </h2>
          <p className="mt-2 mb-5 text-on-plum-soft">
            On a computer right now? We'll send the download link to your phone. You can also use the{' '}
            <Link to="/sms" className="font-semibold text-sun underline underline-offset-2 hover:text-white">
              text-me page
            </Link>
            .
          </p>
          <SmsLinkForm result={undefined} />
        </section>
        <p className="mt-8 text-sm text-on-plum-soft">
          By installing Plaza you agree to the{' '}
          <Link to="/download-agreement" className="underline underline-offset-2 hover:text-white">
            download agreement
          </Link>
          .
        </p>
      </div>
      <div className="hidden px-10 lg:block">
        <HeroScene />
      </div>
    </div>
  );
}
