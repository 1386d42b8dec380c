import { useEffect, useId, useRef, useState, useSyncExternalStore, type RefObject } from 'react';
import { Link } from 'react-router';
import { CONSENT_FULL_MASK, CONSENT_PURPOSE, hasConsent } from '@plaza/core/cookie-consent';
import { ESSENTIAL_ONLY_MASK, OPTIONAL_CONSENT_PURPOSES } from '@plaza/core/consent';
import { buttonClass } from '../../components/button-styles.ts';
import type { ConsentState } from './consent.server.ts';
import {
  closeCookieSettings,
  isCookieSettingsOpen,
  readChosenMask,
  saveConsent,
  subscribeToConsent,
} from './consent-store.ts';

type OptionalPurpose = (typeof OPTIONAL_CONSENT_PURPOSES)[number];

const PURPOSE_TEXT: Record<OptionalPurpose, { title: string; description: string }> = {
  marketing: {
    title: 'Marketing',
    description: 'See whether our posts and campaigns elsewhere bring people to Plaza.',
  },
  personal: {
    title: 'Personal',
    description: 'Remember your preferences on this device between visits.',
  },
  analytics: {
    title: 'Analytics',
    description: 'Count which pages are visited, so we know what to make better.',
  },
};

/** Keeps the page's last lines and any focused field clear of the fixed banner (WCAG 2.4.11). */
function useReservedSpace(element: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const banner = element.current;
    if (!banner) return;
    const root = document.documentElement;
    const reserve = () => {
      const gap = window.innerHeight - banner.getBoundingClientRect().top;
      root.style.setProperty('--consent-banner-space', `${Math.max(0, Math.ceil(gap))}px`);
    };
    reserve();
    const observer = new ResizeObserver(reserve);
    observer.observe(banner);
    window.addEventListener('resize', reserve);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', reserve);
      root.style.removeProperty('--consent-banner-space');
    };
  }, [element]);
}

function PurposeSwitch({
  purpose,
  isOn,
  onChange,
}: {
  purpose: OptionalPurpose;
  isOn: boolean;
  onChange: (isOn: boolean) => void;
}) {
  const id = useId();
  const { title, description } = PURPOSE_TEXT[purpose];
  return (
    <li>
      <label htmlFor={id} className="flex cursor-pointer items-start justify-between gap-4 py-3">
        <span className="min-w-0">
          <span id={`${id}-title`} className="block font-semibold text-ink">
            {title}
          </span>
          <span id={`${id}-description`} className="mt-0.5 block text-sm leading-snug text-ink-soft">
            {description}
          </span>
        </span>
        <span className="relative mt-0.5 inline-flex shrink-0">
          <input
            id={id}
            type="checkbox"
            role="switch"
            className="peer h-7 w-12 cursor-pointer appearance-none rounded-full border-2 border-ink-soft bg-white transition-colors checked:border-coral-strong checked:bg-coral-strong"
            checked={isOn}
            aria-labelledby={`${id}-title`}
            aria-describedby={`${id}-description`}
            onChange={(event) => onChange(event.currentTarget.checked)}
          />
          {/* The knob shows the state by its place too, also in forced colours. */}
          <span
            aria-hidden="true"
            className="pointer-events-none absolute top-1.5 left-1.5 size-4 rounded-full bg-ink-soft transition-transform peer-checked:translate-x-5 peer-checked:bg-white forced-colors:bg-[CanvasText]"
          />
        </span>
      </label>
    </li>
  );
}

function CookieMark() {
  return (
    <svg viewBox="0 0 40 40" className="size-10 shrink-0" aria-hidden="true">
      <path
        d="M20 3a17 17 0 1 0 17 17 6 6 0 0 1-6.5-6A6 6 0 0 1 25 8a5 5 0 0 1-5-5Z"
        className="fill-sun stroke-plum"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <circle cx="13" cy="16" r="2.4" className="fill-plum" />
      <circle cx="22" cy="25" r="2.4" className="fill-coral-strong" />
      <circle cx="13" cy="27" r="1.8" className="fill-plum" />
      <circle cx="28" cy="19" r="1.6" className="fill-coral-strong" />
    </svg>
  );
}

function ConsentPanel({
  initialMask,
  environment,
  isReopened,
}: {
  initialMask: number;
  environment: string;
  isReopened: boolean;
}) {
  const [isChoosing, setIsChoosing] = useState(isReopened);
  const [mask, setMask] = useState(initialMask);
  const sectionRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstSwitchRef = useRef<HTMLUListElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const headingId = useId();
  useReservedSpace(sectionRef);

  useEffect(() => {
    if (!isReopened) return;
    openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    headingRef.current?.focus();
  }, [isReopened]);

  /** The banner is gone: focus goes back where the visitor opened it, else to the page. */
  function restoreFocus() {
    const opener = openerRef.current;
    if (opener?.isConnected) opener.focus();
    else document.getElementById('main')?.focus();
  }

  function choose(chosen: number) {
    saveConsent(chosen, environment);
    restoreFocus();
  }

  function showChoices() {
    setIsChoosing(true);
    requestAnimationFrame(() => firstSwitchRef.current?.querySelector('input')?.focus());
  }

  function toggle(purpose: OptionalPurpose, isOn: boolean) {
    setMask((current) => (isOn ? current | CONSENT_PURPOSE[purpose] : current & ~CONSENT_PURPOSE[purpose]));
  }

  return (
    <section
      ref={sectionRef}
      aria-labelledby={headingId}
      data-testid="consent-banner"
      data-consent-banner=""
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !isReopened) return;
        closeCookieSettings();
        restoreFocus();
      }}
      className="fixed inset-x-0 bottom-0 z-40 sm:inset-x-auto sm:bottom-4 sm:left-4 sm:w-[27rem]"
    >
      <div className="max-h-[85vh] overflow-y-auto rounded-t-3xl border border-line bg-white px-5 pt-5 pb-6 shadow-2xl shadow-plum/25 sm:rounded-3xl sm:p-6">
        <div className="flex items-center gap-3">
          <CookieMark />
          <h2
            ref={headingRef}
            id={headingId}
            tabIndex={-1}
            className="font-display text-xl font-extrabold tracking-tight text-ink"
          >
            Cookies, your call
          </h2>
        </div>
        <p className="mt-3 text-[0.9375rem] leading-relaxed text-ink-soft">
          Essential cookies keep you signed in and remember this choice. With your OK we also count visits,
          remember your preferences and see which campaigns work. No ads, no third-party trackers.{' '}
          <Link
            to="/privacy-policy#cookies"
            className="font-semibold text-coral-strong underline underline-offset-2 hover:text-ink"
          >
            How we use cookies
          </Link>
        </p>
        {isChoosing ? (
          <fieldset className="mt-3">
            <legend className="sr-only">Cookies you allow</legend>
            <ul ref={firstSwitchRef} className="divide-y divide-line border-y border-line">
              <li className="flex items-start justify-between gap-4 py-3">
                <span className="min-w-0">
                  <span className="block font-semibold text-ink">Essential</span>
                  <span className="mt-0.5 block text-sm leading-snug text-ink-soft">
                    Sign-in, security and this choice. Plaza does not work without them.
                  </span>
                </span>
                <span className="mt-1 shrink-0 text-sm font-semibold text-ink-soft">Always on</span>
              </li>
              {OPTIONAL_CONSENT_PURPOSES.map((purpose) => (
                <PurposeSwitch
                  key={purpose}
                  purpose={purpose}
                  isOn={hasConsent(mask, purpose)}
                  onChange={(isOn) => toggle(purpose, isOn)}
                />
              ))}
            </ul>
          </fieldset>
        ) : null}
        <div className="mt-5 grid grid-cols-2 gap-2">
          {isChoosing ? (
            <button
              type="button"
              className={`${buttonClass('primary')} col-span-2`}
              onClick={() => choose(mask)}
            >
              Save choices
            </button>
          ) : null}
          <button
            type="button"
            className={isChoosing ? buttonClass('secondary') : buttonClass('primary')}
            onClick={() => choose(CONSENT_FULL_MASK)}
          >
            Accept all
          </button>
          <button
            type="button"
            className={isChoosing ? buttonClass('secondary') : buttonClass('primary')}
            onClick={() => choose(ESSENTIAL_ONLY_MASK)}
          >
            Essential only
          </button>
          {isChoosing ? null : (
            <button type="button" className={`${buttonClass('ghost')} col-span-2`} onClick={showChoices}>
              Choose
            </button>
          )}
        </div>
      </div>
      {/* Parsed last: until it is, the banner stays hidden (app.css, [data-consent-banner]). */}
      <span data-consent-end="" hidden />
    </section>
  );
}

/**
 * The privacy consent banner (spec 2.4, 6): shown until the visitor chooses for the current
 * consent version, and again from the footer's "Cookie settings". The server render already knows
 * the choice from the cookie, so nobody who chose sees it flash.
 */
export function ConsentBanner({ state }: { state: ConsentState }) {
  const chosen = useSyncExternalStore(subscribeToConsent, readChosenMask, () => state.mask);
  const isReopened = useSyncExternalStore(subscribeToConsent, isCookieSettingsOpen, () => false);
  if (chosen !== null && !isReopened) return null;
  return (
    <ConsentPanel
      // A new key when reopened, so the panel starts from the stored choice.
      key={isReopened ? 'reopened' : 'first'}
      initialMask={chosen ?? state.defaultMask}
      environment={state.environment}
      isReopened={isReopened}
    />
  );
}
