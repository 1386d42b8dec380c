import { builder } from '../../graphql/builder.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { GroupRef } from '../groups/group-type.ts';
import { PlanRef } from '../plans/plan-type.ts';
import { loadChatAccess } from './chat-access.ts';
import { chatSharedLoaders } from './chat-loaders.ts';
import type { MessageRow } from './send-message.ts';
import { MessageRef } from './schema-message.ts';

/**
 * The newest message of a plan's or group's chat (spec 3: a chat-able model has lastChat), for
 * viewers who may read that chat by the chat's own rules; null for everyone else and before the
 * first message. Batched: a list of plans or groups reads their chats and last messages in two
 * queries.
 */
async function lastChatOf(
  context: RequestContext,
  model: `${'p' | 'g'}:${number}`,
): Promise<MessageRow | null> {
  const chat = await chatSharedLoaders(context).modelChat.load(model);
  if (!chat) return null;
  const access = await loadChatAccess(context, chat);
  if (!access.permissions.read) return null;
  return chatSharedLoaders(context).lastMessage.load(chat.id);
}

builder.objectField(PlanRef, 'lastChat', (t) =>
  t.field({
    type: MessageRef,
    nullable: true,
    description: 'The newest message of the plan’s chat, for those who may read it; else null.',
    resolve: (plan, _args, context) => lastChatOf(context, `p:${plan.id}`),
  }),
);

builder.objectField(GroupRef, 'lastChat', (t) =>
  t.field({
    type: MessageRef,
    nullable: true,
    description: 'The newest message of the group’s chat, for those who may read it; else null.',
    resolve: (group, _args, context) => lastChatOf(context, `g:${group.id}`),
  }),
);
