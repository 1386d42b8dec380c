import { useEffect, useState } from 'react';
import { Form, Link, useFetcher, useNavigation } from 'react-router';
import {
  NOTIFICATION_CHANNELS,
  type ActivityType,
  type NotificationChannel,
} from '@plaza/core/notifications';
import type { Route } from './+types/profile-notifications';
import { buttonClass } from '../components/button-styles.ts';
import { BellIcon } from '../components/icons.tsx';
import { FormField } from '../components/form-field.tsx';
import { INPUT_CLASS } from '../components/form-styles.ts';
import { plazaContext, type GraphQLResult } from '../context.ts';
import { ACTIVITY_HREF } from '../features/activity/activity-data.ts';
import { currentPushState, turnOffPush, turnOnPush, type PushState } from '../components/push-device.ts';
import { pageMeta } from '../features/meta/page-meta.ts';
import { useBrowserTimeZone } from '../components/browser-values.ts';

export const meta = pageMeta({ title: 'Notifications', path: '/profile/notifications', noIndex: true });

interface Channels {
  inApp: boolean;
  push: boolean;
  email: boolean;
}

interface Settings {
  preferences: Array<{ type: ActivityType; label: string; section: string; channels: Channels }>;
  quietStart: string | null;
  quietEnd: string | null;
  timeZone: string | null;
  emailDigest: boolean;
  mutes: Array<{ type: 'PLAN' | 'GROUP'; key: string; title: string; href: string; until: string | null }>;
}

const SETTINGS_FIELDS = `preferences { type label section channels { inApp push email } }
  quietStart quietEnd timeZone emailDigest mutes { type key title href until }`;

export async function loader({ context }: Route.LoaderArgs) {
  const result = await context
    .get(plazaContext)
    .graphql<{ notificationSettings: Settings; pushPublicKey: string | null }>(
      `query NotificationSettings { notificationSettings { ${SETTINGS_FIELDS} } pushPublicKey }`,
    );
  const settings = result.data?.notificationSettings;
  if (!settings) throw new Response('Could not load your notification settings', { status: 500 });
  return { settings, pushPublicKey: result.data?.pushPublicKey ?? null };
}

const CHANNEL_FIELD: Record<NotificationChannel, keyof Channels> = {
  IN_APP: 'inApp',
  PUSH: 'push',
  EMAIL: 'email',
};
const CHANNEL_LABEL: Record<NotificationChannel, string> = {
  IN_APP: 'In Plaza',
  PUSH: 'Push',
  EMAIL: 'E-mail',
};

type ActionAnswer =
  { ok: true; intent: string } | { ok: false; intent: string; message: string; field?: string };

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

export async function action({ request, context }: Route.ActionArgs): Promise<ActionAnswer> {
  const form = await request.formData();
  const plaza = context.get(plazaContext);
  const intent = text(form, 'intent');
  const answer = (result: GraphQLResult<unknown>) => {
    const error = result.errors?.[0];
    if (!error) return { ok: true as const, intent };
    const field = typeof error.extensions?.field === 'string' ? error.extensions.field : undefined;
    return { ok: false as const, intent, message: error.message, ...(field ? { field } : {}) };
  };
  switch (intent) {
    case 'preference':
      return answer(
        await plaza.graphql(
          'mutation ($type: ActivityType!, $channel: NotificationChannel!, $enabled: Boolean!) { updateNotificationPreference(type: $type, channel: $channel, enabled: $enabled) { emailDigest } }',
          {
            type: text(form, 'type'),
            channel: text(form, 'channel'),
            enabled: text(form, 'enabled') === 'true',
          },
        ),
      );
    case 'quiet': {
      const isOn = form.get('quietOn') === 'on';
      return answer(
        await plaza.graphql(
          'mutation ($settings: NotificationSettingsInput!) { updateNotificationSettings(settings: $settings) { quietStart } }',
          {
            settings: {
              quietStart: isOn ? text(form, 'quietStart') : '',
              quietEnd: isOn ? text(form, 'quietEnd') : '',
              timeZone: text(form, 'timeZone') || null,
            },
          },
        ),
      );
    }
    case 'digest':
      return answer(
        await plaza.graphql(
          'mutation ($settings: NotificationSettingsInput!) { updateNotificationSettings(settings: $settings) { emailDigest } }',
          {
            settings: {
              emailDigest: text(form, 'emailDigest') === 'true',
              timeZone: text(form, 'timeZone') || null,
            },
          },
        ),
      );
    case 'mute':
      return answer(
        await plaza.graphql(
          'mutation ($type: MuteSubjectType!, $key: String!, $until: String) { muteNotifications(type: $type, key: $key, until: $until) }',
          { type: text(form, 'type'), key: text(form, 'key'), until: text(form, 'until') || null },
        ),
      );
    case 'unmute':
      return answer(
        await plaza.graphql(
          'mutation ($type: MuteSubjectType!, $key: String!) { unmuteNotifications(type: $type, key: $key) }',
          {
            type: text(form, 'type'),
            key: text(form, 'key'),
          },
        ),
      );
    default:
      return { ok: false, intent, message: 'Unknown action.' };
  }
}

/** One channel of one kind: a switch that saves as soon as it changes. */
function ChannelSwitch({
  type,
  label,
  channel,
  checked,
}: {
  type: ActivityType;
  label: string;
  channel: NotificationChannel;
  checked: boolean;
}) {
  const fetcher = useFetcher<ActionAnswer>();
  const pending = fetcher.formData ? fetcher.formData.get('enabled') === 'true' : null;
  const isOn = pending ?? checked;
  return (
    <label className="relative inline-flex cursor-pointer items-center justify-center p-1">
      <input
        type="checkbox"
        role="switch"
        className="peer sr-only"
        checked={isOn}
        aria-label={`${CHANNEL_LABEL[channel]}: ${label}`}
        onChange={(event) =>
          void fetcher.submit(
            { intent: 'preference', type, channel, enabled: String(event.currentTarget.checked) },
            { method: 'post' },
          )
        }
      />
      <span
        aria-hidden="true"
        className="h-6 w-10 rounded-full bg-ink-soft transition-colors peer-checked:bg-coral-strong peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-coral-strong after:absolute after:top-2 after:left-2 after:size-4 after:rounded-full after:bg-white after:shadow after:transition-transform peer-checked:after:translate-x-4"
      />
    </label>
  );
}

function pushMessage(state: PushState | null): string {
  switch (state) {
    case 'on':
      return 'This device shows Plaza notifications, even when Plaza is closed.';
    case 'denied':
      return 'This browser blocks notifications from Plaza. Allow them in the site settings of your browser, then come back.';
    case 'unsupported':
      return 'This browser cannot show push notifications. On an iPhone, add Plaza to your home screen first.';
    case 'off':
      return 'Get a notification on this device when something needs you, even when Plaza is closed.';
    default:
      return 'Checking this device…';
  }
}

function ThisDevice({ publicKey }: { publicKey: string | null }) {
  const [state, setState] = useState<PushState | null>(null);
  const [endpoint, setEndpoint] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  useEffect(() => {
    void currentPushState().then(({ state: found, endpoint: current }) => {
      setState(found);
      setEndpoint(current);
    });
  }, []);

  async function turnOn() {
    if (!publicKey) return;
    setIsBusy(true);
    setProblem(null);
    try {
      const result = await turnOnPush(publicKey);
      setState(result.state);
      setEndpoint(result.endpoint);
      setProblem(result.problem);
    } catch {
      setProblem('The browser could not turn on notifications. Try again in a moment.');
    } finally {
      setIsBusy(false);
    }
  }

  async function turnOff() {
    setIsBusy(true);
    setProblem(null);
    try {
      await turnOffPush(endpoint);
      setState('off');
      setEndpoint(null);
    } catch {
      setProblem('The browser could not turn off notifications. Try again in a moment.');
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <section aria-labelledby="device" className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-line sm:p-6">
      <div className="flex flex-wrap items-start gap-4">
        <span className="grid size-12 shrink-0 place-items-center rounded-2xl bg-coral-soft text-ink">
          <BellIcon className="size-6" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="device" className="font-display text-xl font-bold">
            Push on this device
          </h2>
          <p className="mt-1 text-ink-soft" aria-live="polite">
            {pushMessage(state)}
          </p>
          {problem ? (
            <p role="alert" className="mt-2 rounded-2xl bg-coral-soft px-4 py-2 font-medium">
              {problem}
            </p>
          ) : null}
        </div>
        {state === 'off' && publicKey ? (
          <button
            type="button"
            className={buttonClass('primary')}
            disabled={isBusy}
            onClick={() => void turnOn()}
          >
            {isBusy ? 'Turning on…' : 'Turn on'}
          </button>
        ) : null}
        {state === 'on' ? (
          <button
            type="button"
            className={buttonClass('secondary')}
            disabled={isBusy}
            onClick={() => void turnOff()}
          >
            {isBusy ? 'Turning off…' : 'Turn off'}
          </button>
        ) : null}
      </div>
    </section>
  );
}

function QuietHours({ settings }: { settings: Settings }) {
  const navigation = useNavigation();
  const fetcher = useFetcher<ActionAnswer>();
  const [isOn, setIsOn] = useState(settings.quietStart !== null);
  const browserZone = useBrowserTimeZone();
  const zone = browserZone ?? settings.timeZone ?? 'UTC';
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data : null;
  const saved = fetcher.state === 'idle' && fetcher.data?.ok;
  return (
    <section aria-labelledby="quiet" className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-line sm:p-6">
      <h2 id="quiet" className="font-display text-xl font-bold">
        Quiet hours
      </h2>
      <p className="mt-1 text-ink-soft">
        No push or e-mail in these hours; what happens waits in your activity and arrives when they end.
      </p>
      <fetcher.Form data-submit-after-hydration="" method="post" className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="quiet" />
        <input type="hidden" name="timeZone" value={zone} />
        <label className="flex items-center gap-3 font-semibold">
          <input
            type="checkbox"
            name="quietOn"
            checked={isOn}
            onChange={(event) => setIsOn(event.currentTarget.checked)}
            className="size-5 accent-coral-strong"
          />
          Pause notifications at night
        </label>
        <div className="grid max-w-sm grid-cols-2 gap-3">
          {(
            [
              { name: 'quietStart', label: 'From', value: settings.quietStart ?? '22:00' },
              { name: 'quietEnd', label: 'Until', value: settings.quietEnd ?? '07:00' },
            ] as const
          ).map((field) => (
            <FormField
              key={field.name}
              id={field.name}
              label={field.label}
              error={error?.field === field.name ? error.message : null}
            >
              <input
                id={field.name}
                name={field.name}
                type="time"
                defaultValue={field.value}
                disabled={!isOn}
                aria-invalid={error?.field === field.name || undefined}
                aria-describedby={error?.field === field.name ? `${field.name}-error` : undefined}
                className={INPUT_CLASS}
              />
            </FormField>
          ))}
        </div>
        <p className="text-sm text-ink-soft">Times in {zone.replace(/_/g, ' ')}.</p>
        {error && error.field !== 'quietStart' && error.field !== 'quietEnd' ? (
          <p role="alert" className="rounded-2xl bg-coral-soft px-4 py-2 font-medium">
            {error.message}
          </p>
        ) : null}
        <div className="flex items-center gap-3">
          <button
            type="submit"
            className={buttonClass('primary')}
            disabled={fetcher.state !== 'idle' || navigation.state !== 'idle'}
          >
            {fetcher.state !== 'idle' ? 'Saving…' : 'Save quiet hours'}
          </button>
          {saved ? (
            <span role="status" className="font-semibold text-ink-soft">
              Saved
            </span>
          ) : null}
        </div>
      </fetcher.Form>
    </section>
  );
}

function Digest({ isOn }: { isOn: boolean }) {
  const fetcher = useFetcher<ActionAnswer>();
  const zone = useBrowserTimeZone() ?? '';
  const pending = fetcher.formData ? fetcher.formData.get('emailDigest') === 'true' : null;
  return (
    <section aria-labelledby="digest" className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-line sm:p-6">
      <h2 id="digest" className="font-display text-xl font-bold">
        Daily digest
      </h2>
      <label className="mt-3 flex items-start gap-3">
        <input
          type="checkbox"
          checked={pending ?? isOn}
          onChange={(event) =>
            void fetcher.submit(
              { intent: 'digest', emailDigest: String(event.currentTarget.checked), timeZone: zone },
              { method: 'post' },
            )
          }
          className="mt-1 size-5 shrink-0 accent-coral-strong"
        />
        <span>
          <span className="block font-semibold">E-mail me what I missed when I’ve been away</span>
          <span className="block text-ink-soft">
            One e-mail in the morning after a day or more away, only when something is waiting.
          </span>
        </span>
      </label>
    </section>
  );
}

/** Notification settings (issue 8): per kind and channel, this device's push, quiet hours, digest, mutes. */
export default function ProfileNotifications({ loaderData }: Route.ComponentProps) {
  const { settings, pushPublicKey } = loaderData;
  const sections = [...new Set(settings.preferences.map((p) => p.section))];
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8 sm:px-6 sm:py-12">
      <div>
        <h1 className="font-display text-3xl font-extrabold tracking-tight sm:text-4xl">Notifications</h1>
        <p className="mt-1 text-ink-soft">
          Choose what reaches you and where. Everything also stays in your{' '}
          <Link to={ACTIVITY_HREF} className="font-semibold text-coral-strong underline underline-offset-2">
            activity
          </Link>{' '}
          unless you turn “In Plaza” off.
        </p>
      </div>

      <ThisDevice publicKey={pushPublicKey} />

      <section aria-labelledby="kinds" className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-line sm:p-6">
        <h2 id="kinds" className="font-display text-xl font-bold">
          What you hear about
        </h2>
        <table className="mt-3 w-full border-collapse text-left">
          <caption className="sr-only">Channels for each kind of activity</caption>
          <thead>
            <tr className="text-sm text-ink-soft">
              <th scope="col" className="py-2 font-semibold">
                <span className="sr-only">Kind</span>
              </th>
              {NOTIFICATION_CHANNELS.map((channel) => (
                <th key={channel} scope="col" className="w-16 py-2 text-center font-semibold sm:w-24">
                  {CHANNEL_LABEL[channel]}
                </th>
              ))}
            </tr>
          </thead>
          {sections.map((section) => (
            <tbody key={section}>
              <tr>
                <th
                  colSpan={4}
                  scope="colgroup"
                  className="pt-4 pb-1 text-sm font-bold tracking-wide text-ink-soft uppercase"
                >
                  {section}
                </th>
              </tr>
              {settings.preferences
                .filter((p) => p.section === section)
                .map((p) => (
                  <tr key={p.type} className="border-t border-line">
                    <th scope="row" className="py-2 pr-2 font-semibold">
                      {p.label}
                    </th>
                    {NOTIFICATION_CHANNELS.map((channel) => (
                      <td key={channel} className="py-1 text-center">
                        <ChannelSwitch
                          type={p.type}
                          label={p.label}
                          channel={channel}
                          checked={p.channels[CHANNEL_FIELD[channel]]}
                        />
                      </td>
                    ))}
                  </tr>
                ))}
            </tbody>
          ))}
        </table>
      </section>

      <QuietHours settings={settings} />
      <Digest isOn={settings.emailDigest} />

      <section aria-labelledby="muted" className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-line sm:p-6">
        <h2 id="muted" className="font-display text-xl font-bold">
          Muted plans and groups
        </h2>
        {settings.mutes.length === 0 ? (
          <p className="mt-1 text-ink-soft">
            Nothing muted. Mute a busy plan or group from its page; mute a chat from the chat’s menu.
          </p>
        ) : (
          <ul className="mt-3 divide-y divide-line">
            {settings.mutes.map((mute) => (
              <li key={`${mute.type}:${mute.key}`} className="flex items-center justify-between gap-3 py-3">
                <span className="min-w-0">
                  <Link to={mute.href} className="block truncate font-semibold hover:underline">
                    {mute.title}
                  </Link>
                  <span className="text-sm text-ink-soft">
                    {mute.type === 'PLAN' ? 'Plan' : 'Group'} ·{' '}
                    {mute.until ? `muted until ${new Date(mute.until).toLocaleString()}` : 'muted'}
                  </span>
                </span>
                <Form method="post">
                  <input type="hidden" name="intent" value="unmute" />
                  <input type="hidden" name="type" value={mute.type} />
                  <input type="hidden" name="key" value={mute.key} />
                  <button type="submit" className={buttonClass('secondary')}>
                    Unmute<span className="sr-only"> {mute.title}</span>
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>

      <p className="text-ink-soft">
        Texting invitations to your contacts is set on{' '}
        <Link to="/profile" className="font-semibold text-coral-strong underline underline-offset-2">
          your profile
        </Link>
        .
      </p>
    </div>
  );
}
