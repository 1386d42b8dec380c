import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_UNREAD_COUNT_MAX } from '@plaza/core/constants';
import { chatMembers, messages } from '../src/db/schema/index.ts';
import { readChatState, readChatStates, readChatStatesWithLast } from '../src/domains/chats/chat-state.ts';
import { newKey } from '../src/ids.ts';
import { startTestPlaza, type TestPlaza } from './harness.ts';
import { buildGroup, buildUser } from './support/factories.ts';

// A chat-list event reads many members' states at once (readChatStates), their unread counts from
// the chat's newest messages read once; one person's (readChatState) counts after their last seen
// message. Both must give every person the same count, whichever way it is found.

let t: TestPlaza;
const db = () => t.plaza.platform.store.db;

beforeAll(async () => {
  t = await startTestPlaza();
});
afterAll(() => t.close());

/** Messages `from`..`to` (sequence numbers) of the chat, each sent by `senderOf(seq)`. */
async function addMessages(
  chatId: number,
  from: number,
  to: number,
  senderOf: (seq: number) => number,
  options: { parentId?: (seq: number) => number | null; deleted?: (seq: number) => boolean } = {},
) {
  const rows = [];
  for (let seq = from; seq <= to; seq++)
    rows.push({
      key: newKey(),
      chatId,
      senderId: senderOf(seq),
      clientId: newKey(),
      text: `message ${seq}`,
      seq,
      parentId: options.parentId?.(seq) ?? null,
      deletedAt: options.deleted?.(seq) ? new Date() : null,
    });
  await db().insert(messages).values(rows);
}

async function setLastSeen(chatId: number, userId: number, seq: number) {
  await db()
    .update(chatMembers)
    .set({ lastSeenSeq: seq })
    .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.userId, userId)));
}

/** A group chat of its owner and nine members (eight or more are counted together). */
async function groupOfTen() {
  const owner = await buildUser(db(), 'Owner');
  const members = await Promise.all(Array.from({ length: 9 }, (_, i) => buildUser(db(), `Member${i}`)));
  const { chat } = await buildGroup(
    db(),
    owner.id,
    members.map((m) => ({ userId: m.id })),
  );
  return { owner, members, chat };
}

/** Every person's count read both ways. */
async function bothWays(chatId: number, ids: number[]) {
  const together = (await readChatStates(db(), chatId, ids)).map((state) => state.unreadCount);
  const alone = [];
  for (const id of ids) alone.push((await readChatState(db(), chatId, id)).unreadCount);
  return { together, alone };
}

describe('many members’ unread counts read together', () => {
  it('are each person’s own count, however far back they last looked and whoever wrote the newest', async () => {
    const owner = await buildUser(db(), 'Owner');
    const prolific = await buildUser(db(), 'Prolific');
    const others = await Promise.all(Array.from({ length: 10 }, (_, i) => buildUser(db(), `Other${i}`)));
    const stranger = await buildUser(db(), 'Stranger');
    const { chat } = await buildGroup(
      db(),
      owner.id,
      [prolific, ...others].map((p) => ({ userId: p.id })),
    );
    // 1-60 from two others; 61-260 almost all from one person; 261-300 from a third. Every 17th
    // deleted, every 23rd a thread reply: neither counts.
    const first = await db()
      .insert(messages)
      .values({
        key: newKey(),
        chatId: chat.id,
        senderId: others[0]!.id,
        clientId: newKey(),
        text: 'first',
        seq: 1,
      })
      .returning();
    await addMessages(
      chat.id,
      2,
      300,
      (seq) =>
        seq <= 60
          ? others[seq % 2]!.id
          : seq <= 260
            ? seq % 10 === 0
              ? others[3]!.id
              : prolific.id
            : others[2]!.id,
      { parentId: (seq) => (seq % 23 === 0 ? first[0]!.id : null), deleted: (seq) => seq % 17 === 0 },
    );
    // Last seen (the prolific sender first): long ago, never, before the newest 200 countable, among
    // them, the end.
    const seen = [50, 0, 90, 120, 150, 200, 250, 290, 300, 0, 10];
    const people = [prolific, ...others];
    for (const [index, person] of people.entries()) await setLastSeen(chat.id, person.id, seen[index]!);
    await setLastSeen(chat.id, owner.id, 40);
    const ids = [owner.id, ...people.map((p) => p.id), stranger.id];
    const { together, alone } = await bothWays(chat.id, ids);
    expect(together).toEqual(alone);
    // The three ways are all taken: someone long gone at the cap, the prolific sender (who wrote most
    // of the newest) counted as alone, and exact counts among the newest.
    expect(together[0]).toBe(CHAT_UNREAD_COUNT_MAX);
    expect(together[1]).toBeLessThan(CHAT_UNREAD_COUNT_MAX);
    expect(together[1]).toBeGreaterThan(0);
    expect(together[9]).toBe(0);
    expect(together.filter((count) => count > 0 && count < CHAT_UNREAD_COUNT_MAX).length).toBeGreaterThan(3);
  });

  it('are exact in a chat with fewer messages than are read at once, and zero in an empty one', async () => {
    const { owner, members, chat } = await groupOfTen();
    const { chat: empty } = await buildGroup(
      db(),
      owner.id,
      members.map((m) => ({ userId: m.id })),
    );
    await addMessages(chat.id, 1, 30, (seq) => (seq % 3 === 0 ? owner.id : members[seq % 9]!.id));
    for (const [index, member] of members.entries()) await setLastSeen(chat.id, member.id, index * 4);
    const ids = [owner.id, ...members.map((m) => m.id)];
    const { together, alone } = await bothWays(chat.id, ids);
    expect(together).toEqual(alone);
    expect(together[0]).toBe(20);
    expect((await bothWays(empty.id, ids)).together).toEqual(ids.map(() => 0));
  });

  it('come with the chat’s newest message that shows, from the same statement', async () => {
    const { owner, members, chat } = await groupOfTen();
    const ids = [owner.id, ...members.map((m) => m.id)];
    const empty = await readChatStatesWithLast(db(), chat.id, ids);
    expect(empty.lastMessageId).toBeNull();
    expect(empty.states.map((state) => state.unreadCount)).toEqual(ids.map(() => 0));
    const sender = (seq: number) => members[seq % 9]!.id;
    await addMessages(chat.id, 1, 10, sender);
    const bySeq = async (seq: number) =>
      (
        await db()
          .select()
          .from(messages)
          .where(and(eq(messages.chatId, chat.id), eq(messages.seq, seq)))
      )[0]!;
    const first = await bySeq(1);
    // 11 a thread reply (under 1), 12 deleted, 13 removed by a moderator: 10 is the newest that
    // shows in the main chat.
    await addMessages(chat.id, 11, 11, sender, { parentId: () => first.id });
    await addMessages(chat.id, 12, 13, sender, { deleted: (seq) => seq === 12 });
    await db()
      .update(messages)
      .set({ hiddenAt: new Date() })
      .where(and(eq(messages.chatId, chat.id), eq(messages.seq, 13)));
    const newest = await bySeq(10);
    // Many at once and one alone: the same states as readChatStates, and the same last message.
    for (const asked of [ids, [owner.id]]) {
      const read = await readChatStatesWithLast(db(), chat.id, asked);
      expect(read.lastMessageId).toBe(newest.id);
      expect(read.states).toEqual(await readChatStates(db(), chat.id, asked));
    }
  });
});
