import { Kind, type GraphQLResolveInfo, type SelectionNode } from 'graphql';
import { builder } from '../../graphql/builder.ts';
import { sharedAcrossViewers, sharedEvents } from '../../graphql/subscription-events.ts';
import { badUserInput } from '../../graphql/errors.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { requireViewerUser } from '../users/require-viewer-user.ts';
import { findChat, type ChatAccess } from './chat-access.ts';
import { chatEventStream, type ChatEvent } from './chat-events.ts';
import { findChatWithState, markChatSeen, markThreadTabSeen, muteChat, setChatHidden } from './chat-state.ts';
import { listMyChats } from './list-chats.ts';
import { myChatEventStream, publishChatListEvent, type MyChatEvent } from './my-chat-events.ts';
import { openDirectChat } from './open-direct-chat.ts';
import { removeChat } from './remove-chat.ts';
import { setChatRateLimit } from './chat-rate-limit.ts';
import { ChatRef } from './schema-chat.ts';
import { MessageRef } from './schema-message.ts';
import { searchChats } from './search-chats.ts';
import './schema-message-mutations.ts';
import './chat-public-page.ts';
import './schema-model-last-chat.ts';

export { ChatRef } from './schema-chat.ts';
export { MessageRef } from './schema-message.ts';

/** After a change to the viewer's own state in a chat: their chat-list subscriptions hear it. */
async function ownStateChanged(context: RequestContext, access: ChatAccess, viewerId: number) {
  await publishChatListEvent(context, access.chat, [viewerId]);
  return { access };
}

const ChatEventKindRef = builder.enumType('ChatEventKind', { values: ['NEW', 'EDITED', 'DELETED'] as const });

const ChatEventRef = builder.objectRef<ChatEvent>('ChatEvent').implement({
  extensions: sharedAcrossViewers(['kind', 'message', 'cursor']),
  fields: (t) => ({
    kind: t.field({ type: ChatEventKindRef, resolve: (e) => e.kind }),
    message: t.field({ type: MessageRef, resolve: (e) => e.message }),
    cursor: t.int({
      description: 'Resume from here: chatEvents(afterRev: cursor) after a lost connection.',
      resolve: (e) => e.message.rev,
    }),
  }),
});

const MyChatEventKindRef = builder.enumType('MyChatEventKind', {
  values: ['READY', 'UPDATED', 'REMOVED', 'MESSAGE'] as const,
});

const MyChatEventRef = builder.objectRef<MyChatEvent>('MyChatEvent').implement({
  description:
    'READY: the subscription is live, (re)load myChats now. UPDATED: the chat as the viewer now sees it (new message, unread count, hidden or shown, thread activity). REMOVED: the chat is gone or no longer readable. MESSAGE (only to a subscription selecting `message`): a new message of the main chat and nothing else; the client applies it to the entry it shows (its last message and activity; unless sentByViewer, one more unread up to the cap; sentByViewer, nothing unread; a hidden chat shown again), or reads the chat when it shows none.',
  // The chat is shared only among the subscribers whose state of it is the same (the event's
  // variant, my-chat-events.ts); its fields that read the viewer's state say so (schema-chat.ts).
  // A MESSAGE event's variant is whether the viewer sent it (decision 0032).
  extensions: sharedAcrossViewers(['kind', 'chatKey', 'chat', 'message', 'sentByViewer', 'missed']),
  fields: (t) => ({
    kind: t.field({ type: MyChatEventKindRef, resolve: (e) => e.kind }),
    chatKey: t.exposeString('chatKey', { nullable: true }),
    chat: t.field({ type: ChatRef, nullable: true, resolve: (e) => e.chat }),
    message: t.field({
      type: MessageRef,
      nullable: true,
      description: 'MESSAGE: the new message, the chat’s last one as of this event.',
      resolve: (e) => e.message ?? null,
    }),
    sentByViewer: t.boolean({
      nullable: true,
      description: 'MESSAGE: whether the viewer sent it (sending marks the chat read up to it).',
      resolve: (e) => e.sentByViewer ?? null,
    }),
    missed: t.boolean({
      nullable: true,
      description:
        'READY of a subscription given `since`: whether a chat of the viewer’s had a message after it, which the client missed (read the list again).',
      resolve: (e) => e.missed ?? null,
    }),
  }),
});

/** Whether a selection asks for `name` at its top level, through fragments too. */
function selects(info: GraphQLResolveInfo, name: string): boolean {
  const within = (selections: readonly SelectionNode[]): boolean =>
    selections.some((selection) => {
      if (selection.kind === Kind.FIELD) return selection.name.value === name;
      if (selection.kind === Kind.INLINE_FRAGMENT) return within(selection.selectionSet.selections);
      const fragment = info.fragments[selection.name.value];
      return fragment !== undefined && within(fragment.selectionSet.selections);
    });
  return info.fieldNodes.some((node) => within(node.selectionSet?.selections ?? []));
}

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
      const me = await requireViewerUser(context);
      return findChatWithState(context, me.id, args.key);
    },
  }),
  searchChats: t.field({
    type: [ChatRef],
    authScopes: { signedIn: true },
    description:
      'The viewer’s chats (hidden ones too) whose group or plan title, or other person’s name or username, contains the text (1 to 100 characters); at most 50.',
    args: { text: t.arg.string({ required: true }) },
    resolve: async (_root, args, context) => {
      const me = await requireViewerUser(context);
      return searchChats(context, me.id, args.text);
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
  markChatSeen: t.field({
    type: ChatRef,
    authScopes: { signedIn: true },
    description: 'Records that the viewer has seen the chat up to a sequence number.',
    args: { key: t.arg.string({ required: true }), seq: t.arg.int({ required: true }) },
    resolve: async (_root, args, context) => {
      const me = await requireViewerUser(context);
      const access = await findChat(context, args.key);
      await markChatSeen(context.store.db, access, me.id, args.seq);
      return ownStateChanged(context, access, me.id);
    },
  }),
  markThreadTabSeen: t.field({
    type: ChatRef,
    authScopes: { signedIn: true },
    description: 'Records that the viewer looked at the chat’s thread tab now (Chat.hasUnseenThreads).',
    args: { chatKey: t.arg.string({ required: true }) },
    resolve: async (_root, args, context) => {
      const me = await requireViewerUser(context);
      const access = await findChat(context, args.chatKey);
      await markThreadTabSeen(context.store.db, access, me.id);
      return ownStateChanged(context, access, me.id);
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
      return ownStateChanged(context, access, me.id);
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
      return ownStateChanged(context, access, me.id);
    },
  }),
  removeChat: t.field({
    type: 'Boolean',
    authScopes: { signedIn: true },
    description:
      'Removes the chat with its messages, threads and everyone’s state (spec 4): a direct message by either person (for both), a group chat by the group’s owner or admins (the group gets a new, empty chat), a plan chat by the plan’s creator.',
    args: { key: t.arg.string({ required: true }) },
    resolve: async (_root, args, context) => {
      await requireViewerUser(context);
      await removeChat(context, await findChat(context, args.key));
      return true;
    },
  }),
  setChatRateLimit: t.field({
    type: ChatRef,
    authScopes: { signedIn: true },
    description:
      'Slow mode: seconds between messages per sender (0 to 3600, 0 is off); group moderators and above, a plan’s creator; not in direct messages.',
    args: { key: t.arg.string({ required: true }), seconds: t.arg.int({ required: true }) },
    resolve: async (_root, args, context) => {
      await requireViewerUser(context);
      const access = await findChat(context, args.key);
      return { access: await setChatRateLimit(context, access, args.seconds) };
    },
  }),
}));

builder.subscriptionFields((t) => ({
  chatEvents: t.field({
    type: ChatEventRef,
    authScopes: { signedIn: true },
    description:
      'Every change to a chat’s messages (thread replies too) after it is stored, in change order: NEW, EDITED (also a poll vote, or a thread’s count on its parent) or DELETED. With afterRev (Chat.lastRev when the page was read, or the last event’s cursor) it first sends every message changed after it, each once in its latest state, so a reconnecting client misses nothing.',
    args: { key: t.arg.string({ required: true }), afterRev: t.arg.int() },
    // The subscribers of a chat at the same change share one execution of each event (chat-feed.ts).
    extensions: sharedEvents,
    subscribe: async (_root, args, context) => {
      await requireViewerUser(context);
      if (args.afterRev != null && (!Number.isInteger(args.afterRev) || args.afterRev < 0)) {
        throw badUserInput('afterRev', 'Give a change number of 0 or more.');
      }
      // Checked before the stream starts, so a refusal is an error of the subscribe call itself;
      // the stream starts from this check.
      const access = await findChat(context, args.key, { fresh: true });
      return chatEventStream(context, args.key, args.afterRev ?? null, access.chat);
    },
    resolve: (event) => event,
  }),
  myChatEvents: t.field({
    type: MyChatEventRef,
    authScopes: { signedIn: true },
    description:
      'Changes to the viewer’s chat list, re-checking access on every one: READY once live, then UPDATED or REMOVED per chat, and MESSAGE for a new message when `message` is selected.',
    args: {
      since: t.arg.string({
        description:
          'The newest lastMessageAt of the list the client holds: READY then says whether it missed a message since.',
      }),
    },
    // The members with the same state of a chat share one execution of its event (my-chat-events.ts).
    extensions: sharedEvents,
    subscribe: async (_root, args, context, info) => {
      const me = await requireViewerUser(context);
      const since = args.since ? new Date(args.since) : null;
      if (since && Number.isNaN(since.getTime()))
        throw badUserInput('since', 'Give a time such as 2026-11-27T09:30:00.000Z.');
      // A client that does not select `message` (one of before MESSAGE) gets every change in full.
      return myChatEventStream(context, me.id, { messages: selects(info, 'message'), since });
    },
    resolve: (event) => event,
  }),
}));
