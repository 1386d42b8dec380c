import { eq } from 'drizzle-orm';
import { RATE_LIMIT_MAX_SECONDS } from '@plaza/core/chat-manage';
import { chats } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { badUserInput } from '../../graphql/errors.ts';
import { chatDenied, type ChatAccess } from './chat-access.ts';
import { chatListUserIds } from './chat-revisions.ts';
import { publishChatListEvent } from './my-chat-events.ts';

/**
 * Sets slow mode (spec 4): seconds between messages per sender, 0 to 3600, 0 turning it off. Group
 * moderators and above and a plan's creator may; direct messages have no slow mode (BAD_USER_INPUT).
 */
export async function setChatRateLimit(
  context: RequestContext,
  access: ChatAccess,
  seconds: number,
): Promise<ChatAccess> {
  if (access.chat.type === 'd') throw badUserInput('key', 'Direct messages have no slow mode.');
  if (!access.manage.setRateLimit) throw chatDenied('You cannot change slow mode in this chat.');
  if (!Number.isInteger(seconds) || seconds < 0 || seconds > RATE_LIMIT_MAX_SECONDS)
    throw badUserInput('seconds', `Give 0 to ${RATE_LIMIT_MAX_SECONDS} seconds.`);
  const [chat] = await context.store.db
    .update(chats)
    .set({ rateLimit: seconds })
    .where(eq(chats.id, access.chat.id))
    .returning();
  await publishChatListEvent(context, chat!, await chatListUserIds(context.store.db, chat!.id));
  return { ...access, chat: chat! };
}
