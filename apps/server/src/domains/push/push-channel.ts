import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import webpush from 'web-push';
import type { ActivityType } from '@plaza/core/notifications';
import { deviceTokens, pushSubscriptions } from '../../db/schema/index.ts';
import type { Platform } from '../../graphql/context.ts';
import type { ActivityChannel, ActivityDelivery } from '../activity/activity-delivery.ts';
import { createOutboxNativePush, type NativePush } from './native-push.ts';
import { postPush, type PushAnswer } from './post-push.ts';
import type { Resolve } from './push-address.ts';
import { vapidKeys, vapidSubject } from './vapid-keys.ts';

/** What the service worker (apps/web/public/sw.js) shows. */
export interface PushPayload {
  title: string;
  body: string;
  /** The activity's page, absolute. */
  url: string;
  /** One notification per activity: a folded repeat replaces the one shown. */
  tag: string;
  icon: string;
  badge?: string;
}

/** A push service keeps an undelivered message this long (seconds): a day-old notification is stale. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** Time limit of one post to a push service. */
export const PUSH_TIMEOUT_MS = 10_000;
/** Failed sends in a row (not 404/410, which remove at once) after which a subscription is dropped. */
export const MAX_PUSH_FAILURES = 5;

/** Requests, invitations and mentions wake a sleeping phone; the rest may wait for it. */
const HIGH_URGENCY: ReadonlySet<ActivityType> = new Set<ActivityType>([
  'FRIEND_REQUEST',
  'FOLLOW_REQUEST',
  'GROUP_JOIN_REQUEST',
  'GROUP_INVITE',
  'PLAN_INVITE',
  'MENTION',
]);

export function pushUrgency(type: ActivityType): 'high' | 'normal' {
  return HIGH_URGENCY.has(type) ? 'high' : 'normal';
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** The notification of an activity: who did it as the title (Plaza for its own), the feed's sentence. */
export function pushPayloadOf(delivery: ActivityDelivery, publicUrl: string): PushPayload {
  const { activity, creator } = delivery;
  const name = creator ? `${creator.first} ${creator.last}`.trim() || creator.username : '';
  return {
    title: clip(name || 'Plaza', 100),
    body: clip(activity.message, 500),
    url: delivery.url,
    tag: `activity-${activity.id}`,
    icon: new URL(creator?.image ?? '/apple-touch-icon.png', publicUrl).toString(),
  };
}

export interface PushChannelOptions {
  nativePush?: NativePush;
  /** DNS for the guarded lookup; the system resolver unless a test stands in. */
  resolve?: Resolve;
  timeoutMs?: number;
}

interface Subscription {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * The PUSH channel of activities (decision 0014): every Web Push subscription of the person gets
 * the notification encrypted for it (RFC 8291, aes128gcm) and signed with the server's VAPID key
 * (RFC 8292); every native token goes to the native adapter. web-push builds the request, Plaza
 * posts it through its own guarded connection. A failure of one subscription is recorded on it and
 * never thrown: a throw would retry the job and send the others again.
 */
export function createPushChannel(platform: Platform, options: PushChannelOptions = {}): ActivityChannel {
  const { config, logger, store } = platform;
  const nativePush =
    options.nativePush ?? createOutboxNativePush({ outboxDir: path.join(config.dataDir, 'outbox'), logger });
  const timeoutMs = options.timeoutMs ?? PUSH_TIMEOUT_MS;

  async function recordAnswer(subscription: Subscription, answer: PushAnswer, now: Date): Promise<void> {
    const db = store.db;
    const log = { subscriptionId: subscription.id, host: new URL(subscription.endpoint).host };
    if (answer.ok) {
      await db
        .update(pushSubscriptions)
        .set({ failures: 0, lastSuccessAt: now })
        .where(eq(pushSubscriptions.id, subscription.id));
      return;
    }
    if (answer.status === 404 || answer.status === 410) {
      // The browser unsubscribed or the subscription expired: it will never work again.
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
      logger.info({ ...log, status: answer.status }, 'push subscription gone, removed');
      return;
    }
    if (answer.status === 413) {
      logger.error({ ...log, reason: answer.reason }, 'push message too large for the push service');
      return;
    }
    const [row] = await db
      .update(pushSubscriptions)
      .set({ failures: sql`${pushSubscriptions.failures} + 1` })
      .where(eq(pushSubscriptions.id, subscription.id))
      .returning({ failures: pushSubscriptions.failures });
    if (row && row.failures >= MAX_PUSH_FAILURES) {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
      logger.warn(
        { ...log, reason: answer.reason },
        `push failed ${row.failures} times in a row, subscription removed`,
      );
    } else {
      logger.warn({ ...log, reason: answer.reason, blocked: answer.blocked ?? false }, 'push not delivered');
    }
  }

  async function sendWebPush(
    subscription: Subscription,
    payload: PushPayload,
    type: ActivityType,
    now: Date,
  ): Promise<void> {
    try {
      const keys = await vapidKeys(store);
      const details = webpush.generateRequestDetails(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: {
            subject: vapidSubject(config),
            publicKey: keys.publicKey,
            privateKey: keys.privateKey,
          },
          TTL: PUSH_TTL_SECONDS,
          urgency: pushUrgency(type),
          topic: payload.tag,
          contentEncoding: 'aes128gcm',
        },
      );
      const headers = Object.fromEntries(
        Object.entries(details.headers).map(([name, value]) => [name, String(value)]),
      );
      const answer = await postPush(
        { endpoint: subscription.endpoint, headers, body: details.body },
        { allowLoopback: config.push.allowLoopback, timeoutMs, resolve: options.resolve },
      );
      await recordAnswer(subscription, answer, now);
    } catch (error) {
      logger.error({ err: error, subscriptionId: subscription.id }, 'push not sent');
    }
  }

  return {
    name: 'PUSH',
    async deliver(delivery, now) {
      const db = store.db;
      const payload = pushPayloadOf(delivery, config.publicUrl);
      const subscriptions = await db
        .select({
          id: pushSubscriptions.id,
          endpoint: pushSubscriptions.endpoint,
          p256dh: pushSubscriptions.p256dh,
          auth: pushSubscriptions.auth,
        })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, delivery.receiver.id));
      await Promise.all(
        subscriptions.map((subscription) => sendWebPush(subscription, payload, delivery.activity.type, now)),
      );
      const tokens = await db
        .select({ token: deviceTokens.token })
        .from(deviceTokens)
        .where(eq(deviceTokens.userId, delivery.receiver.id));
      for (const { token } of tokens) {
        try {
          await nativePush.send({
            token,
            title: payload.title,
            body: payload.body,
            url: payload.url,
            tag: payload.tag,
            data: { activityId: String(delivery.activity.id), type: delivery.activity.type },
          });
        } catch (error) {
          logger.error({ err: error }, 'native push not sent');
        }
      }
    },
  };
}
