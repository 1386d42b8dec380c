import {
  CHAT_PERMISSION_NAMES,
  CHAT_TYPENAME,
  type ChatPermissions,
  type ChatType,
} from '@plaza/core/chat-permissions';
import { builder } from '../../graphql/builder.ts';
import { markViewerDependent, sharedAcrossViewers } from '../../graphql/subscription-events.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { isPromise } from '../../graphql/is-promise.ts';
import { GroupRef } from '../groups/group-type.ts';
import { groupLoaders } from '../groups/group-loaders.ts';
import { PlanRef } from '../plans/plan-type.ts';
import { UserRef } from '../users/schema.ts';
import { chatSharedLoaders } from './chat-loaders.ts';
import { readChatState, type ChatState } from './chat-state.ts';
import { listMessages, type ChatEntry } from './list-chats.ts';
import { MessagePageRef, MessageRef } from './schema-message.ts';
import { searchMessages } from './search-chats.ts';
import { findThreadRoot, hasUnseenThreads, listThreads } from './threads.ts';
import { keptOn } from '../../once-per.ts';

/**
 * For a field showing the viewer's own view of the chat: unless the entry's event variant holds
 * it (ChatEntry.stateInVariant), an event showing it is executed for each subscriber on its own.
 */
function viewerOwn(context: RequestContext, entry: ChatEntry): void {
  if (!entry.stateInVariant) markViewerDependent(context);
}

/** The reads of an entry's state under way: its fields resolve at once and share one. */
const stateReads = keptOn<ChatEntry, Promise<ChatState>>();

/** The viewer's state of the chat (unread count, hidden, muted, last seen), read once per entry. */
export function stateOf(context: RequestContext, entry: ChatEntry): ChatState | Promise<ChatState> {
  // Read with the entry (a chat list's): at once, without a promise for each chat's fields.
  if (entry.state) return entry.state;
  let read = stateReads.get(entry);
  if (!read) {
    read = readChatState(context.store.db, entry.access.chat.id, context.viewer!.id);
    stateReads.set(entry, read);
  }
  return read;
}

const ChatPermissionsRef = builder.objectRef<ChatPermissions>('ChatPermissions').implement({
  description: 'Spec 6’s chat permission set for the viewer (decision 0012), plus read.',
  // Reached only through Chat.permissions, which says when it depends on the viewer.
  extensions: sharedAcrossViewers([...CHAT_PERMISSION_NAMES]),
  fields: (t) =>
    Object.fromEntries(CHAT_PERMISSION_NAMES.map((name) => [name, t.exposeBoolean(name)])) as Record<
      string,
      ReturnType<typeof t.exposeBoolean>
    >,
});

const ChatPivotRef = builder.objectRef<ChatState>('ChatPivot').implement({
  description: 'The viewer’s own state in a chat.',
  // Reached only through Chat.pivot, which says when it depends on the viewer; a chat-list event's
  // variant holds hidden and muted, not what was last seen.
  extensions: sharedAcrossViewers(['isHidden', 'muteUntil', 'lastSeenSeq', 'lastSeenThreadTab']),
  fields: (t) => ({
    lastSeenSeq: t.int({
      resolve: (s, _a, context) => {
        markViewerDependent(context);
        return s.lastSeenSeq;
      },
    }),
    isHidden: t.exposeBoolean('isHidden'),
    muteUntil: t.string({ nullable: true, resolve: (s) => s.muteUntil?.toISOString() ?? null }),
    lastSeenThreadTab: t.string({
      nullable: true,
      description: 'When the viewer last looked at the thread tab.',
      resolve: (s, _a, context) => {
        markViewerDependent(context);
        return s.lastSeenThreadTab?.toISOString() ?? null;
      },
    }),
  }),
});

export const ChatRef = builder.objectRef<ChatEntry>('Chat').implement({
  description: 'A direct-message (d), group (g) or plan (p) chat (spec 3 chat-able model).',
  // A chat-list event's chat (decision 0031): the chat's own fields are the same for every viewer;
  // the viewer's own (viewerOwn) only among the subscribers of the event's variant.
  extensions: sharedAcrossViewers([
    ...['id', 'key', 'type', 'typename', 'group', 'plan', 'lastSeq', 'lastRev', 'lastMessageAt'],
    ...['rateLimit', 'slowModeEnabled', 'lastChat'],
    ...['otherUser', 'canRemove', 'canSetRateLimit', 'unreadCount', 'pivot', 'permissions'],
  ]),
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
      resolve: (e, _a, context) => {
        if (e.access.otherUserId === null) return null;
        viewerOwn(context, e);
        return groupLoaders(context).user.load(e.access.otherUserId);
      },
    }),
    lastSeq: t.int({ resolve: (e) => e.access.chat.lastSeq }),
    lastRev: t.int({
      description: 'The chat’s latest change number: subscribe to chatEvents with afterRev from here.',
      resolve: (e) => e.access.chat.lastRev,
    }),
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
    canRemove: t.boolean({
      description: 'The viewer may remove the chat (removeChat).',
      resolve: (e, _a, context) => {
        viewerOwn(context, e);
        return e.access.manage.remove;
      },
    }),
    canSetRateLimit: t.boolean({
      description: 'The viewer may set slow mode (setChatRateLimit).',
      resolve: (e, _a, context) => {
        viewerOwn(context, e);
        return e.access.manage.setRateLimit;
      },
    }),
    lastChat: t.field({
      type: MessageRef,
      nullable: true,
      description: 'The newest message of the main chat that is not deleted nor removed by a moderator.',
      resolve: (e, _a, context) =>
        e.lastMessage !== undefined
          ? e.lastMessage
          : chatSharedLoaders(context).lastMessage.load(e.access.chat.id),
    }),
    unreadCount: t.int({
      description:
        'Main-chat messages from others after the viewer’s last seen one, counted up to 100 (shown as 99+ past 99).',
      resolve: (e, _a, context) => {
        viewerOwn(context, e);
        const state = stateOf(context, e);
        return isPromise(state) ? state.then((read) => read.unreadCount) : state.unreadCount;
      },
    }),
    hasUnseenThreads: t.boolean({
      description: 'Spec 4: a thread changed after the thread tab was last seen (and after that thread was).',
      resolve: async (e, _a, context) =>
        e.hasUnseenThreads ??
        hasUnseenThreads(
          context.store.db,
          e.access.chat.id,
          context.viewer!.id,
          (await stateOf(context, e)).lastSeenThreadTab,
        ),
    }),
    pivot: t.field({
      type: ChatPivotRef,
      resolve: (e, _a, context) => {
        viewerOwn(context, e);
        return stateOf(context, e);
      },
    }),
    permissions: t.field({
      type: ChatPermissionsRef,
      resolve: (e, _a, context) => {
        viewerOwn(context, e);
        return e.access.permissions;
      },
    }),
    messages: t.field({
      type: MessagePageRef,
      description: 'The main chat’s messages, or with parentKey the replies in that thread.',
      args: {
        before: t.arg.string({ description: 'A message key: the page before it.' }),
        after: t.arg.int({ description: 'A sequence number: the messages after it, oldest first.' }),
        limit: t.arg.int({ description: 'Default 50, at most 200.' }),
        parentKey: t.arg.string({ description: 'A thread’s parent message: page its replies.' }),
      },
      resolve: async (e, args, context) => {
        const root = args.parentKey
          ? await findThreadRoot(context.store.db, e.access.chat.id, args.parentKey)
          : null;
        const page = listMessages(context.store.db, e.access.chat, args, root?.id ?? null);
        // The main chat's newest page, registered in the turn the resolver was called (no await
        // without a thread): the chat's lastChat asked in the same query is found in it.
        if (!root && !args.before && args.after == null)
          chatSharedLoaders(context).newestPages.set(
            e.access.chat.id,
            page.then(
              (read) => read.messages,
              () => null,
            ),
          );
        return page;
      },
    }),
    thread: t.field({
      type: MessageRef,
      description:
        'A thread’s parent message (a reply’s key gives its thread); page replies with messages(parentKey:).',
      args: { key: t.arg.string({ required: true }) },
      resolve: (e, args, context) => findThreadRoot(context.store.db, e.access.chat.id, args.key, 'key'),
    }),
    threads: t.field({
      type: [MessageRef],
      description:
        'The thread tab: messages with replies, the most recently active first (default 30, at most 100).',
      args: { limit: t.arg.int() },
      resolve: (e, args, context) => listThreads(context.store.db, e.access.chat.id, args.limit ?? 30),
    }),
    search: t.field({
      type: [MessageRef],
      description:
        'Messages (thread replies too) containing the text, newest first (default 20, at most 50).',
      args: { text: t.arg.string({ required: true }), limit: t.arg.int() },
      resolve: (e, args, context) =>
        searchMessages(context.store.db, e.access.chat.id, args.text, args.limit ?? 20),
    }),
  }),
});
