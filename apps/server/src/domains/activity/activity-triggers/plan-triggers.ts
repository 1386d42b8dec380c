import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import type { PlanOccurrenceChanges, PlanRecurrence } from '../../../db/schema/index.ts';
import { rows } from '../../social/social-sql.ts';
import { recordActivities, recordActivity } from '../record-activity.ts';
import {
  ACTIVITY_FEED_PATH,
  FANOUT,
  afterCommit,
  groupPath,
  loadNamedUser,
  nameOf,
  occurrenceLabel,
  others,
  planPath,
  type TriggerPlatform,
} from './trigger-support.ts';

/** What the plan triggers need of a plan row. */
export interface PlanFacts {
  id: number;
  key: string;
  slug: string;
  title: string;
  creatorId: number;
  groupId: number | null;
  timezone: string;
  recurrence: PlanRecurrence | null;
}

/** The fields whose change people going or interested must hear of, for a plan or one occurrence. */
export interface PlanShape {
  title: string;
  startsAt: Date;
  endsAt: Date;
  allDay: boolean;
  timezone: string;
  recurrence: string;
  place: string;
}

type PlaceFields = {
  locationName: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
};

const placeOf = (fields: PlaceFields & { latitude?: number | null; longitude?: number | null }) =>
  JSON.stringify([
    fields.locationName,
    fields.address,
    fields.city,
    fields.state,
    fields.latitude ?? null,
    fields.longitude ?? null,
  ]);

/** The shape of a whole plan (or a repeating plan's series). */
export function planShape(
  plan: PlaceFields & {
    title: string;
    startsAt: Date;
    endsAt: Date;
    allDay: boolean;
    timezone: string;
    recurrence: PlanRecurrence | null;
    latitude: number | null;
    longitude: number | null;
  },
): PlanShape {
  return {
    title: plan.title,
    startsAt: plan.startsAt,
    endsAt: plan.endsAt,
    allDay: plan.allDay,
    timezone: plan.timezone,
    recurrence: JSON.stringify(plan.recurrence),
    place: placeOf(plan),
  };
}

/** The shape of one occurrence: its own times, and its changes over the series' fields. */
export function occurrenceShape(
  plan: Parameters<typeof planShape>[0],
  occurrence: { startsAt: Date; endsAt: Date; changes: PlanOccurrenceChanges },
): PlanShape {
  const c = occurrence.changes;
  const pick = <K extends keyof PlaceFields>(field: K) => (c[field] !== undefined ? c[field] : plan[field]);
  const placeChanged = (['locationName', 'address', 'city', 'state'] as const).some(
    (field) => c[field] !== undefined,
  );
  return {
    ...planShape(plan),
    title: c.title ?? plan.title,
    startsAt: occurrence.startsAt,
    endsAt: occurrence.endsAt,
    place: placeOf({
      locationName: pick('locationName'),
      address: pick('address'),
      city: pick('city'),
      state: pick('state'),
      // An occurrence's own place has no coordinates.
      latitude: placeChanged ? null : plan.latitude,
      longitude: placeChanged ? null : plan.longitude,
    }),
  };
}

/** What changed that matters: the name, the time (times, all-day, zone, repetition), the place. */
export function meaningfulChanges(before: PlanShape, after: PlanShape): Array<'name' | 'time' | 'place'> {
  const changed: Array<'name' | 'time' | 'place'> = [];
  if (before.title !== after.title) changed.push('name');
  if (
    before.startsAt.getTime() !== after.startsAt.getTime() ||
    before.endsAt.getTime() !== after.endsAt.getTime() ||
    before.allDay !== after.allDay ||
    before.timezone !== after.timezone ||
    before.recurrence !== after.recurrence
  )
    changed.push('time');
  if (before.place !== after.place) changed.push('place');
  return changed;
}

function listed(words: string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/**
 * People going or interested: in one occurrence, or (null) in the plan or any occurrence of a
 * repeating plan that started less than a day ago or is still to come (occurrence keys are ISO
 * instants, so they compare as text). Bounded by FANOUT.planAudience.
 */
export async function planAudience(
  db: Database,
  planId: number,
  occurrence: string | null,
): Promise<number[]> {
  const recent = new Date(Date.now() - 86_400_000).toISOString();
  const found = await rows<{ user_id: number }>(
    db,
    sql`SELECT DISTINCT user_id FROM plan_responses WHERE plan_id = ${planId}
        AND response IN ('ATTENDING', 'INTERESTED')
        AND ${occurrence === null ? sql`(occurrence = '' OR occurrence >= ${recent})` : sql`occurrence = ${occurrence}`}
        ORDER BY user_id LIMIT ${FANOUT.planAudience}`,
  );
  return found.map((row) => Number(row.user_id));
}

const occurrenceSuffix = (plan: PlanFacts, occurrence: string | null, start?: Date) =>
  occurrence ? ` on ${occurrenceLabel(start ?? new Date(occurrence), plan.timezone)}` : '';

/** People were newly invited to a plan (already cut down to who may be). */
export async function planInviteActivities(
  platform: TriggerPlatform,
  plan: PlanFacts,
  inviterId: number,
  inviteeIds: readonly number[],
): Promise<void> {
  if (inviteeIds.length === 0) return;
  await afterCommit(platform, 'plan invite', async () => {
    const inviter = await loadNamedUser(platform.store.db, inviterId);
    if (!inviter) return;
    const name = nameOf(inviter);
    await recordActivities(
      platform,
      inviteeIds.map((receiverId) => ({
        receiverId,
        creatorId: inviterId,
        type: 'PLAN_INVITE' as const,
        action: 'invited',
        model: { type: 'Plan' as const, id: plan.id },
        to: plan.title,
        href: planPath(plan),
        message: `${name} invited you to ${plan.title}`,
        subject: `plan:${plan.id}`,
        collapseKey: `plan-invite:${plan.id}`,
      })),
    );
  });
}

/**
 * Someone answered going or interested: the plan's creator hears of it, one row per plan and
 * occurrence that keeps the latest name and the count ("Ana Lima and 3 others are going to …").
 */
export async function planResponseActivities(
  platform: TriggerPlatform,
  plan: PlanFacts,
  occurrence: { key: string; startsAt: Date },
  responderId: number,
  response: 'ATTENDING' | 'INTERESTED',
): Promise<void> {
  if (responderId === plan.creatorId) return;
  await afterCommit(platform, 'plan response', async () => {
    const db = platform.store.db;
    const responder = await loadNamedUser(db, responderId);
    if (!responder) return;
    const [counts] = await rows<{ n: number | string }>(
      db,
      sql`SELECT count(*) AS n FROM plan_responses WHERE plan_id = ${plan.id}
          AND occurrence = ${occurrence.key} AND response = ${response} AND user_id <> ${plan.creatorId}`,
    );
    const more = Math.max(0, Number(counts?.n ?? 1) - 1);
    const name = nameOf(responder);
    const when = occurrenceSuffix(plan, occurrence.key || null, occurrence.startsAt);
    const message =
      response === 'ATTENDING'
        ? more === 0
          ? `${name} is going to ${plan.title}${when}`
          : `${name} and ${others(more)} are going to ${plan.title}${when}`
        : more === 0
          ? `${name} is interested in ${plan.title}${when}`
          : `${name} and ${others(more)} are interested in ${plan.title}${when}`;
    await recordActivity(platform, {
      receiverId: plan.creatorId,
      creatorId: responderId,
      type: 'PLAN_RESPONSE',
      action: response === 'ATTENDING' ? 'going' : 'interested',
      model: { type: 'Plan', id: plan.id },
      to: plan.title,
      href: planPath(plan, occurrence.key || null),
      message,
      subject: `plan:${plan.id}`,
      collapseKey: `plan-response:${plan.id}:${occurrence.key}`,
    });
  });
}

/**
 * A plan (occurrence null) or one occurrence changed: when its name, time or place did, the people
 * going or interested hear of it. Other edits (description, picture, links) tell nobody.
 */
export async function planUpdatedActivities(
  platform: TriggerPlatform,
  plan: PlanFacts,
  actorId: number,
  change: { before: PlanShape; after: PlanShape; occurrence: string | null },
): Promise<void> {
  const changed = meaningfulChanges(change.before, change.after);
  if (changed.length === 0) return;
  await afterCommit(platform, 'plan updated', async () => {
    const db = platform.store.db;
    const actor = await loadNamedUser(db, actorId);
    if (!actor) return;
    const audience = await planAudience(db, plan.id, change.occurrence);
    const name = nameOf(actor);
    const title = change.after.title;
    const when = occurrenceSuffix(plan, change.occurrence);
    const message =
      changed.length === 1 && changed[0] === 'name'
        ? `${name} renamed ${change.before.title} to ${title}${when}`
        : `${name} changed the ${listed(changed)} of ${title}${when}`;
    await recordActivities(
      platform,
      audience.map((receiverId) => ({
        receiverId,
        creatorId: actorId,
        type: 'PLAN_UPDATED' as const,
        action: 'changed',
        model: { type: 'Plan' as const, id: plan.id },
        to: title,
        href: planPath(plan, change.occurrence),
        message,
        subject: `plan:${plan.id}`,
        collapseKey: change.occurrence
          ? `plan-updated:${plan.id}:${change.occurrence}`
          : `plan-updated:${plan.id}`,
      })),
    );
  });
}

/**
 * A plan was deleted (occurrence null) or one occurrence cancelled; `audience` was read before the
 * change took the responses away. A deleted plan's activity opens its group, or the activity feed.
 */
export async function planCancelledActivities(
  platform: TriggerPlatform,
  plan: PlanFacts,
  actorId: number,
  occurrence: { key: string; startsAt: Date } | null,
  audience: readonly number[],
): Promise<void> {
  if (audience.length === 0) return;
  await afterCommit(platform, 'plan cancelled', async () => {
    const db = platform.store.db;
    const actor = await loadNamedUser(db, actorId);
    if (!actor) return;
    let href = planPath(plan);
    if (!occurrence) {
      const [group] =
        plan.groupId === null
          ? []
          : await rows<{ slug: string; key: string }>(
              db,
              sql`SELECT slug, key FROM groups WHERE id = ${plan.groupId}`,
            );
      href = group ? groupPath(group) : ACTIVITY_FEED_PATH;
    }
    const when = occurrence ? occurrenceSuffix(plan, occurrence.key, occurrence.startsAt) : '';
    await recordActivities(
      platform,
      audience.map((receiverId) => ({
        receiverId,
        creatorId: actorId,
        type: 'PLAN_CANCELLED' as const,
        action: 'cancelled',
        model: { type: 'Plan' as const, id: plan.id },
        to: plan.title,
        href,
        message: `${nameOf(actor)} cancelled ${plan.title}${when}`,
        subject: `plan:${plan.id}`,
        collapseKey: occurrence ? `plan-cancelled:${plan.id}:${occurrence.key}` : `plan-cancelled:${plan.id}`,
      })),
    );
  });
}
