import { describe, expect, it } from 'vitest';
import { CHAT_UNREAD_COUNT_MAX } from '@plaza/core/constants';
import type { ChatListItem } from './chat-data.ts';
import {
  applyChatListEvent,
  entriesBehind,
  entryRead,
  newestActivity,
  type ListedMessage,
  type MyChatEvent,
} from './use-chat-list-live.ts';

function entry(key: string, lastSeq: number, at: string, unreadCount = 0, isHidden = false): ChatListItem {
  return {
    id: lastSeq,
    key,
    type: 'g',
    typename: 'group',
    lastSeq,
    lastMessageAt: at,
    unreadCount,
    group: { key: `g-${key}`, slug: key, title: key, image: null },
    plan: null,
    otherUser: null,
    lastChat: { ...plainMessage(at, `last of ${key}`), user: null },
    pivot: { isHidden, muteUntil: null },
  };
}

/** A text message from Ana at `at`, as a list entry shows it. */
function plainMessage(at: string, text: string): NonNullable<ChatListItem['lastChat']> {
  return {
    text,
    media: [],
    poll: null,
    prompt: null,
    plan: null,
    timestamp: Date.parse(at),
    deletedAt: null,
    user: { id: 7, username: 'ana', fullName: 'Ana' },
  };
}

function message(seq: number, at: string, text: string): ListedMessage {
  return { seq, createdAt: at, ...plainMessage(at, text) };
}

function messageEvent(chatKey: string, sent: ListedMessage, sentByViewer = false): MyChatEvent {
  return { kind: 'MESSAGE', chatKey, chat: null, message: sent, sentByViewer };
}

const list = [entry('a', 5, '2026-11-27T10:00:00Z', 2), entry('b', 9, '2026-11-27T09:00:00Z', 0)];

describe('applyChatListEvent with MESSAGE (decision 0032)', () => {
  it('moves the chat to the top with its new last message, one more unread', () => {
    const next = applyChatListEvent(
      list,
      messageEvent('b', message(10, '2026-11-27T11:00:00Z', 'hi')),
      false,
    )!;
    expect(next.map((chat) => chat.key)).toEqual(['b', 'a']);
    expect(next[0]).toMatchObject({
      lastSeq: 10,
      lastMessageAt: '2026-11-27T11:00:00Z',
      unreadCount: 1,
      lastChat: { text: 'hi', user: { fullName: 'Ana' } },
    });
    expect(next[0]!.lastChat).not.toHaveProperty('seq');
    expect(next[1]).toBe(list[0]);
  });

  it('counts up to the cap, and the viewer’s own message marks the chat read', () => {
    const full = [entry('a', 5, '2026-11-27T10:00:00Z', CHAT_UNREAD_COUNT_MAX)];
    const capped = applyChatListEvent(
      full,
      messageEvent('a', message(6, '2026-11-27T11:00:00Z', 'x')),
      false,
    )!;
    expect(capped[0]!.unreadCount).toBe(CHAT_UNREAD_COUNT_MAX);
    const own = applyChatListEvent(
      list,
      messageEvent('a', message(6, '2026-11-27T11:00:00Z', 'me'), true),
      false,
    )!;
    expect(own[0]).toMatchObject({ key: 'a', unreadCount: 0, lastChat: { text: 'me' } });
  });

  it('ignores a message the entry already holds (a list read after it), so nothing counts twice', () => {
    const next = applyChatListEvent(
      list,
      messageEvent('b', message(9, '2026-11-27T09:00:00Z', 'old')),
      false,
    )!;
    expect(next).toEqual(list);
  });

  it('counts a message that arrives after a newer one (sent at the same time), once, keeping the newer as last', () => {
    // Chat b was read with messages up to 9. Ben's 11 is published before Ana's 10.
    const apply = (from: ChatListItem[], sent: ListedMessage, own = false) =>
      applyChatListEvent(from, messageEvent('b', sent, own), false)!;
    const newer = apply(list, message(11, '2026-11-27T11:00:01Z', 'second'));
    const late = apply(newer, message(10, '2026-11-27T11:00:00Z', 'first'));
    expect(late[0]).toMatchObject({
      key: 'b',
      lastSeq: 11,
      lastMessageAt: '2026-11-27T11:00:01Z',
      unreadCount: 2,
      lastChat: { text: 'second' },
    });
    // The same message again (a repeated event) and one the read already held count nothing.
    expect(apply(late, message(10, '2026-11-27T11:00:00Z', 'first'))[0]!.unreadCount).toBe(2);
    expect(apply(late, message(9, '2026-11-27T09:00:00Z', 'old'))[0]!.unreadCount).toBe(2);
    // A list read again starts afresh: its count holds every message up to its last.
    const reread = [entry('b', 11, '2026-11-27T11:00:01Z', 2)];
    expect(apply(reread, message(10, '2026-11-27T11:00:00Z', 'first'))).toEqual(reread);
  });

  it("reads the viewer's own late message as read up to it: only newer messages stay unread", () => {
    const apply = (from: ChatListItem[], sent: ListedMessage, own = false) =>
      applyChatListEvent(from, messageEvent('a', sent, own), false)!;
    // Chat a was read with 2 unread up to 5; Ana's 7 comes before the viewer's own 6.
    const newer = apply(list, message(7, '2026-11-27T11:00:01Z', 'from Ana'));
    expect(newer[0]!.unreadCount).toBe(3);
    const own = apply(newer, message(6, '2026-11-27T11:00:00Z', 'mine'), true);
    expect(own[0]).toMatchObject({ lastSeq: 7, unreadCount: 1, lastChat: { text: 'from Ana' } });
    // In order, the viewer's own message reads all: a later late one from Ana below it counts nothing.
    const mine = apply(list, message(8, '2026-11-27T11:00:02Z', 'mine'), true);
    expect(apply(mine, message(6, '2026-11-27T11:00:00Z', 'late'))[0]!.unreadCount).toBe(0);
  });

  it('takes a chat out of the hidden list, and asks for a chat the shown list does not hold', () => {
    const hidden = [entry('h', 3, '2026-11-27T08:00:00Z', 0, true)];
    const event = messageEvent('h', message(4, '2026-11-27T11:00:00Z', 'back'));
    expect(applyChatListEvent(hidden, event, true)).toEqual([]);
    expect(applyChatListEvent(list, event, false)).toBeUndefined();
    expect(applyChatListEvent(list, event, true)).toEqual(list);
  });

  it('still applies UPDATED and REMOVED as the chat as the viewer sees it', () => {
    const updated = { ...entry('b', 12, '2026-11-27T12:00:00Z', 4) };
    const next = applyChatListEvent(list, { kind: 'UPDATED', chatKey: 'b', chat: updated }, false)!;
    expect(next.map((chat) => [chat.key, chat.unreadCount])).toEqual([
      ['b', 4],
      ['a', 2],
    ]);
    expect(applyChatListEvent(list, { kind: 'REMOVED', chatKey: 'a', chat: null }, false)).toEqual([list[1]]);
  });
});

describe('newestActivity', () => {
  it('is the newest lastMessageAt as the server wrote it, or the epoch for a list without messages', () => {
    expect(newestActivity(list)).toBe('2026-11-27T10:00:00Z');
    expect(newestActivity([{ ...list[0]!, lastMessageAt: null }])).toBe('1970-01-01T00:00:00.000Z');
    expect(newestActivity([])).toBe('1970-01-01T00:00:00.000Z');
  });
});

describe('entryRead', () => {
  it('is the chat read, null in chat when the viewer may no longer read it, and null when the read failed', () => {
    const chat = entry('a', 5, '2026-11-27T10:00:00Z');
    expect(entryRead({ data: { chat } })).toEqual({ chat });
    expect(
      entryRead({ data: null, errors: [{ message: 'Not found', extensions: { code: 'NOT_FOUND' } }] }),
    ).toEqual({ chat: null });
    expect(
      entryRead({ errors: [{ message: 'Boom', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] }),
    ).toBeNull();
    expect(entryRead({})).toBeNull();
  });
});

describe('entriesBehind', () => {
  const a = entry('a', 5, '2026-11-27T10:00:00Z', 2);
  const b = entry('b', 9, '2026-11-27T09:00:00Z', 0);
  const touched = (...keys: string[]) => new Set(keys);

  it('names a touched chat the new read lacks or holds alone, or holds with an older message', () => {
    expect(entriesBehind(touched('a'), [a, b], [b])).toEqual(['a']);
    expect(entriesBehind(touched('a'), [b], [a, b])).toEqual(['a']);
    expect(entriesBehind(touched('a'), [{ ...a, lastSeq: 6 }, b], [a, b])).toEqual(['a']);
  });

  it('names one with the same last message but another unread count or state', () => {
    expect(entriesBehind(touched('a'), [{ ...a, unreadCount: 0 }], [a])).toEqual(['a']);
    expect(
      entriesBehind(
        touched('a'),
        [{ ...a, pivot: { isHidden: false, muteUntil: '2026-12-01T00:00:00Z' } }],
        [a],
      ),
    ).toEqual(['a']);
  });

  it('leaves a chat the new read has as drawn or newer, one no event touched, and one in neither list', () => {
    expect(entriesBehind(touched('a'), [a, b], [a, b])).toEqual([]);
    expect(entriesBehind(touched('a'), [a], [{ ...a, lastSeq: 7, unreadCount: 4 }])).toEqual([]);
    expect(entriesBehind(touched(), [a, b], [b])).toEqual([]);
    expect(entriesBehind(touched('c'), [a], [a])).toEqual([]);
  });
});
