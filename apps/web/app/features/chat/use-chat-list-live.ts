import { useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { CHAT_UNREAD_COUNT_MAX } from '@plaza/core/constants';
import { CHAT_LIST_FIELDS, LAST_CHAT_FIELDS, type ChatListItem } from './chat-data.ts';
import { liveRequest, liveSubscribe } from '../../graphql/live-client.ts';
import type { GraphQLResult } from '../../context.ts';

/**
 * The chat list's changes. Selecting `message` asks for MESSAGE events: a new message alone, the
 * same for every member, which the list applies itself (decision 0032).
 */
export const MY_CHAT_EVENTS = `subscription MyChatEvents($since: String) { myChatEvents(since: $since) { kind chatKey
  chat { ${CHAT_LIST_FIELDS} }
  message { seq createdAt ${LAST_CHAT_FIELDS} } sentByViewer missed } }`;

/** Before any message, for a list without one: any message since is news. */
const NO_ACTIVITY = new Date(0).toISOString();

const CHAT_ENTRY = `query ChatEntry($key: String!) { chat(key: $key) { ${CHAT_LIST_FIELDS} } }`;

export type ListedMessage = NonNullable<ChatListItem['lastChat']> & { seq: number; createdAt: string };

export interface MyChatEvent {
  kind: 'READY' | 'UPDATED' | 'REMOVED' | 'MESSAGE';
  chatKey: string | null;
  chat: ChatListItem | null;
  message?: ListedMessage | null;
  sentByViewer?: boolean | null;
  missed?: boolean | null;
}

/**
 * What a read of one chat's entry says: the chat as the viewer now sees it, or null in `chat` when
 * the viewer may no longer read it; null for a read that failed (nothing is known).
 */
export function entryRead(
  result: GraphQLResult<{ chat: ChatListItem | null }>,
): { chat: ChatListItem | null } | null {
  if (result.data?.chat) return { chat: result.data.chat };
  const gone = result.errors?.some((error) => error.extensions?.code === 'NOT_FOUND');
  return gone || (result.data && !result.errors?.length) ? { chat: null } : null;
}

function activity(chat: ChatListItem): number {
  return chat.lastMessageAt ? Date.parse(chat.lastMessageAt) : 0;
}

/** The newest activity of a list as the server wrote it: what the subscription's READY checks after. */
export function newestActivity(list: readonly ChatListItem[]): string {
  let newest: ChatListItem | null = null;
  for (const chat of list)
    if (chat.lastMessageAt && (!newest || activity(chat) > activity(newest))) newest = chat;
  return newest?.lastMessageAt ?? NO_ACTIVITY;
}

function newestFirst(list: ChatListItem[]): ChatListItem[] {
  return list.sort((a, b) => activity(b) - activity(a));
}

/**
 * The messages an entry counted from MESSAGE events since it was read (its lastSeq then is `base`:
 * the read counted every message up to it): their numbers, and those of them not yet read. Kept on
 * the entry while the list lives; a list or entry read again has none.
 */
interface Arrivals {
  base: number;
  seqs: readonly number[];
  unread: readonly number[];
  /** The viewer's newest own message among them (base without one): the chat is read up to it. */
  readTo: number;
}

/** Numbers an entry keeps of its arrivals; beyond, the oldest go and the base rises past them. */
const ARRIVALS_KEPT = 200;

type LiveEntry = ChatListItem & { arrivals?: Arrivals };

function withArrival(arrivals: Arrivals, seq: number, own: boolean): Arrivals {
  const readTo = own ? Math.max(arrivals.readTo, seq) : arrivals.readTo;
  const unread = own
    ? arrivals.unread.filter((each) => each > seq)
    : seq > readTo
      ? [...arrivals.unread, seq]
      : arrivals.unread;
  const seqs = [...arrivals.seqs, seq].sort((a, b) => a - b);
  if (seqs.length <= ARRIVALS_KEPT) return { base: arrivals.base, seqs, unread, readTo };
  const dropped = seqs.splice(0, seqs.length - ARRIVALS_KEPT);
  const base = Math.max(arrivals.base, ...dropped);
  return { base, seqs, unread: unread.filter((each) => each > base), readTo };
}

/**
 * A new message applied to the entry it belongs to: its last message and activity, one more
 * unread (up to the cap) unless the viewer sent it, which marks the chat read. Two messages sent at
 * once may be published in the other order: one older than the entry's last (its number lower)
 * that the entry's read did not hold and no event brought yet still counts, without becoming the
 * last; the viewer's own leaves unread only the newer messages that came. A message the entry
 * already holds changes nothing, so a list read again after the message does not count it twice.
 * Undefined when the list does not hold the chat.
 */
function withMessage(
  list: readonly ChatListItem[],
  key: string,
  message: ListedMessage,
  sentByViewer: boolean,
  showsHidden: boolean,
): ChatListItem[] | undefined {
  const entry: LiveEntry | undefined = list.find((chat) => chat.key === key);
  if (!entry) return undefined;
  const others = list.filter((chat) => chat !== entry);
  // A new message brings a hidden chat back into the list of shown ones.
  if (showsHidden) return others;
  const arrivals = entry.arrivals ?? { base: entry.lastSeq, seqs: [], unread: [], readTo: entry.lastSeq };
  const { seq, createdAt, ...lastChat } = message;
  if (seq <= entry.lastSeq) {
    if (seq <= arrivals.base || arrivals.seqs.includes(seq)) return [...list];
    const next = withArrival(arrivals, seq, sentByViewer);
    // The viewer's own: what came after it stays unread; another's: one more unless read past.
    const unreadCount = sentByViewer
      ? Math.min(CHAT_UNREAD_COUNT_MAX, next.unread.length)
      : Math.min(CHAT_UNREAD_COUNT_MAX, entry.unreadCount + (next.unread.includes(seq) ? 1 : 0));
    const late: LiveEntry = { ...entry, unreadCount, arrivals: next };
    return list.map((chat) => (chat === entry ? late : chat));
  }
  const updated: LiveEntry = {
    ...entry,
    lastSeq: seq,
    lastMessageAt: createdAt,
    lastChat,
    unreadCount: sentByViewer ? 0 : Math.min(CHAT_UNREAD_COUNT_MAX, entry.unreadCount + 1),
    pivot: { ...entry.pivot, isHidden: false },
    arrivals: withArrival(arrivals, seq, sentByViewer),
  };
  return newestFirst([...others, updated]);
}

/**
 * Applies one change to the list: newest activity first (spec 4), each chat once, in its own list.
 * Undefined for a MESSAGE of a chat the shown list does not hold: the caller reads that chat.
 */
export function applyChatListEvent(
  list: readonly ChatListItem[],
  event: MyChatEvent,
  showsHidden: boolean,
): ChatListItem[] | undefined {
  const key = event.chat?.key ?? event.chatKey;
  if (event.kind === 'MESSAGE') {
    if (!key || !event.message) return [...list];
    const applied = withMessage(list, key, event.message, event.sentByViewer === true, showsHidden);
    return applied ?? (showsHidden ? [...list] : undefined);
  }
  const others = list.filter((chat) => chat.key !== key);
  if (event.kind !== 'UPDATED' || !event.chat || event.chat.pivot.isHidden !== showsHidden) return others;
  return newestFirst([...others, event.chat]);
}

/**
 * Of the chats `touched` by events since the list `before` was read, those a list read again
 * (`after`) may be behind on: the read was made before the event, or the event before the read,
 * and only a read of the chat tells which. An entry one list holds and the other not, or with a
 * newer message, or with the same last message but another unread count or state; an entry the new
 * read holds with a newer message than the list drawn is up to date.
 */
export function entriesBehind(
  touched: ReadonlySet<string>,
  before: readonly ChatListItem[],
  after: readonly ChatListItem[],
): string[] {
  const drawn = new Map(before.map((chat) => [chat.key, chat]));
  const read = new Map(after.map((chat) => [chat.key, chat]));
  return [...touched].filter((key) => {
    const was = drawn.get(key);
    const is = read.get(key);
    if (!was || !is) return was !== is;
    if (was.lastSeq !== is.lastSeq) return was.lastSeq > is.lastSeq;
    return (
      was.unreadCount !== is.unreadCount ||
      was.pivot.isHidden !== is.pivot.isHidden ||
      was.pivot.muteUntil !== is.pivot.muteUntil
    );
  });
}

/**
 * The chat list, live: `myChatEvents` moves a chat to the top on a new message, updates unread
 * counts, and adds, hides or removes chats; on every reconnection (READY), and on the first when
 * a message came between the page's read and the subscription (`missed`), the loader reads the
 * list again so nothing missed while away stays missing. A new message of a chat the list does not
 * show yet (a new direct message, one hidden until now) reads that chat's entry. The open chat
 * counts as read.
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
  // What the page's list was read up to: the first READY says whether anything came after.
  const readUpTo = useRef(newestActivity(chats));
  // The chats events changed since the list in hand arrived: a list read again may have been read
  // before those events, and the entries it is behind on are read afresh once it is in.
  const touched = useRef(new Set<string>());
  const readEntry = useRef<(key: string) => void>(() => undefined);
  // The list as last drawn, events applied (what a new read is compared with).
  const drawn = useRef(live);
  // A new read by the loader replaces the list (the React way to follow a prop: during render).
  const [source, setSource] = useState(chats);
  if (source !== chats) {
    setSource(chats);
    setLive(chats);
  }
  useEffect(() => {
    readUpTo.current = newestActivity(chats);
    const keys = entriesBehind(touched.current, drawn.current, chats);
    touched.current.clear();
    for (const key of keys) readEntry.current(key);
  }, [chats]);
  // After the effect above: in the commit of a new read, it still sees the list drawn before it.
  useEffect(() => {
    drawn.current = live;
  });
  useEffect(() => {
    isFirstReady.current = true;
    let active = true;
    // The chats being read, each with whether an event came for it meanwhile (the read may be
    // older than that event: the chat is read once more when it ends).
    const reading = new Map<string, boolean>();
    const read = (key: string) => {
      if (reading.has(key)) {
        reading.set(key, true);
        return;
      }
      reading.set(key, false);
      void liveRequest<{ chat: ChatListItem | null }>(CHAT_ENTRY, { key })
        .then(entryRead, () => null)
        .then((entry) => {
          const again = reading.get(key) === true;
          reading.delete(key);
          if (!active) return;
          // A failed read changes nothing: a later event or the next READY tells the rest.
          if (entry !== null) {
            const event: MyChatEvent = entry.chat
              ? { kind: 'UPDATED', chatKey: key, chat: entry.chat }
              : { kind: 'REMOVED', chatKey: key, chat: null };
            setLive((current) => applyChatListEvent(current, event, showsHidden)!);
          }
          if (again) read(key);
        });
    };
    readEntry.current = read;
    const stop = liveSubscribe<{ myChatEvents: MyChatEvent }>(
      MY_CHAT_EVENTS,
      () => ({ since: readUpTo.current }),
      ({ myChatEvents: event }) => {
        if (event.kind === 'READY') {
          // The first READY follows the page's own read, and says whether a message came between
          // that read and now; later ones follow a lost connection.
          if (!isFirstReady.current || event.missed) void revalidate.current();
          isFirstReady.current = false;
          return;
        }
        const key = event.chat?.key ?? event.chatKey;
        if (key) {
          touched.current.add(key);
          if (reading.has(key)) reading.set(key, true);
        }
        setLive((current) => {
          const next = applyChatListEvent(current, event, showsHidden);
          if (next) return next;
          if (event.chatKey) read(event.chatKey);
          return current;
        });
      },
      () => undefined,
    );
    return () => {
      active = false;
      readEntry.current = () => undefined;
      stop();
    };
  }, [showsHidden]);
  return openKey
    ? live.map((chat) => (chat.key === openKey && chat.unreadCount > 0 ? { ...chat, unreadCount: 0 } : chat))
    : live;
}
