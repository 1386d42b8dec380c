import type { Platform, RequestContext } from '../../graphql/context.ts';
import type { EVENT_SHARE, EventShare } from '../../graphql/subscription-events.ts';
import type { ChatRow } from './chat-access.ts';
import type { ChatBusEvent } from '../../platform/bus/bus.ts';
import { FeedSubscriber } from './chat-feed.ts';
import type { MessageRow } from './send-message.ts';

export type ChatEventKind = 'NEW' | 'EDITED' | 'DELETED';

export interface ChatEvent {
  kind: ChatEventKind;
  message: MessageRow;
  /** Set on the events a chat's feed hands to several subscribers at once. */
  [EVENT_SHARE]?: EventShare;
}

/** Wakes the chat's subscribers in every process; called only after the change is committed. */
export async function publishChatEvent(
  platform: Pick<Platform, 'bus' | 'logger'>,
  chatId: number,
  event: ChatBusEvent,
): Promise<void> {
  try {
    await platform.bus.pubsub.publish('chat:changed', chatId, event);
  } catch (error) {
    // The change is stored: subscribers miss a wake-up, and clients catch up with `afterRev`.
    platform.logger.warn({ err: error, chatId }, 'chat event not published');
  }
}

/**
 * What a client holding the chat up to change number `cursor` learns from a message whose latest
 * change is after it: a deletion, a message it has never had (stored after the cursor), or a new
 * state of one it has.
 */
export function eventKindOf(message: MessageRow, cursor: number): ChatEventKind {
  if (message.deletedAt !== null) return 'DELETED';
  return message.createdRev > cursor ? 'NEW' : 'EDITED';
}

/**
 * A chat's message events for one subscriber (decisions 0012 and 0022). The bus only wakes: every
 * event is read from the database, by the chat's feed of this process (chat-feed.ts), one read per
 * wake-up shared by all its subscribers here. The subscriber is checked once at the start
 * (`checked`: the chat as the caller's `findChat` just answered it; else here, NOT_FOUND when it
 * may not read the chat), joins the feed once the feed is live, and from then gets every
 * message whose latest change number is after its own cursor (`afterRev`, else the chat's last
 * change number when it started), in change order, once. So every change is delivered once, in
 * order, whatever was missed; a message changed several times while a client was away arrives
 * once, in its latest state. Its access is checked again on every wake-up that brings a change,
 * by one statement for all of a group chat's subscribers (the full check only for those it
 * doubts); when it may no longer read the chat (or the chat was removed) the subscription ends
 * NOT_FOUND.
 */
export function chatEventStream(
  context: RequestContext,
  key: string,
  afterRev: number | null,
  checked?: ChatRow,
): AsyncIterableIterator<ChatEvent, undefined> {
  return new FeedSubscriber(context, key, afterRev, checked);
}
