import { and, eq, isNull } from 'drizzle-orm';
import { isPublicPlanMask } from '@plaza/core/plan-access';
import { builder } from '../../graphql/builder.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { chats, groups, plans } from '../../db/schema/index.ts';

/** The public page of a group or plan chat, for a visitor who may not read the chat (spec 2.3). */
export interface ChatPublicPage {
  type: 'g' | 'p';
  key: string;
  slug: string;
}

/**
 * The page a chat's public group or plan has, or null: a direct chat, a private or hidden group
 * or plan, or no such chat. Names nothing a visitor could not find on the public page itself.
 */
export async function chatPublicPage(context: RequestContext, key: string): Promise<ChatPublicPage | null> {
  const db = context.store.db;
  const [chat] = await db
    .select({ type: chats.type, groupId: chats.groupId, planId: chats.planId })
    .from(chats)
    .where(eq(chats.key, key.trim()));
  if (!chat) return null;
  if (chat.type === 'g' && chat.groupId !== null) {
    const [group] = await db
      .select({ key: groups.key, slug: groups.slug, isPublic: groups.isPublic })
      .from(groups)
      .where(and(eq(groups.id, chat.groupId), isNull(groups.hiddenAt)));
    return group?.isPublic ? { type: 'g', key: group.key, slug: group.slug } : null;
  }
  if (chat.type === 'p' && chat.planId !== null) {
    const [plan] = await db
      .select({ key: plans.key, slug: plans.slug, viewMask: plans.viewMask })
      .from(plans)
      .where(and(eq(plans.id, chat.planId), isNull(plans.hiddenAt)));
    return plan && isPublicPlanMask(plan.viewMask) ? { type: 'p', key: plan.key, slug: plan.slug } : null;
  }
  return null;
}

const ChatPublicPageRef = builder.objectRef<ChatPublicPage>('ChatPublicPage').implement({
  description: 'The public group or plan page a chat belongs to.',
  fields: (t) => ({
    type: t.exposeString('type', { description: '"g" for a group, "p" for a plan.' }),
    key: t.exposeString('key'),
    slug: t.exposeString('slug'),
  }),
});

builder.queryFields((t) => ({
  chatPublicPage: t.field({
    type: ChatPublicPageRef,
    nullable: true,
    authScopes: { public: true },
    description:
      'The public group or plan of a group or plan chat, where a signed-out visitor of its chat goes (spec 2.3); null for any other chat.',
    args: { key: t.arg.string({ required: true }) },
    resolve: (_root, args, context) => chatPublicPage(context, args.key),
  }),
}));
