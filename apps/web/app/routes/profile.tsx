import { useEffect, useState, type ReactNode } from 'react';
import { useFetcher, useLoaderData } from 'react-router';
import { avatarColor, avatarInitials, uploadedImageSrcSet } from '@plaza/core/avatar';
import { formatPhone } from '@plaza/core/phone';
import { buttonClass } from '../components/button-styles.ts';
import { INPUT_CLASS, LABEL_CLASS } from '../components/form-styles.ts';
import { plazaContext } from '../context.ts';
import { pageMeta } from '../features/meta/page-meta.ts';
import { loadMyOrganizations } from '../features/organizations/my-organizations.server.ts';
import { OrganizationSettings } from '../features/organizations/organization-settings.tsx';
import { runProfileAction, type ProfileActionResult } from '../features/profile/profile-action.server.ts';
import { UsernameHint, uploadAvatar, useUsernameCheck } from '../features/session/sign-in-modal.tsx';
import { signOutAndGoHome } from '../features/session/sign-out-dialog.tsx';
import { NO_PLACE, PlaceSearch } from '../features/plans/place-search.tsx';
import type { CalendarFeedAnswer } from './profile-calendar.ts';
import type { Route } from './+types/profile';

export const meta = pageMeta({ title: 'Your profile', path: '/profile', noIndex: true });

/** The profile's city (User.place): where explore and search look from by default. */
interface ProfilePlace {
  id: string;
  name: string;
  state: string | null;
  country: string | null;
  latitude: number | null;
  longitude: number | null;
  timezone: string | null;
}

interface ProfileAnswer {
  myself: {
    user: {
      id: number;
      key: string;
      username: string;
      first: string;
      last: string;
      fullName: string;
      image: string | null;
      bio: string;
      isPublic: boolean;
      isVerified: boolean;
      email: string | null;
      phone: string | null;
      birthday: string | null;
      pendingEmail: string | null;
      pendingPhone: string | null;
      place: ProfilePlace | null;
    };
  } | null;
  mySmsOptIn: { smsContactsOptin: boolean } | null;
  myCalendarFeed: { active: boolean; createdAt: string | null } | null;
}

const PROFILE = `query Profile {
  myself { user { id key username first last fullName image bio isPublic isVerified email phone birthday pendingEmail pendingPhone
    place { id name state country latitude longitude timezone } } }
  mySmsOptIn { smsContactsOptin }
  myCalendarFeed { active createdAt }
}`;

export async function loader({ context }: Route.LoaderArgs) {
  const [result, organizations] = await Promise.all([
    context.get(plazaContext).graphql<ProfileAnswer>(PROFILE),
    loadMyOrganizations(context.get(plazaContext)),
  ]);
  const user = result.data?.myself?.user;
  if (!user) throw new Response('Could not load your profile', { status: 500 });
  return {
    user,
    smsOptIn: result.data?.mySmsOptIn?.smsContactsOptin ?? false,
    calendarFeed: result.data?.myCalendarFeed ?? null,
    organizations,
  };
}

export async function action({ request, context }: Route.ActionArgs): Promise<ProfileActionResult> {
  return runProfileAction(await request.formData(), context);
}

type ProfileUser = Awaited<ReturnType<typeof loader>>['user'];

function Section({
  title,
  description,
  children,
  tone,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  tone?: 'danger';
}) {
  return (
    <section
      aria-labelledby={`section-${title.replace(/\W+/g, '-').toLowerCase()}`}
      className={`rounded-3xl border p-5 sm:p-7 ${tone === 'danger' ? 'border-coral/40 bg-coral-soft/30' : 'border-line bg-white'}`}
    >
      <h2
        id={`section-${title.replace(/\W+/g, '-').toLowerCase()}`}
        className="font-display text-xl font-extrabold tracking-tight"
      >
        {title}
      </h2>
      {description ? <p className="mt-1 text-ink-soft">{description}</p> : null}
      <div className="mt-5">{children}</div>
    </section>
  );
}

function Outcome({
  result,
  intent,
  id,
}: {
  result: ProfileActionResult | undefined;
  intent: string;
  id?: string;
}) {
  if (!result || result.intent !== intent) return null;
  if (result.ok)
    return result.message ? (
      <p className="text-sm font-semibold text-[#1d6b47]" role="status">
        ✓ {result.message}
      </p>
    ) : null;
  return (
    <p id={id} className="text-sm font-semibold text-coral-strong" role="alert">
      {result.message}
    </p>
  );
}

function fieldError(result: ProfileActionResult | undefined, intent: string, field: string): string | null {
  return result && !result.ok && result.intent === intent && result.field === field ? result.message : null;
}

function TextField(props: {
  name: string;
  label: string;
  defaultValue?: string | null;
  error?: string | null;
  type?: string;
  autoComplete?: string;
  inputMode?: 'numeric' | 'email' | 'tel';
  id: string;
}) {
  return (
    <div>
      <label htmlFor={props.id} className={LABEL_CLASS}>
        {props.label}
      </label>
      <input
        id={props.id}
        name={props.name}
        type={props.type ?? 'text'}
        defaultValue={props.defaultValue ?? ''}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        className={INPUT_CLASS}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${props.id}-error` : undefined}
      />
      {props.error ? (
        <p id={`${props.id}-error`} className="mt-2 text-sm font-semibold text-coral-strong">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

function PhotoCard({ user }: { user: ProfileUser }) {
  const fetcher = useFetcher<ProfileActionResult>();
  const [error, setError] = useState<string | null>(null);
  const color = avatarColor(user.id);
  return (
    <div className="flex flex-col items-center gap-5 text-center sm:flex-row sm:text-left">
      <span
        className="grid size-28 shrink-0 place-items-center overflow-hidden rounded-full text-4xl font-extrabold ring-4 ring-white shadow-lg shadow-plum/10"
        style={{ background: color.background, color: color.text }}
      >
        {user.image ? (
          <img
            src={user.image}
            srcSet={uploadedImageSrcSet(user.image)}
            alt="Your photo"
            className="size-full object-cover"
          />
        ) : (
          avatarInitials(user)
        )}
      </span>
      <div className="min-w-0">
        <h1 className="flex flex-wrap items-center justify-center gap-2 font-display text-3xl font-extrabold tracking-tight sm:justify-start sm:text-4xl">
          <span className="break-words">{user.fullName}</span>
          {user.isVerified ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-sky-soft px-2.5 py-1 text-sm font-bold text-[#0b4a6b]">
              <svg viewBox="0 0 20 20" className="size-4" fill="currentColor" aria-hidden="true">
                <path d="M10 1.5 12.4 3l2.8-.1.9 2.7 2.3 1.6-.9 2.7.9 2.7-2.3 1.6-.9 2.7-2.8-.1L10 18.5 7.6 17l-2.8.1-.9-2.7-2.3-1.6.9-2.7-.9-2.7 2.3-1.6.9-2.7L7.6 3 10 1.5Zm-1.1 11.3 5-5-1.1-1.1-3.9 3.9-1.8-1.8L6 9.9l2.9 2.9Z" />
              </svg>
              Verified
            </span>
          ) : null}
        </h1>
        <p className="mt-1 text-ink-soft">
          @{user.username} · {user.isPublic ? 'Public profile' : 'Private profile'}
        </p>
        <div className="mt-3 flex flex-wrap justify-center gap-2 sm:justify-start">
          <label
            className={`${buttonClass('secondary')} cursor-pointer focus-within:outline-3 focus-within:outline-coral-strong`}
          >
            {user.image ? 'Replace photo' : 'Add a photo'}
            <input
              type="file"
              accept="image/*"
              className="sr-only"
              onChange={async (event) => {
                const file = event.target.files?.[0];
                if (!file) return;
                setError(null);
                const uploaded = await uploadAvatar(file);
                if ('path' in uploaded)
                  void fetcher.submit({ intent: 'photo', image: uploaded.path }, { method: 'post' });
                else setError(uploaded.error);
              }}
            />
          </label>
        </div>
        {error ? (
          <p className="mt-2 text-sm font-semibold text-coral-strong" role="alert">
            {error}
          </p>
        ) : null}
        <div className="mt-2">
          <Outcome result={fetcher.data} intent="photo" />
        </div>
      </div>
    </div>
  );
}

function AboutForm({ user }: { user: ProfileUser }) {
  const fetcher = useFetcher<ProfileActionResult>();
  const [username, setUsername] = useState(user.username);
  const usernameState = useUsernameCheck(username, user.username);
  const result = fetcher.data;
  const usernameError = fieldError(result, 'about', 'username');
  return (
    <fetcher.Form data-submit-after-hydration="" method="post" className="grid gap-4">
      <input type="hidden" name="intent" value="about" />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="profile-first"
          name="first"
          label="First name"
          defaultValue={user.first}
          autoComplete="given-name"
          error={fieldError(result, 'about', 'first')}
        />
        <TextField
          id="profile-last"
          name="last"
          label="Last name"
          defaultValue={user.last}
          autoComplete="family-name"
          error={fieldError(result, 'about', 'last')}
        />
      </div>
      <div>
        <label htmlFor="profile-username" className={LABEL_CLASS}>
          Username
        </label>
        <input
          id="profile-username"
          name="username"
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          autoCapitalize="none"
          spellCheck={false}
          className={INPUT_CLASS}
          aria-invalid={usernameError || usernameState.kind === 'problem' ? true : undefined}
          aria-describedby="profile-username-hint"
        />
        {usernameError ? (
          <p id="profile-username-hint" className="mt-2 text-sm font-semibold text-coral-strong">
            {usernameError}
          </p>
        ) : (
          <UsernameHint state={usernameState} id="profile-username-hint" />
        )}
      </div>
      <div>
        <label htmlFor="profile-bio" className={LABEL_CLASS}>
          Bio
        </label>
        <textarea
          id="profile-bio"
          name="bio"
          rows={3}
          defaultValue={user.bio}
          placeholder="What do you love doing with people?"
          className={`${INPUT_CLASS} h-auto py-3`}
          aria-invalid={fieldError(result, 'about', 'bio') ? true : undefined}
        />
        {fieldError(result, 'about', 'bio') ? (
          <p className="mt-2 text-sm font-semibold text-coral-strong">{fieldError(result, 'about', 'bio')}</p>
        ) : null}
      </div>
      <div>
        <label htmlFor="profile-city" className={LABEL_CLASS}>
          City
        </label>
        <PlaceSearch
          initial={
            user.place
              ? {
                  ...NO_PLACE,
                  placeId: user.place.id,
                  name: user.place.name,
                  city: user.place.name,
                  state: user.place.state ?? '',
                  latitude: user.place.latitude,
                  longitude: user.place.longitude,
                  timezone: user.place.timezone,
                }
              : NO_PLACE
          }
          inputId="profile-city"
          describedBy="profile-city-hint"
          placeholder="Search your city"
        />
        <p
          id="profile-city-hint"
          className={`mt-2 text-sm ${fieldError(result, 'about', 'placeId') ? 'font-semibold text-coral-strong' : 'text-ink-soft'}`}
        >
          {fieldError(result, 'about', 'placeId') ??
            'Explore and search show what is near it. Leave it empty to remove it.'}
        </p>
      </div>
      <div className="sm:max-w-xs">
        <TextField
          id="profile-birthday"
          name="birthday"
          type="date"
          label="Birthday"
          defaultValue={user.birthday}
          autoComplete="bday"
          error={fieldError(result, 'about', 'birthday')}
        />
      </div>
      <div className="flex flex-wrap items-center gap-4">
        <button type="submit" className={buttonClass('primary')} disabled={fetcher.state !== 'idle'}>
          {fetcher.state !== 'idle' ? 'Saving…' : 'Save changes'}
        </button>
        {result && !(result.ok === false && result.field) ? <Outcome result={result} intent="about" /> : null}
      </div>
    </fetcher.Form>
  );
}

function ContactChange({
  kind,
  current,
  pending,
}: {
  kind: 'email' | 'phone';
  current: string | null;
  pending: string | null;
}) {
  const fetcher = useFetcher<ProfileActionResult>();
  const verify = useFetcher<ProfileActionResult>();
  const label = kind === 'email' ? 'E-mail address' : 'Phone number';
  const shown = current ? (kind === 'phone' ? formatPhone(current) : current) : 'Not set';
  const [isEditing, setIsEditing] = useState(false);
  const waiting = pending && !(verify.data?.ok && verify.data.intent === `verify-${kind}`);
  return (
    <div className="rounded-2xl bg-cream p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="text-sm font-bold">{label}</p>
          <p className="truncate text-ink-soft">{shown}</p>
        </div>
        {!isEditing ? (
          <button type="button" className={buttonClass('secondary')} onClick={() => setIsEditing(true)}>
            {current ? 'Change' : 'Add'}
          </button>
        ) : null}
      </div>
      {isEditing ? (
        <fetcher.Form
          data-submit-after-hydration=""
          method="post"
          className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end"
        >
          <input type="hidden" name="intent" value={kind} />
          <div className="flex-1">
            <TextField
              id={`profile-new-${kind}`}
              name={kind}
              type={kind === 'email' ? 'email' : 'tel'}
              label={kind === 'email' ? 'New e-mail address' : 'New phone number, with country code'}
              autoComplete={kind === 'email' ? 'email' : 'tel'}
              error={fetcher.data && !fetcher.data.ok ? fetcher.data.message : null}
            />
          </div>
          <button type="submit" className={buttonClass('primary')} disabled={fetcher.state !== 'idle'}>
            Send a code
          </button>
        </fetcher.Form>
      ) : null}
      {waiting ? (
        <verify.Form
          data-submit-after-hydration=""
          method="post"
          className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end"
        >
          <input type="hidden" name="intent" value={`verify-${kind}`} />
          <input type="hidden" name={kind} value={pending} />
          <div className="flex-1">
            <p className="mb-2 text-sm text-ink-soft">
              We sent a code to <strong className="text-ink">{pending}</strong>. Enter it to confirm.
            </p>
            <TextField
              id={`profile-${kind}-code`}
              name="code"
              label="Code"
              inputMode="numeric"
              autoComplete="one-time-code"
              error={verify.data && !verify.data.ok ? verify.data.message : null}
            />
          </div>
          <button type="submit" className={buttonClass('primary')} disabled={verify.state !== 'idle'}>
            Confirm
          </button>
        </verify.Form>
      ) : null}
      <div className="mt-2">
        <Outcome result={verify.data} intent={`verify-${kind}`} />
      </div>
    </div>
  );
}

function PrivacyForm({ isPublic }: { isPublic: boolean }) {
  const ask = useFetcher<ProfileActionResult>();
  const confirm = useFetcher<ProfileActionResult>();
  const wanted = !isPublic;
  const codeSent = ask.data?.ok && ask.data.intent === 'privacy' && !(confirm.data?.ok ?? false);
  return (
    <div className="flex flex-col gap-4">
      <p>
        Your profile is <strong>{isPublic ? 'public' : 'private'}</strong>.{' '}
        {isPublic ? 'Anyone can see your plans and groups.' : 'Only friends see your plans, groups and bio.'}
      </p>
      <ask.Form data-submit-after-hydration="" method="post">
        <input type="hidden" name="intent" value="privacy" />
        <input type="hidden" name="isPublic" value={String(wanted)} />
        <button type="submit" className={buttonClass('secondary')} disabled={ask.state !== 'idle'}>
          {wanted ? 'Make my profile public' : 'Make my profile private'}
        </button>
      </ask.Form>
      <Outcome result={ask.data} intent="privacy" />
      {codeSent ? (
        <confirm.Form
          data-submit-after-hydration=""
          method="post"
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
        >
          <input type="hidden" name="intent" value="confirm-privacy" />
          <input type="hidden" name="isPublic" value={String(wanted)} />
          <div className="flex-1 sm:max-w-xs">
            <TextField
              id="profile-privacy-code"
              name="code"
              label="Confirmation code"
              inputMode="numeric"
              autoComplete="one-time-code"
              error={confirm.data && !confirm.data.ok ? confirm.data.message : null}
            />
          </div>
          <button type="submit" className={buttonClass('primary')}>
            Confirm
          </button>
        </confirm.Form>
      ) : null}
      <Outcome result={confirm.data?.ok ? confirm.data : undefined} intent="confirm-privacy" />
    </div>
  );
}

function SmsForm({ optIn }: { optIn: boolean }) {
  const fetcher = useFetcher<ProfileActionResult>();
  return (
    <fetcher.Form data-submit-after-hydration="" method="post" className="flex flex-col gap-3">
      <input type="hidden" name="intent" value="sms" />
      <label className="flex items-start gap-3">
        <input
          type="checkbox"
          name="optInSms"
          defaultChecked={optIn}
          className="mt-1 size-5 accent-coral-strong"
          onChange={(event) => void fetcher.submit(event.currentTarget.form)}
        />
        <span>Plaza may text my contacts when I invite them to a plan or group.</span>
      </label>
      <noscript>
        <button type="submit" className={buttonClass('secondary')}>
          Save
        </button>
      </noscript>
      <Outcome result={fetcher.data} intent="sms" />
    </fetcher.Form>
  );
}

function DeleteAccount({ username }: { username: string }) {
  const fetcher = useFetcher<ProfileActionResult>();
  const [typed, setTyped] = useState('');
  const isDeleted = fetcher.data?.intent === 'delete' && fetcher.data.ok;
  useEffect(() => {
    if (isDeleted) void signOutAndGoHome();
  }, [isDeleted]);
  return (
    <fetcher.Form data-submit-after-hydration="" method="post" className="flex flex-col gap-3">
      <input type="hidden" name="intent" value="delete" />
      <p className="text-ink-soft">
        This deletes your account, profile, photos, RSVPs and the plans you created, for good. Messages you
        sent in shared chats stay, shown as from a deleted user.
      </p>
      <div className="sm:max-w-sm">
        <label htmlFor="profile-delete-confirm" className={LABEL_CLASS}>
          Type your username, <span className="font-mono">{username}</span>, to confirm
        </label>
        <input
          id="profile-delete-confirm"
          name="confirm"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          className={INPUT_CLASS}
        />
      </div>
      <div>
        <button
          type="submit"
          disabled={typed !== username || fetcher.state !== 'idle' || isDeleted}
          className="inline-flex h-10 items-center rounded-full bg-coral-strong px-4 font-semibold text-white hover:bg-ink disabled:cursor-not-allowed disabled:opacity-50"
        >
          Delete my account
        </button>
      </div>
      {fetcher.data && !fetcher.data.ok ? <Outcome result={fetcher.data} intent="delete" /> : null}
    </fetcher.Form>
  );
}

/**
 * The private calendar feed (issue 6): a secret address calendar apps subscribe to, with the plans
 * the person made, attends or is interested in. Only its hash is kept, so the address shows once.
 */
function CalendarFeed({ feed }: { feed: { active: boolean; createdAt: string | null } | null }) {
  const fetcher = useFetcher<CalendarFeedAnswer>();
  const [copied, setCopied] = useState(false);
  const answer = fetcher.data;
  const isActive = answer ? answer.ok && answer.url !== null : Boolean(feed?.active);
  const post = (intent: string) =>
    void fetcher.submit({ intent }, { method: 'post', action: '/profile/calendar' });
  return (
    <div className="flex flex-col gap-3">
      {answer?.url ? (
        <div className="flex flex-col gap-2 rounded-2xl bg-sand/60 p-4">
          <label htmlFor="calendar-feed-url" className={LABEL_CLASS}>
            Your calendar address (keep it to yourself)
          </label>
          <input
            id="calendar-feed-url"
            readOnly
            value={answer.url}
            className={`${INPUT_CLASS} font-mono text-sm`}
          />
          <div className="flex flex-wrap gap-2">
            {answer.webcalUrl ? (
              <a href={answer.webcalUrl} className={buttonClass('primary')}>
                Open in my calendar app
              </a>
            ) : null}
            <button
              type="button"
              className={buttonClass('secondary')}
              onClick={() => {
                void navigator.clipboard.writeText(answer.url ?? '');
                setCopied(true);
              }}
            >
              <span aria-live="polite">{copied ? 'Copied' : 'Copy address'}</span>
            </button>
          </div>
        </div>
      ) : isActive ? (
        <p className="text-ink-soft">
          A calendar address is active
          {feed?.createdAt
            ? ` since ${new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date(feed.createdAt))}`
            : ''}
          . For safety it is shown only once; make a new one to see it again.
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={buttonClass(isActive ? 'secondary' : 'primary')}
          disabled={fetcher.state !== 'idle'}
          onClick={() => post('create')}
        >
          {isActive ? 'Make a new address' : 'Get my calendar address'}
        </button>
        {isActive ? (
          <button
            type="button"
            className={buttonClass('ghost')}
            disabled={fetcher.state !== 'idle'}
            onClick={() => post('revoke')}
          >
            Turn it off
          </button>
        ) : null}
      </div>
      {answer && !answer.url ? (
        <p
          role={answer.ok ? 'status' : 'alert'}
          className={`text-sm font-semibold ${answer.ok ? '' : 'text-coral-strong'}`}
        >
          {answer.message}
        </p>
      ) : null}
    </div>
  );
}

/** The person's own profile (spec 2.4 "own profile"): photo, details, contact, privacy, data. */
export default function Profile() {
  const { user, smsOptIn, calendarFeed, organizations } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10 sm:px-6 sm:py-14">
      <PhotoCard user={user} />
      <Section title="About you" description="Your name, username and bio are what people see first.">
        <AboutForm user={user} />
      </Section>
      <Section
        title="E-mail and phone"
        description="Only you see these. A change is confirmed with a code sent to the new address."
      >
        <div className="grid gap-3">
          <ContactChange kind="email" current={user.email} pending={user.pendingEmail} />
          <ContactChange kind="phone" current={user.phone} pending={user.pendingPhone} />
        </div>
      </Section>
      <Section
        title="Organization"
        description="Belong to your university, company or club on Plaza by confirming your address there. Members get a verified badge and can share plans with each other."
      >
        <OrganizationSettings organizations={organizations} />
      </Section>
      <Section title="Privacy">
        <PrivacyForm isPublic={user.isPublic} />
      </Section>
      <Section title="Text messages">
        <SmsForm optIn={smsOptIn} />
      </Section>
      <Section
        title="Calendar"
        description="Subscribe from Google Calendar, Apple Calendar or Outlook to see the plans you made, go to or are interested in."
      >
        <CalendarFeed feed={calendarFeed} />
      </Section>
      <Section title="Your data" description="Everything Plaza keeps about you, as a JSON file.">
        <a href="/api/me/export" download className={buttonClass('secondary')}>
          Download my data
        </a>
      </Section>
      <Section title="Delete my account" tone="danger">
        <DeleteAccount username={user.username} />
      </Section>
    </div>
  );
}
