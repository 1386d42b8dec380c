import { isPublicPlanMask } from '@plaza/core/plan-access';
import { slugify } from '@plaza/core/slug';
import type { Database } from '../../db/client.ts';
import { chatMembers, chats, plans } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { newKey } from '../../ids.ts';
import { denied, type GroupAccess } from '../groups/group-access.ts';
import { recordGroupAudit } from '../groups/record-group-audit.ts';
import { syncPlanReminders } from '../reminders/schedule-plan-reminders.ts';
import { rememberPlanVenue } from '../places/remember-venue.ts';
import type { UserRow } from '../users/find-user.ts';
import { checkPlanInput, type PlanInput } from './plan-input.ts';
import type { PlanRow } from './plan-loaders.ts';

/**
 * Creates a plan with its chat; the creator is its first chat member. A plan inside a group needs
 * the group's createPlan mask, and is recorded in the group's audit as group.event.send.
 */
export async function createPlan(
  context: RequestContext,
  creator: UserRow,
  input: PlanInput,
  group: GroupAccess | null,
): Promise<PlanRow> {
  if (group && !group.permissions.createPlan) throw denied(context, 'You cannot add plans to this group.');
  const values = await checkPlanInput(context, creator.id, input, null, { inGroup: group !== null });
  return context.store.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    const title = values.title!;
    const [plan] = await db
      .insert(plans)
      .values({
        ...values,
        key: newKey(),
        inviteKey: newKey(16),
        slug: slugify(title, 'plan'),
        title,
        creatorId: creator.id,
        groupId: group?.group.id ?? null,
        startsAt: values.startsAt!,
        endsAt: values.endsAt!,
      })
      .returning();
    const [chat] = await db.insert(chats).values({ key: newKey(), type: 'p', planId: plan!.id }).returning();
    await db.insert(chatMembers).values({ chatId: chat!.id, userId: creator.id });
    await syncPlanReminders(db, plan!.id);
    if (input.location != null)
      await rememberPlanVenue(db, creator.id, plan!, { isPublic: isPublicPlanMask(plan!.viewMask) });
    if (group)
      await recordGroupAudit(db, {
        groupId: group.group.id,
        action: 'group.event.send',
        actorId: creator.id,
        details: { planId: plan!.id, title },
      });
    return plan!;
  });
}
