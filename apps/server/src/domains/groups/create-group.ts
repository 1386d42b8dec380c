import { slugify } from '@plaza/core/slug';
import { defaultGroupAccessLevels } from '@plaza/core/group-roles';
import type { Database } from '../../db/client.ts';
import { chats, groups } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { newKey } from '../../ids.ts';
import type { UserRow } from '../users/find-user.ts';
import { setGroupMember } from './add-group-member.ts';
import { checkGroupInput, saveHashtags, type GroupInput } from './group-input.ts';
import type { GroupRow } from './group-loaders.ts';
import { recordGroupAudit } from './record-group-audit.ts';

/**
 * Creates a group as spec 3 says a new one starts (empty description and image, private, no join
 * requests) unless the input says otherwise. A saved group has a title, its creator as owner and
 * a group chat.
 */
export async function createGroup(
  context: RequestContext,
  creator: UserRow,
  input: GroupInput,
): Promise<GroupRow> {
  const checked = await checkGroupInput(context, creator.id, input, 'create');
  const isPublic = checked.set.isPublic ?? false;
  const levels = defaultGroupAccessLevels(isPublic);
  return context.store.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    if (checked.hashtags) await saveHashtags(db, checked.hashtags);
    const title = checked.set.title ?? '';
    const [group] = await db
      .insert(groups)
      .values({
        key: newKey(),
        slug: slugify(title, 'group'),
        title,
        creatorId: creator.id,
        isPublic,
        hasJoinRequests: false,
        viewMask: levels.view,
        joinMask: levels.join,
        createChatImageMask: levels.createChatImage,
        createChatMessageMask: levels.createChatMessage,
        createChatPollMask: levels.createChatPoll,
        createChatVideoMask: levels.createChatVideo,
        createPlanMask: levels.createPlan,
        ...checked.set,
      })
      .returning();
    await db.insert(chats).values({ key: newKey(), type: 'g', groupId: group!.id });
    await setGroupMember(db, { groupId: group!.id, userId: creator.id, status: 'member', role: 'owner' });
    await recordGroupAudit(db, {
      groupId: group!.id,
      action: 'group.user.add',
      actorId: creator.id,
      subjectId: creator.id,
      details: { role: 'owner' },
    });
    return group!;
  });
}
