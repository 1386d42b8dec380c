import { useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { CHAT_LIST_FIELDS, type ChatListItem } from './chat-data.ts';
import { liveSubscribe } from '../../graphql/live-client.ts';

const MY_CHAT_EVENTS = `subscription MyChatEvents { myChatEvents { kind chatKey chat { ${CHAT_LIST_FIELDS} } } }`;

interface MyChatEvent {
  kind: 'READY' | 'UPDATED' | 'REMOVED';
  chatKey: string | null;
  chat: ChatListItem | null;
}

function activity(chat: ChatListItem): number {
  return chat.lastMessageAt ? Date.parse(chat.lastMessageAt) : 0;
}

/** Applies one change to the list: newest activity first (spec 4), each chat once, in its own list. */
export function applyChatListEvent(
  list: readonly ChatListItem[],
  event: MyChatEvent,
  showsHidden: boolean,
): ChatListItem[] {
  const key = event.chat?.key ?? event.chatKey;
  const others = list.filter((chat) => chat.key !== key);
  if (event.kind !== 'UPDATED' || !event.chat || event.chat.pivot.isHidden !== showsHidden) return others;
  return [...others, event.chat].sort((a, b) => activity(b) - activity(a));
}

/**
 * The chat list, live: `myChatEvents` moves a chat to the top on a new message, updates unread
 * counts, and adds, hides or removes chats; on every (re)connection (READY) the loader reads the
 * list again so nothing missed while away stays missing. The open chat counts as read.
 */
export function useChatListLive(
  chats: ChatListItem[],
  showsHidden: boolean,
  openKey: string | null,
): ChatListItem[] {
  const [live, setLive] = useState(chats);
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  useEffect(() => {
    revalidate.current = revalidator.revalidate;
  });
  const isFirstReady = useRef(true);
  // A new read by the loader replaces the list (the React way to follow a prop: during render).
  const [source, setSource] = useState(chats);
  if (source !== chats) {
    setSource(chats);
    setLive(chats);
  }
  useEffect(() => {
    isFirstReady.current = true;
    return liveSubscribe<{ myChatEvents: MyChatEvent }>(
      MY_CHAT_EVENTS,
      () => ({}),
      ({ myChatEvents: event }) => {
        if (event.kind === 'READY') {
          // The first READY follows the page's own read; later ones follow a lost connection.
          if (!isFirstReady.current) void revalidate.current();
          isFirstReady.current = false;
          return;
        }
        setLive((current) => applyChatListEvent(current, event, showsHidden));
      },
      () => undefined,
    );
  }, [showsHidden]);
  return openKey
    ? live.map((chat) => (chat.key === openKey && chat.unreadCount > 0 ? { ...chat, unreadCount: 0 } : chat))
    : live;
}
