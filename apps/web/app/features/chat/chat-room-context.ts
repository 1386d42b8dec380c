import { useOutletContext } from 'react-router';
import type { ChatRoom } from './chat-data.ts';
import type { MessageActions } from './message-bubble.tsx';
import type { useChatFeed } from './use-chat-feed.ts';

/** What an open chat hands its side views (thread, media, polls, trending, plans). */
export interface ChatRoomContext {
  chat: ChatRoom;
  viewerId: number;
  feed: ReturnType<typeof useChatFeed>;
  actions: MessageActions;
  timeZone: string | undefined;
}

export function useChatRoom(): ChatRoomContext {
  return useOutletContext<ChatRoomContext>();
}
