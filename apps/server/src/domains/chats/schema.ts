import {
  CHAT_PERMISSION_NAMES,
  CHAT_TYPENAME,
  type ChatPermissions,
  type ChatType,
} from '@plaza/core/chat-permissions';
import { builder } from '../../graphql/builder.ts';
import { badUserInput } from '../../graphql/errors.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { GroupRef } from '../groups/group-type.ts';
import { groupLoaders } from '../groups/group-loaders.ts';
import { PlanRef } from '../plans/plan-type.ts';
import { requireViewerUser } from '../users/require-viewer-user.ts';
import { UserRef } from '../users/schema.ts';
import { findChat } from './chat-access.ts';
import { chatEventStream, type ChatEvent } from './chat-events.ts';
import { markChatSeen, muteChat, readChatState, setChatHidden, type ChatState } from './chat-state.ts';
import { deleteMessage, editMessage } from './change-message.ts';
import { listMessages, listMyChats, type ChatEntry, type MessagePage } from './list-chats.ts';
import { openDirectChat } from './open-direct-chat.ts';
import { sendMessage, type MessageRow } from './send-message.ts';
import { messages } from '../../db/schema/index.ts';
import { and, desc, eq, isNull } from 'drizzle-orm';

async function stateOf(context: RequestContext, entry: ChatEntry): Promise<ChatState> {
  if (!entry.state)
    entry.state = await readChatState(context.store.db, entry.access.chat.id, context.viewer!.id);
  return entry.state;
}

const ChatPermissionsRef = builder.objectRef<ChatPermissions>('ChatPermissions').implement({
  description: 'Spec 6’s chat permission set for the viewer (decision 0012), plus read.',
  fields: (t) =>
    Object.fromEntries(CHAT_PERMISSION_NAMES.map((name) => [name, t.exposeBoolean(name)])) as Record<
      string,
      ReturnType<typeof t.exposeBoolean>
    >,
});

const ChatPivotRef = builder.objectRef<ChatState>('ChatPivot').implement({
  description: 'The viewer’s own state in a chat.',
  fields: (t) => ({
    lastSeenSeq: t.exposeInt('lastSeenSeq'),
    isHidden: t.exposeBoolean('isHidden'),
    muteUntil: t.string({ nullable: true, resolve: (s) => s.muteUntil?.toISOString() ?? null }),
  }),
});

export const MessageRef = builder.objectRef<MessageRow>('Message').implement({
  description: 'A chat message. A deleted message stays as a tombstone: empty text, deletedAt set.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    key: t.exposeString('key'),
    seq: t.exposeInt('seq', { description: 'Per-chat sequence number, from 1, without gaps.' }),
    clientId: t.exposeString('clientId'),
    text: t.exposeString('text'),
    parentKey: t.string({
      nullable: true,
      description: 'The thread’s parent message, for a reply in a thread.',
      resolve: async (m, _a, context) => {
        if (m.parentId === null) return null;
        const [parent] = await context.store.db
          .select({ key: messages.key })
          .from(messages)
          .where(eq(messages.id, m.parentId));
        return parent?.key ?? null;
      },
    }),
    user: t.field({
      type: UserRef,
      nullable: true,
      resolve: (m, _a, context) => groupLoaders(context).user.load(m.senderId),
    }),
    createdAt: t.string({ resolve: (m) => m.createdAt.toISOString() }),
    editedAt: t.string({ nullable: true, resolve: (m) => m.editedAt?.toISOString() ?? null }),
    deletedAt: t.string({ nullable: true, resolve: (m) => m.deletedAt?.toISOString() ?? null }),
    timestamp: t.float({ description: 'createdAt in milliseconds.', resolve: (m) => m.createdAt.getTime() }),
  }),
});

const MessagePageRef = builder.objectRef<MessagePage>('MessagePage').implement({
  fields: (t) => ({
    messages: t.field({ type: [MessageRef], resolve: (p) => p.messages }),
    canLoadPrev: t.exposeBoolean('canLoadPrev'),
    canLoadNext: t.exposeBoolean('canLoadNext'),
    firstMessageKey: t.exposeString('firstMessageKey', { nullable: true }),
  }),
});

export const ChatRef = builder.objectRef<ChatEntry>('Chat').implement({
  description: 'A direct-message (d), group (g) or plan (p) chat (spec 3 chat-able model).',
  fields: (t) => ({
    id: t.int({ resolve: (e) => e.access.chat.id }),
    key: t.string({ resolve: (e) => e.access.chat.key }),
    type: t.string({ description: 'd, g or p.', resolve: (e) => e.access.chat.type }),
    typename: t.string({
      description: 'DirectMessage, Group or Plan.',
      resolve: (e) => CHAT_TYPENAME[e.access.chat.type as ChatType],
    }),
    group: t.field({ type: GroupRef, nullable: true, resolve: (e) => e.access.group }),
    plan: t.field({ type: PlanRef, nullable: true, resolve: (e) => e.access.plan }),
    otherUser: t.field({
      type: UserRef,
      nullable: true,
      description: 'The other person of a direct message.',
      resolve: (e, _a, context) =>
        e.access.otherUserId === null ? null : groupLoaders(context).user.load(e.access.otherUserId),
    }),
    lastSeq: t.int({ resolve: (e) => e.access.chat.lastSeq }),
    lastMessageAt: t.string({
      nullable: true,
      resolve: (e) => e.access.chat.lastMessageAt?.toISOString() ?? null,
    }),
    rateLimit: t.int({
      description: 'Seconds between messages per sender; 0 is off.',
      resolve: (e) => e.access.chat.rateLimit,
    }),
    slowModeEnabled: t.boolean({
      description: 'Spec 4: a rate limit above 0, never in direct messages.',
      resolve: (e) => e.access.chat.type !== 'd' && e.access.chat.rateLimit > 0,
    }),
    lastChat: t.field({
      type: MessageRef,
      nullable: true,
      description: 'The newest message that is not deleted.',
      resolve: async (e, _a, context) => {
        const [last] = await context.store.db
          .select()
          .from(messages)
          .where(and(eq(messages.chatId, e.access.chat.id), isNull(messages.deletedAt)))
          .orderBy(desc(messages.seq))
          .limit(1);
        return last ?? null;
      },
    }),
    unreadCount: t.int({ resolve: async (e, _a, context) => (await stateOf(context, e)).unreadCount }),
    pivot: t.field({ type: ChatPivotRef, resolve: (e, _a, context) => stateOf(context, e) }),
    permissions: t.field({ type: ChatPermissionsRef, resolve: (e) => e.access.permissions }),
    messages: t.field({
      type: MessagePageRef,
      args: {
        before: t.arg.string({ description: 'A message key: the page before it.' }),
        after: t.arg.int({ description: 'A sequence number: the messages after it, oldest first.' }),
        limit: t.arg.int({ description: 'Default 50, at most 200.' }),
      },
      resolve: (e, args, context) => listMessages(context.store.db, e.access.chat, args),
    }),
  }),
});

const ChatEventKindRef = builder.enumType('ChatEventKind', { values: ['NEW', 'EDITED', 'DELETED'] as const });

const ChatEventRef = builder.objectRef<ChatEvent>('ChatEvent').implement({
  fields: (t) => ({
    kind: t.field({ type: ChatEventKindRef, resolve: (e) => e.kind }),
    message: t.field({ type: MessageRef, resolve: (e) => e.message }),
  }),
});

builder.queryFields((t) => ({
  myChats: t.field({
    type: [ChatRef],
    authScopes: { signedIn: true },
    description:
      'The viewer’s chats, newest activity first, with unread counts; hidden: true lists the hidden ones.',
    args: { hidden: t.arg.boolean() },
    resolve: async (_root, args, context) => {
      const me = await requireViewerUser(context);
      return listMyChats(context, me.id, args.hidden ?? false);
    },
  }),
  chat: t.field({
    type: ChatRef,
    authScopes: { signedIn: true },
    description: 'One chat by key; NOT_FOUND when the viewer may not read it.',
    args: { key: t.arg.string({ required: true }) },
    resolve: async (_root, args, context) => {
      await requireViewerUser(context);
      return { access: await findChat(context, args.key) };
    },
  }),
}));

builder.mutationFields((t) => ({
  openDirectChat: t.field({
    type: ChatRef,
    authScopes: { signedIn: true },
    description: 'The direct-message chat with a person, made on first use (needs canDm to start).',
    args: { userId: t.arg.int({ required: true }) },
    resolve: async (_root, args, context) => {
      const me = await requireViewerUser(context);
      return { access: await openDirectChat(context, me.id, args.userId) };
    },
  }),
  sendMessage: t.field({
    type: MessageRef,
    authScopes: { signedIn: true },
    description:
      'Stores a message with the next sequence number, then announces it. The same clientId from the same sender in the same chat answers the stored message instead of a second one.',
    args: {
      chatKey: t.arg.string({ required: true }),
      clientId: t.arg.string({ required: true }),
      text: t.arg.string({ required: true }),
      parentKey: t.arg.string({ description: 'Reply in the thread of this message.' }),
    },
    resolve: async (_root, args, context) => {
      const me = await requireViewerUser(context);
      const access = await findChat(context, args.chatKey);
      return sendMessage(context, access, me.id, args);
    },
  }),
  editMessage: t.field({
    type: MessageRef,
    authScopes: { signedIn: true },
    args: { key: t.arg.string({ required: true }), text: t.arg.string({ required: true }) },
    resolve: async (_root, args, context) => {
      const me = await requireViewerUser(context);
      return editMessage(context, me.id, args.key, args.text);
    },
  }),
  deleteMessage: t.field({
    type: MessageRef,
    authScopes: { signedIn: true },
    args: { key: t.arg.string({ required: true }) },
    resolve: async (_root, args, context) => {
      const me = await requireViewerUser(context);
      return deleteMessage(context, me.id, args.key);
    },
  }),
  markChatSeen: t.field({
    type: ChatRef,
    authScopes: { signedIn: true },
    description: 'Records that the viewer has seen the chat up to a sequence number.',
    args: { key: t.arg.string({ required: true }), seq: t.arg.int({ required: true }) },
    resolve: async (_root, args, context) => {
      const me = await requireViewerUser(context);
      const access = await findChat(context, args.key);
      await markChatSeen(context.store.db, access, me.id, args.seq);
      return { access };
    },
  }),
  hideChat: t.field({
    type: ChatRef,
    authScopes: { signedIn: true },
    description: 'Hides (hidden: true) or shows a chat in the viewer’s list; a new message shows it again.',
    args: { key: t.arg.string({ required: true }), hidden: t.arg.boolean({ required: true }) },
    resolve: async (_root, args, context) => {
      const me = await requireViewerUser(context);
      const access = await findChat(context, args.key);
      await setChatHidden(context.store.db, access, me.id, args.hidden);
      return { access };
    },
  }),
  muteChat: t.field({
    type: ChatRef,
    authScopes: { signedIn: true },
    description: 'Mutes the chat until a time (ISO 8601); null unmutes.',
    args: { key: t.arg.string({ required: true }), until: t.arg.string() },
    resolve: async (_root, args, context) => {
      const me = await requireViewerUser(context);
      const access = await findChat(context, args.key);
      await muteChat(context.store.db, access, me.id, args.until ?? null);
      return { access };
    },
  }),
}));

builder.subscriptionFields((t) => ({
  chatEvents: t.field({
    type: ChatEventRef,
    authScopes: { signedIn: true },
    description:
      'New, edited and deleted messages of a chat, after they are stored. With after (a sequence number) it first sends every message after it, so a reconnecting client misses nothing.',
    args: { key: t.arg.string({ required: true }), after: t.arg.int() },
    subscribe: async (_root, args, context) => {
      await requireViewerUser(context);
      if (args.after != null && (!Number.isInteger(args.after) || args.after < 0)) {
        throw badUserInput('after', 'Give a sequence number of 0 or more.');
      }
      // Checked before the stream starts, so a refusal is an error of the subscribe call itself.
      await findChat(context, args.key, { fresh: true });
      return chatEventStream(context, args.key, args.after ?? null);
    },
    resolve: (event) => event,
  }),
}));
