import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ONE_TIME_CODE_LENGTH } from '@plaza/core/one-time-code';
import { PHONE_DEFAULT_COUNTRY, phoneCountries } from '@plaza/core/phone';
import { afterSignInTarget, type SignInPageModel } from '@plaza/core/route-guard';
import { useMatches } from 'react-router';
import { checkUsername as checkUsernameForm, isProvisionalUsername } from '@plaza/core/username';
import { BrandWordmark } from '../../components/brand-logo.tsx';
import { buttonClass } from '../../components/button-styles.ts';
import { INPUT_CLASS, LABEL_CLASS } from '../../components/form-styles.ts';
import { Dialog } from '../../components/dialog.tsx';
import { uploadImage } from '../../components/upload-image.ts';
import type { Viewer } from '../../root-data.ts';
import { planHref } from '../plans/plan-data.ts';
import { graphqlFromBrowser, postAuth, signInErrorText, type AuthAnswer } from './auth-api.ts';
import { SESSION_STORAGE_KEY, SIGN_IN_POPUP_NAME } from './session-keys.ts';

const RESEND_COOLDOWN_SECONDS = 30;
const USERNAME_CHECK_DELAY_MS = 400;

type Channel = 'email' | 'phone';
type Step =
  { name: 'contact' } | { name: 'code'; channel: Channel; address: string } | { name: 'onboarding' };

interface SignInAnswer {
  user?: { needsOnboarding?: boolean };
}

export interface SignInModalProps {
  isSignUp: boolean;
  /** The signed-in person who still has to finish onboarding, or null to start at sign-in. */
  onboardingViewer: Viewer | null;
  /** Name of the OpenID Connect provider ("Continue with <name>"), when this Plaza has one. */
  oidc: { name: string } | null;
  /** "Continue with" opens the provider in a popup even outside a frame (`?popup=1`). */
  wantsPopup?: boolean;
  onClose?: () => void;
}

/**
 * The model of the page the sign-in started from, as the signed-in person now sees it (spec 4):
 * on a plan with chat, the chat they may open now.
 */
async function signInPageModel(planKey: string | null): Promise<SignInPageModel | null> {
  if (!planKey) return null;
  const answer = await graphqlFromBrowser<{
    plan: { key: string; slug: string; chatKey: string | null } | null;
  }>('query SignedInPlan($key: String!) { plan(key: $key) { key slug chatKey } }', { key: planKey }).catch(
    () => null,
  );
  const plan = answer?.data?.plan;
  if (!plan) return null;
  return {
    kind: 'plan',
    path: planHref({ slug: plan.slug, key: plan.key }),
    chatHref: plan.chatKey ? `/chat/p/${encodeURIComponent(plan.chatKey)}` : null,
  };
}

async function goAfterSignIn(planKey: string | null) {
  window.localStorage.setItem(SESSION_STORAGE_KEY, 'signed-in');
  const model = await signInPageModel(planKey);
  window.location.assign(afterSignInTarget(window.location.pathname, window.location.search, model));
}

/** The key of the plan whose page is open, when that plan has a chat (spec 4.16). */
function usePlanWithChatKey(): string | null {
  const matches = useMatches();
  const data = matches.find((match) => match.id === 'routes/plan')?.loaderData as
    { plan?: { key: string; flags?: { chat?: boolean } } } | undefined;
  return data?.plan?.flags?.chat ? data.plan.key : null;
}

function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-2 text-sm font-semibold text-coral-strong" role="alert">
      {children}
    </p>
  );
}

/** The coloured half of the split modal: who is here and why it is worth joining. */
function WelcomePanel({ isSignUp }: { isSignUp: boolean }) {
  const faces = [
    { initial: 'M', bg: '#ffd9c9', fg: '#7a2810' },
    { initial: 'J', bg: '#d7f2e6', fg: '#1d5a40' },
    { initial: 'A', bg: '#ebe3ff', fg: '#3f2a7a' },
    { initial: 'S', bg: '#ffeebb', fg: '#6b4a00' },
  ];
  return (
    <div className="relative hidden overflow-hidden bg-plum p-8 text-on-plum md:flex md:flex-col md:justify-between">
      <div
        aria-hidden="true"
        className="absolute -top-16 -right-20 size-64 rounded-full bg-coral/40 blur-2xl"
      />
      <div
        aria-hidden="true"
        className="absolute -bottom-24 -left-16 size-72 rounded-full bg-sun/25 blur-2xl"
      />
      <div className="relative">
        <BrandWordmark tone="light" />
      </div>
      <div className="relative">
        <p className="font-display text-3xl leading-tight font-extrabold tracking-tight">
          {isSignUp ? 'Your people are out there. Go meet them.' : 'Good to see you again.'}
        </p>
        <p className="mt-3 text-on-plum-soft">
          Plans, groups and chats for doing things together, in person.
        </p>
        <div className="mt-6 flex items-center gap-3" aria-hidden="true">
          <span className="flex -space-x-2">
            {faces.map((face) => (
              <span
                key={face.initial}
                className="grid size-9 place-items-center rounded-full text-sm font-bold ring-2 ring-plum"
                style={{ background: face.bg, color: face.fg }}
              >
                {face.initial}
              </span>
            ))}
          </span>
          <span className="text-sm text-on-plum-soft">are going to something this week</span>
        </div>
      </div>
    </div>
  );
}

function ContactStep({
  isSignUp,
  oidc,
  wantsPopup,
  onSent,
}: {
  isSignUp: boolean;
  oidc: { name: string } | null;
  wantsPopup: boolean;
  onSent: (channel: Channel, address: string) => void;
}) {
  const [channel, setChannel] = useState<Channel>('email');
  const [email, setEmail] = useState('');
  const [country, setCountry] = useState<string>(PHONE_DEFAULT_COUNTRY);
  const [number, setNumber] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const countries = useMemo(() => phoneCountries(), []);
  const dialCode = countries.find((c) => c.code === country)?.dialCode ?? '+1';

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setIsBusy(true);
    const address = channel === 'email' ? email.trim() : `${dialCode}${number.replace(/\D/g, '')}`;
    const answer =
      channel === 'email'
        ? await postAuth('/api/auth/email-otp/send-verification-otp', { email: address, type: 'sign-in' })
        : await postAuth('/api/auth/phone-number/send-otp', { phoneNumber: address });
    setIsBusy(false);
    if (answer.ok) onSent(channel, address);
    else setError(signInErrorText(answer));
  }

  async function continueWithProvider() {
    setError(null);
    const callbackURL = afterSignInTarget(window.location.pathname, window.location.search);
    const answer = await postAuth<{ url: string }>('/api/auth/sign-in/social', {
      provider: 'oidc',
      callbackURL,
      errorCallbackURL: '/login',
    });
    if (!answer.ok) {
      setError(signInErrorText(answer));
      return;
    }
    // Spec 7.1: a 480x598 popup inside a frame or when asked; the opener follows through the
    // cross-tab session sync and the popup closes itself once signed in (SessionLayer).
    const inFrame = window.top !== window.self;
    const popup =
      inFrame || wantsPopup
        ? window.open(answer.data.url, SIGN_IN_POPUP_NAME, 'popup,width=480,height=598')
        : null;
    if (!popup) window.location.assign(answer.data.url);
  }

  const tabClass = (isOn: boolean) =>
    `flex-1 rounded-full px-4 py-2 text-sm font-bold transition-colors ${isOn ? 'bg-white text-ink shadow-sm' : 'text-ink-soft hover:text-ink'}`;

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      <div>
        <p className="font-display text-2xl font-extrabold tracking-tight sm:text-3xl">
          {isSignUp ? 'Join Plaza' : 'Log in to Plaza'}
        </p>
        <p className="mt-1.5 text-ink-soft">
          {isSignUp
            ? 'No password to remember: we send you a code.'
            : 'We send you a code, no password needed.'}
        </p>
      </div>
      <div role="group" aria-label="Get your code by" className="flex gap-1 rounded-full bg-sand p-1">
        <button
          type="button"
          aria-pressed={channel === 'email'}
          className={tabClass(channel === 'email')}
          onClick={() => setChannel('email')}
        >
          E-mail
        </button>
        <button
          type="button"
          aria-pressed={channel === 'phone'}
          className={tabClass(channel === 'phone')}
          onClick={() => setChannel('phone')}
        >
          Phone
        </button>
      </div>
      {channel === 'email' ? (
        <div>
          <label htmlFor="sign-in-email" className={LABEL_CLASS}>
            E-mail address
          </label>
          <input
            id="sign-in-email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            placeholder="you@example.org"
            className={INPUT_CLASS}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'sign-in-contact-error' : undefined}
          />
        </div>
      ) : (
        <div className="grid gap-3 sm:grid-cols-[minmax(0,10rem)_1fr] sm:gap-2">
          <div>
            <label htmlFor="sign-in-country" className={LABEL_CLASS}>
              Country
            </label>
            <select
              id="sign-in-country"
              value={country}
              onChange={(event) => setCountry(event.target.value)}
              className={`${INPUT_CLASS} px-3`}
              autoComplete="tel-country-code"
            >
              {countries.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name} ({c.dialCode})
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="sign-in-phone" className={LABEL_CLASS}>
              Phone number
            </label>
            <input
              id="sign-in-phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              required
              value={number}
              onChange={(event) => setNumber(event.target.value)}
              className={INPUT_CLASS}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'sign-in-contact-error' : undefined}
            />
          </div>
        </div>
      )}
      {error ? <FieldError id="sign-in-contact-error">{error}</FieldError> : null}
      <button type="submit" className={`${buttonClass('primary', 'lg')} w-full`} disabled={isBusy}>
        {isBusy ? 'Sending…' : 'Send me a code'}
      </button>
      {oidc ? (
        <>
          <div className="flex items-center gap-3 text-sm text-ink-soft" aria-hidden="true">
            <span className="h-px flex-1 bg-line" /> or <span className="h-px flex-1 bg-line" />
          </div>
          <button
            type="button"
            onClick={continueWithProvider}
            className={`${buttonClass('secondary', 'lg')} w-full`}
          >
            Continue with {oidc.name}
          </button>
        </>
      ) : null}
      <p className="text-xs leading-relaxed text-ink-soft">
        By continuing you agree to our{' '}
        <a href="/terms-of-service" className="font-semibold text-ink underline">
          Terms
        </a>{' '}
        and{' '}
        <a href="/privacy-policy" className="font-semibold text-ink underline">
          Privacy policy
        </a>
        .
      </p>
    </form>
  );
}

function CodeStep({
  channel,
  address,
  planKey,
  onBack,
  onOnboarding,
}: {
  channel: Channel;
  address: string;
  planKey: string | null;
  onBack: () => void;
  onOnboarding: () => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [cooldown, setCooldown] = useState(RESEND_COOLDOWN_SECONDS);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    inputRef.current?.focus();
  }, []);
  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = window.setTimeout(() => setCooldown((value) => value - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [cooldown]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    if (code.length !== ONE_TIME_CODE_LENGTH) {
      setError(`Enter the ${ONE_TIME_CODE_LENGTH}-digit code.`);
      return;
    }
    setIsBusy(true);
    const answer: AuthAnswer<SignInAnswer> =
      channel === 'email'
        ? await postAuth<SignInAnswer>('/api/auth/sign-in/email-otp', { email: address, otp: code })
        : await postAuth<SignInAnswer>('/api/auth/phone-number/verify', { phoneNumber: address, code });
    if (!answer.ok) {
      setIsBusy(false);
      setError(signInErrorText(answer));
      return;
    }
    if (answer.data.user?.needsOnboarding) {
      window.localStorage.setItem(SESSION_STORAGE_KEY, 'signed-in');
      onOnboarding();
    } else await goAfterSignIn(planKey);
  }

  async function resend() {
    setError(null);
    setNotice(null);
    const answer =
      channel === 'email'
        ? await postAuth('/api/auth/email-otp/send-verification-otp', { email: address, type: 'sign-in' })
        : await postAuth('/api/auth/phone-number/send-otp', { phoneNumber: address });
    if (answer.ok) {
      setNotice('We sent a new code.');
      setCooldown(RESEND_COOLDOWN_SECONDS);
    } else setError(signInErrorText(answer));
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      <div>
        <p className="font-display text-2xl font-extrabold tracking-tight sm:text-3xl">
          {channel === 'email' ? 'Check your e-mail' : 'Check your messages'}
        </p>
        <p className="mt-1.5 text-ink-soft">
          We sent a {ONE_TIME_CODE_LENGTH}-digit code to{' '}
          <strong className="break-all text-ink">{address}</strong>. It works for 10 minutes.
        </p>
      </div>
      <div>
        <label htmlFor="sign-in-code" className={LABEL_CLASS}>
          Your code
        </label>
        <input
          ref={inputRef}
          id="sign-in-code"
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={ONE_TIME_CODE_LENGTH}
          value={code}
          onChange={(event) => {
            setCode(event.target.value.replace(/\D/g, '').slice(0, ONE_TIME_CODE_LENGTH));
            setError(null);
          }}
          className={`${INPUT_CLASS} text-center font-mono text-2xl tracking-[0.5em]`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'sign-in-code-error' : undefined}
        />
        {error ? <FieldError id="sign-in-code-error">{error}</FieldError> : null}
        {notice ? (
          <p className="mt-2 text-sm font-semibold text-ink-soft" role="status">
            {notice}
          </p>
        ) : null}
      </div>
      <button type="submit" className={`${buttonClass('primary', 'lg')} w-full`} disabled={isBusy}>
        {isBusy ? 'Checking…' : 'Continue'}
      </button>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <button
          type="button"
          onClick={onBack}
          className="font-semibold text-ink-soft underline hover:text-ink"
        >
          {channel === 'email' ? 'Use another address' : 'Use another number'}
        </button>
        <button
          type="button"
          onClick={resend}
          disabled={cooldown > 0}
          className="font-semibold text-coral-strong underline disabled:text-ink-soft disabled:no-underline"
        >
          {cooldown > 0 ? `Send a new code in ${cooldown} s` : 'Send a new code'}
        </button>
      </div>
    </form>
  );
}

interface UsernameCheckAnswer {
  checkUsername: { username: string; isAvailable: boolean; message: string | null };
}

type UsernameState =
  { kind: 'idle' } | { kind: 'checking' } | { kind: 'ok' } | { kind: 'problem'; message: string };

/** The live username check: the form rules at once, then the server's answer after a pause. */
export function useUsernameCheck(username: string, own: string | null): UsernameState {
  const value = username.trim();
  const local = value && value !== own ? checkUsernameForm(value) : null;
  const needsServer = local?.valid === true;
  const [answer, setAnswer] = useState<{ username: string; state: UsernameState } | null>(null);
  useEffect(() => {
    if (!needsServer) return;
    let isCurrent = true;
    const timer = window.setTimeout(async () => {
      const result = await graphqlFromBrowser<UsernameCheckAnswer>(
        'query CheckUsername($username: String!) { checkUsername(username: $username) { username isAvailable message } }',
        { username: value },
      );
      if (!isCurrent) return;
      const check = result.data?.checkUsername;
      setAnswer({
        username: value,
        state: check?.isAvailable
          ? { kind: 'ok' }
          : { kind: 'problem', message: check?.message ?? 'That username is taken.' },
      });
    }, USERNAME_CHECK_DELAY_MS);
    return () => {
      isCurrent = false;
      window.clearTimeout(timer);
    };
  }, [value, needsServer]);
  if (!local) return { kind: 'idle' };
  if (!local.valid) return { kind: 'problem', message: local.message };
  return answer?.username === value ? answer.state : { kind: 'checking' };
}

export function UsernameHint({ state, id }: { state: UsernameState; id: string }) {
  if (state.kind === 'idle')
    return (
      <p id={id} className="mt-2 text-sm text-ink-soft">
        Letters, digits, _ and .
      </p>
    );
  if (state.kind === 'checking')
    return (
      <p id={id} className="mt-2 text-sm text-ink-soft" role="status">
        Checking…
      </p>
    );
  if (state.kind === 'ok')
    return (
      <p id={id} className="mt-2 text-sm font-semibold text-[#1d6b47]" role="status">
        ✓ That username is yours to take.
      </p>
    );
  return (
    <p id={id} className="mt-2 text-sm font-semibold text-coral-strong" role="alert">
      {state.message}
    </p>
  );
}

/** Sends a photo to /media/upload and gives back its path, or an error text. */
export function uploadAvatar(file: File): Promise<{ path: string } | { error: string }> {
  return uploadImage(file, 'avatar');
}

function OnboardingStep({ viewer, planKey }: { viewer: Viewer | null; planKey: string | null }) {
  const [first, setFirst] = useState(viewer?.first ?? '');
  const [last, setLast] = useState(viewer?.last ?? '');
  const initialUsername = viewer && !isProvisionalUsername(viewer.username) ? viewer.username : '';
  const [username, setUsername] = useState(initialUsername);
  const [image, setImage] = useState<string | null>(viewer?.image ?? null);
  const [error, setError] = useState<{ field: string | null; message: string } | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const usernameState = useUsernameCheck(username, null);

  async function choosePhoto(file: File | undefined) {
    if (!file) return;
    setPhotoError(null);
    const result = await uploadAvatar(file);
    if ('path' in result) setImage(result.path);
    else setPhotoError(result.error);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!first.trim()) {
      setError({ field: 'first', message: 'Tell us your first name.' });
      return;
    }
    if (!username.trim()) {
      setError({ field: 'username', message: 'Choose a username.' });
      return;
    }
    setIsBusy(true);
    const answer = await graphqlFromBrowser<{ updateProfile: { id: number } }>(
      'mutation Onboard($user: UpdateProfileInput!) { updateProfile(user: $user) { id } }',
      {
        user: {
          first: first.trim(),
          last: last.trim(),
          username: username.trim(),
          ...(image ? { image } : {}),
        },
      },
    );
    const problem = answer.errors?.[0];
    if (problem) {
      setIsBusy(false);
      setError({ field: problem.extensions?.field ?? null, message: problem.message });
      return;
    }
    await goAfterSignIn(planKey);
  }

  const fieldError = (field: string) => (error?.field === field ? error.message : null);
  const otherError =
    error && !['first', 'last', 'username'].includes(error.field ?? '') ? error.message : null;

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <div>
        <p className="font-display text-2xl font-extrabold tracking-tight sm:text-3xl">Nice to meet you!</p>
        <p className="mt-1.5 text-ink-soft">Tell people who you are, so friends can find you.</p>
      </div>
      <div className="flex items-center gap-4">
        <span className="grid size-18 shrink-0 place-items-center overflow-hidden rounded-full bg-coral-soft text-2xl font-extrabold text-coral-strong">
          {image ? (
            <img src={image} alt="Your photo" className="size-full object-cover" />
          ) : (
            (first.trim()[0]?.toUpperCase() ?? '🙂')
          )}
        </span>
        <div>
          <label
            className={`${buttonClass('secondary')} cursor-pointer focus-within:outline-3 focus-within:outline-coral-strong`}
          >
            {image ? 'Change photo' : 'Add a photo'}
            <input
              type="file"
              accept="image/*"
              className="sr-only"
              onChange={(event) => void choosePhoto(event.target.files?.[0])}
            />
          </label>
          <p className="mt-1 text-xs text-ink-soft">Optional</p>
          {photoError ? <FieldError id="onboarding-photo-error">{photoError}</FieldError> : null}
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="onboarding-first" className={LABEL_CLASS}>
            First name
          </label>
          <input
            id="onboarding-first"
            autoComplete="given-name"
            value={first}
            onChange={(event) => setFirst(event.target.value)}
            className={INPUT_CLASS}
            aria-invalid={fieldError('first') ? true : undefined}
            aria-describedby={fieldError('first') ? 'onboarding-first-error' : undefined}
          />
          {fieldError('first') ? (
            <FieldError id="onboarding-first-error">{fieldError('first')}</FieldError>
          ) : null}
        </div>
        <div>
          <label htmlFor="onboarding-last" className={LABEL_CLASS}>
            Last name
          </label>
          <input
            id="onboarding-last"
            autoComplete="family-name"
            value={last}
            onChange={(event) => setLast(event.target.value)}
            className={INPUT_CLASS}
          />
        </div>
      </div>
      <div>
        <label htmlFor="onboarding-username" className={LABEL_CLASS}>
          Username
        </label>
        <div className="relative">
          <span
            className="pointer-events-none absolute top-1/2 left-4 -translate-y-1/2 font-semibold text-ink-soft"
            aria-hidden="true"
          >
            @
          </span>
          <input
            id="onboarding-username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            className={`${INPUT_CLASS} pl-9`}
            aria-invalid={fieldError('username') || usernameState.kind === 'problem' ? true : undefined}
            aria-describedby="onboarding-username-hint"
          />
        </div>
        {fieldError('username') ? (
          <FieldError id="onboarding-username-hint">{fieldError('username')}</FieldError>
        ) : (
          <UsernameHint state={usernameState} id="onboarding-username-hint" />
        )}
      </div>
      {otherError ? <FieldError id="onboarding-error">{otherError}</FieldError> : null}
      <button
        type="submit"
        className={`${buttonClass('primary', 'lg')} mt-1 w-full`}
        disabled={isBusy || usernameState.kind === 'problem'}
      >
        {isBusy ? 'Saving…' : 'Continue'}
      </button>
    </form>
  );
}

/** The split sign-in / sign-up modal of spec 2.4 (steps: contact, code, onboarding). */
export function SignInModal({
  isSignUp,
  onboardingViewer,
  oidc,
  wantsPopup = false,
  onClose,
}: SignInModalProps) {
  const [step, setStep] = useState<Step>(onboardingViewer ? { name: 'onboarding' } : { name: 'contact' });
  const planKey = usePlanWithChatKey();
  const title =
    step.name === 'onboarding' ? 'Finish your profile' : isSignUp ? 'Sign up for Plaza' : 'Log in to Plaza';
  return (
    <Dialog
      title={title}
      hideTitle
      onClose={step.name === 'onboarding' ? undefined : onClose}
      ownsHistoryEntry={false}
      className="max-w-[54rem]"
    >
      <div className="grid md:min-h-[34rem] md:grid-cols-[5fr_6fr]">
        <WelcomePanel isSignUp={isSignUp || step.name === 'onboarding'} />
        <div className="flex flex-col justify-center px-6 pt-14 pb-7 sm:px-10 md:py-12">
          {step.name === 'contact' ? (
            <ContactStep
              isSignUp={isSignUp}
              oidc={oidc}
              wantsPopup={wantsPopup}
              onSent={(channel, address) => setStep({ name: 'code', channel, address })}
            />
          ) : step.name === 'code' ? (
            <CodeStep
              channel={step.channel}
              address={step.address}
              planKey={planKey}
              onBack={() => setStep({ name: 'contact' })}
              onOnboarding={() => setStep({ name: 'onboarding' })}
            />
          ) : (
            <OnboardingStep viewer={onboardingViewer} planKey={planKey} />
          )}
        </div>
      </div>
    </Dialog>
  );
}
