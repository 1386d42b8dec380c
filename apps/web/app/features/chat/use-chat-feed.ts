import { useCallback, useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { CHAT_RELOAD_GUARD_MS } from '@plaza/core/constants';
import { MESSAGE_SEND_STATE, type MessageSendState } from '@plaza/core/message-send-state';
import { MESSAGE_FIELDS, type ChatMessage } from './chat-data.ts';
import { liveRequest, liveSubscribe, onLiveConnected } from '../../graphql/live-client.ts';

const CHAT_EVENTS = `subscription ChatEvents($key: String!, $afterRev: Int) {
  chatEvents(key: $key, afterRev: $afterRev) { kind cursor message { ${MESSAGE_FIELDS} } }
}`;

const SEND = `mutation SendMessage($chatKey: String!, $clientId: String!, $text: String!, $parentKey: String, $mediaKeys: [String!], $planKey: String, $memix: MemixInput) {
  sendMessage(chatKey: $chatKey, clientId: $clientId, text: $text, parentKey: $parentKey, mediaKeys: $mediaKeys, planKey: $planKey, memix: $memix) { ${MESSAGE_FIELDS} }
}`;
const POLL = `mutation CreatePoll($chatKey: String!, $clientId: String!, $title: String!, $options: [String!]!, $multiple: Boolean, $parentKey: String) {
  createPoll(chatKey: $chatKey, clientId: $clientId, title: $title, options: $options, multiple: $multiple, parentKey: $parentKey) { ${MESSAGE_FIELDS} }
}`;
const PROMPT = `mutation CreatePrompt($chatKey: String!, $clientId: String!, $question: String!) {
  createPrompt(chatKey: $chatKey, clientId: $clientId, question: $question) { ${MESSAGE_FIELDS} }
}`;
const VOTE = `mutation VotePoll($messageKey: String!, $optionIds: [Int!]!) { votePoll(messageKey: $messageKey, optionIds: $optionIds) { ${MESSAGE_FIELDS} } }`;
const THREAD = `query ThreadReplies($key: String!, $parentKey: String!) {
  chat(key: $key) { messages(parentKey: $parentKey, limit: 200) { messages { ${MESSAGE_FIELDS} } } }
}`;
const THREAD_SEEN = `mutation MarkThreadSeen($messageKey: String!) { markThreadSeen(messageKey: $messageKey) { key } }`;

const EDIT = `mutation EditMessage($key: String!, $text: String!) { editMessage(key: $key, text: $text) { ${MESSAGE_FIELDS} } }`;
const DELETE = `mutation DeleteMessage($key: String!) { deleteMessage(key: $key) { ${MESSAGE_FIELDS} } }`;
const SEEN = `mutation MarkChatSeen($key: String!, $seq: Int!) { markChatSeen(key: $key, seq: $seq) { key } }`;
const OLDER = `query OlderMessages($key: String!, $before: String!) {
  chat(key: $key) { messages(before: $before, limit: 50) { canLoadPrev firstMessageKey messages { ${MESSAGE_FIELDS} } } }
}`;

/** A message on its way: shown at once, with its send state (spec 4) and a retry when it failed. */
export interface PendingMessage {
  clientId: string;
  text: string;
  parentKey: string | null;
  mediaKeys: string[];
  /** Local previews of the attached files while they are on their way. */
  previews: string[];
  state: MessageSendState;
  error: string | null;
  createdAt: number;
}

export interface ChatFeedInit {
  chatKey: string;
  /** The chat's change number when the page was read: live events resume from here. */
  lastRev: number;
  messages: ChatMessage[];
  canLoadPrev: boolean;
  firstMessageKey: string | null;
}

function newClientId(): string {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * Merges messages by key in sequence order; a copy replaces the one held only when its change
 * number (rev) is higher, so a late or repeated event never undoes a newer state.
 */
export function mergeMessages(
  current: readonly ChatMessage[],
  incoming: readonly ChatMessage[],
): ChatMessage[] {
  if (incoming.length === 0) return current as ChatMessage[];
  const byKey = new Map(current.map((message) => [message.key, message]));
  for (const message of incoming) {
    const held = byKey.get(message.key);
    if (!held || held.rev <= message.rev) byKey.set(message.key, message);
  }
  return [...byKey.values()].sort((a, b) => a.seq - b.seq);
}

function errorText(result: {
  errors?: ReadonlyArray<{ message: string; extensions?: { code?: string } }>;
}): string | null {
  const first = result.errors?.[0];
  if (!first) return null;
  return first.message;
}

type Answer = { errors?: ReadonlyArray<{ message: string; extensions?: { code?: string } }> };

/**
 * The live state of one chat: the main conversation and the threads opened so far, kept current
 * by `chatEvents` from the last change number held (so a reconnection fetches exactly what was
 * missed, edits and votes included), the viewer's sends with their states (spec 4), polls and
 * prompts, and paging back through older messages.
 */
export function useChatFeed(init: ChatFeedInit) {
  const [messages, setMessages] = useState<ChatMessage[]>(init.messages);
  const [replies, setReplies] = useState<Map<string, ChatMessage[]>>(() => new Map());
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const [canLoadPrev, setCanLoadPrev] = useState(init.canLoadPrev);
  const [firstKey, setFirstKey] = useState(init.firstMessageKey);
  const [isLoadingOlder, setIsLoadingOlder] = useState(false);
  const [liveError, setLiveError] = useState<string | null>(null);
  const cursor = useRef(init.lastRev);
  const seenSent = useRef(0);
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  useEffect(() => {
    revalidate.current = revalidator.revalidate;
  });

  // The loader read the chat again (after a long gap): its page joins what is held. The caller
  // mounts one feed per chat (keyed by the chat), so another chat starts afresh.
  const [source, setSource] = useState(init.messages);
  if (source !== init.messages) {
    setSource(init.messages);
    setMessages((current) => mergeMessages(current, init.messages));
  }
  useEffect(() => {
    cursor.current = Math.max(cursor.current, init.lastRev);
  }, [init.lastRev]);

  const take = useCallback((incoming: readonly ChatMessage[]) => {
    if (incoming.length === 0) return;
    for (const message of incoming) cursor.current = Math.max(cursor.current, message.rev);
    const main = incoming.filter((message) => message.parentKey === null);
    const threaded = incoming.filter((message) => message.parentKey !== null);
    if (main.length > 0) setMessages((current) => mergeMessages(current, main));
    if (threaded.length > 0) {
      setReplies((current) => {
        const next = new Map(current);
        for (const reply of threaded) {
          const parent = reply.parentKey as string;
          next.set(parent, mergeMessages(next.get(parent) ?? [], [reply]));
        }
        return next;
      });
    }
    // Our own sends arrive through the subscription too: the pending copy goes.
    const arrived = new Set(incoming.map((message) => message.clientId));
    setPending((current) => current.filter((entry) => !arrived.has(entry.clientId)));
  }, []);

  useEffect(() => {
    const stop = liveSubscribe<{ chatEvents: { kind: string; cursor: number; message: ChatMessage } }>(
      CHAT_EVENTS,
      () => ({ key: init.chatKey, afterRev: cursor.current }),
      (data) => {
        setLiveError(null);
        take([data.chatEvents.message]);
      },
      (message) => setLiveError(message),
      () => setLiveError(null),
    );
    // After a long gap the loaded page itself may be stale (spec 9 reload guard): read it again.
    const stopConnected = onLiveConnected((gapMs) => {
      if (gapMs !== null && gapMs > CHAT_RELOAD_GUARD_MS) void revalidate.current();
    });
    return () => {
      stop();
      stopConnected();
    };
  }, [init.chatKey, take]);

  // Seen up to the newest message while the page is in view.
  const newestSeq = messages.at(-1)?.seq ?? 0;
  useEffect(() => {
    const mark = () => {
      if (document.visibilityState !== 'visible' || newestSeq <= seenSent.current) return;
      seenSent.current = newestSeq;
      void liveRequest(SEEN, { key: init.chatKey, seq: newestSeq }).catch(() => {
        seenSent.current = 0;
      });
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [init.chatKey, newestSeq]);

  const setPendingState = useCallback((clientId: string, change: Partial<PendingMessage>) => {
    setPending((current) =>
      current.map((item) => (item.clientId === clientId ? { ...item, ...change } : item)),
    );
  }, []);

  /** Runs one send-like mutation for a pending entry; the entry's client id makes retries safe. */
  const deliver = useCallback(
    async (entry: PendingMessage, query: string, variables: Record<string, unknown>, field: string) => {
      setPendingState(entry.clientId, { state: MESSAGE_SEND_STATE.SENDING, error: null });
      try {
        const result = await liveRequest<Record<string, ChatMessage | null>>(query, {
          chatKey: init.chatKey,
          clientId: entry.clientId,
          ...variables,
        });
        const stored = result.data?.[field];
        if (stored) {
          setPendingState(entry.clientId, { state: MESSAGE_SEND_STATE.SEND });
          take([stored]);
          return null;
        }
        throw new Error(errorText(result) ?? 'The message could not be sent.');
      } catch (error) {
        const message = error instanceof Error ? error.message : 'The message could not be sent.';
        setPendingState(entry.clientId, { state: MESSAGE_SEND_STATE.ERROR, error: message });
        return message;
      }
    },
    [init.chatKey, take, setPendingState],
  );

  const retries = useRef(new Map<string, () => void>());

  const start = useCallback(
    (
      shown: { text: string; parentKey: string | null; mediaKeys?: string[]; previews?: string[] },
      run: (entry: PendingMessage) => Promise<string | null>,
    ) => {
      const entry: PendingMessage = {
        clientId: newClientId(),
        text: shown.text,
        parentKey: shown.parentKey,
        mediaKeys: shown.mediaKeys ?? [],
        previews: shown.previews ?? [],
        state: MESSAGE_SEND_STATE.READY,
        error: null,
        createdAt: Date.now(),
      };
      retries.current.set(entry.clientId, () => void run(entry));
      setPending((current) => [...current, entry]);
      return run(entry);
    },
    [],
  );

  const send = useCallback(
    (
      text: string,
      parentKey: string | null = null,
      media: { keys: string[]; previews: string[] } | null = null,
      plan: { key: string; title: string } | null = null,
    ) =>
      start(
        {
          text: text || (plan ? `📅 ${plan.title}` : ''),
          parentKey,
          mediaKeys: media?.keys,
          previews: media?.previews,
        },
        (entry) =>
          deliver(
            entry,
            SEND,
            { text, parentKey, mediaKeys: entry.mediaKeys, planKey: plan?.key ?? null },
            'sendMessage',
          ),
      ),
    [deliver, start],
  );

  const sendMemix = useCallback(
    (memix: { mediaKey: string; top: string; bottom: string; preview: string | null }) =>
      start({ text: '', parentKey: null, previews: memix.preview ? [memix.preview] : [] }, (entry) =>
        deliver(
          entry,
          SEND,
          {
            text: '',
            parentKey: null,
            memix: { mediaKey: memix.mediaKey, top: memix.top, bottom: memix.bottom },
          },
          'sendMessage',
        ),
      ),
    [deliver, start],
  );

  const createPoll = useCallback(
    (poll: { title: string; options: string[]; multiple: boolean }, parentKey: string | null = null) =>
      start({ text: `📊 ${poll.title}`, parentKey }, (entry) =>
        deliver(entry, POLL, { ...poll, parentKey }, 'createPoll'),
      ),
    [deliver, start],
  );

  const createPrompt = useCallback(
    (question: string) =>
      start({ text: `💭 ${question}`, parentKey: null }, (entry) =>
        deliver(entry, PROMPT, { question }, 'createPrompt'),
      ),
    [deliver, start],
  );

  /** Sends a failed message again with the same client id, so it can never be stored twice. */
  const retry = useCallback((clientId: string) => retries.current.get(clientId)?.(), []);

  /** Gives up on a failed message (state CLEARED): it leaves the list. */
  const discard = useCallback((clientId: string) => {
    retries.current.delete(clientId);
    setPending((current) => current.filter((item) => item.clientId !== clientId));
  }, []);

  const change = useCallback(
    async (query: string, variables: Record<string, unknown>, field: string) => {
      try {
        const result = await liveRequest<Record<string, ChatMessage | null>>(query, variables);
        const message = result.data?.[field];
        if (message) take([message]);
        return errorText(result as Answer);
      } catch (error) {
        return error instanceof Error ? error.message : 'That did not work. Try again.';
      }
    },
    [take],
  );

  const edit = useCallback(
    (key: string, text: string) => change(EDIT, { key, text }, 'editMessage'),
    [change],
  );
  const remove = useCallback((key: string) => change(DELETE, { key }, 'deleteMessage'), [change]);
  const vote = useCallback(
    (messageKey: string, optionIds: number[]) => change(VOTE, { messageKey, optionIds }, 'votePoll'),
    [change],
  );

  /** Loads a thread's replies (then kept live by the subscription) and marks the thread seen. */
  const openThread = useCallback(
    async (parentKey: string) => {
      const result = await liveRequest<{ chat: { messages: { messages: ChatMessage[] } } | null }>(THREAD, {
        key: init.chatKey,
        parentKey,
      }).catch(() => null);
      const found = result?.data?.chat?.messages.messages;
      if (found) {
        setReplies((current) =>
          new Map(current).set(parentKey, mergeMessages(current.get(parentKey) ?? [], found)),
        );
      }
      void liveRequest(THREAD_SEEN, { messageKey: parentKey }).catch(() => undefined);
    },
    [init.chatKey],
  );

  const loadOlder = useCallback(async () => {
    if (!firstKey || isLoadingOlder) return;
    setIsLoadingOlder(true);
    try {
      const result = await liveRequest<{
        chat: { messages: { canLoadPrev: boolean; firstMessageKey: string | null; messages: ChatMessage[] } };
      }>(OLDER, { key: init.chatKey, before: firstKey });
      const page = result.data?.chat.messages;
      if (page) {
        setMessages((current) => mergeMessages(current, page.messages));
        setCanLoadPrev(page.canLoadPrev);
        setFirstKey(page.firstMessageKey ?? firstKey);
      }
    } catch {
      // The button stays; the person can try again.
    } finally {
      setIsLoadingOlder(false);
    }
  }, [firstKey, isLoadingOlder, init.chatKey]);

  return {
    messages,
    replies,
    pending,
    canLoadPrev,
    isLoadingOlder,
    liveError,
    send,
    sendMemix,
    createPoll,
    createPrompt,
    vote,
    retry,
    discard,
    edit,
    remove,
    openThread,
    loadOlder,
  };
}
