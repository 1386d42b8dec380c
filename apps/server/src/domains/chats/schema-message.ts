import type {
  MediaAttachment,
  MemixAttachment,
  PollOption,
  PromptAttachment,
} from '@plaza/core/chat-attachments';
import { threadParticipantsLabel } from '@plaza/core/name-list';
import { builder } from '../../graphql/builder.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { badUserInput } from '../../graphql/errors.ts';
import { markViewerDependent, sharedAcrossViewers } from '../../graphql/subscription-events.ts';
import { groupLoaders } from '../groups/group-loaders.ts';
import type { UserRow } from '../users/find-user.ts';
import { UserRef } from '../users/schema.ts';
import { loadPlanAccess } from '../plans/plan-access.ts';
import { planLoaders } from '../plans/plan-loaders.ts';
import { resolveOccurrence } from '../plans/plan-occurrence.ts';
import { PlanRef } from '../plans/plan-type.ts';
import { planCardOf } from '../plans/plan-view.ts';
import { chatLoaders, chatSharedLoaders } from './chat-loaders.ts';
import type { MessagePage } from './list-chats.ts';
import { pollOf, readPollResults, promptOf, type PollResults } from './polls.ts';
import type { MessageRow } from './send-message.ts';
import { isThreadUnseen } from './threads.ts';

const VOTERS_MAX = 50;

/** These people, in order, leaving out any that are gone. */
async function loadUsers(context: RequestContext, ids: readonly number[]): Promise<UserRow[]> {
  const found = await groupLoaders(context).user.loadMany(ids);
  return found.filter((u): u is UserRow => u !== null && !(u instanceof Error));
}

const MediaVariantsRef = builder
  .objectRef<NonNullable<MediaAttachment['variants']>>('MessageMediaVariants')
  .implement({
    description: 'A picture’s 1x, 2x and 3x files (the shape of MediaVariants).',
    extensions: sharedAcrossViewers(['x1', 'x2', 'x3']),
    fields: (t) => ({
      x1: t.string({ resolve: (v) => v['1x'] }),
      x2: t.string({ resolve: (v) => v['2x'] }),
      x3: t.string({ resolve: (v) => v['3x'] }),
    }),
  });

const MessageMediaRef = builder.objectRef<MediaAttachment>('MessageMedia').implement({
  description: 'An uploaded image, video or audio clip attached to a message.',
  extensions: sharedAcrossViewers([
    'kind',
    'key',
    'mime',
    'width',
    'height',
    'durationMs',
    'url',
    'variants',
  ]),
  fields: (t) => ({
    kind: t.string({ description: 'image, video or audio.', resolve: (m) => m.kind }),
    key: t.exposeString('key', { description: 'The upload’s key.' }),
    mime: t.exposeString('mime'),
    width: t.exposeInt('width', { nullable: true }),
    height: t.exposeInt('height', { nullable: true }),
    durationMs: t.exposeInt('durationMs', { nullable: true }),
    url: t.exposeString('url'),
    variants: t.field({ type: MediaVariantsRef, nullable: true, resolve: (m) => m.variants }),
  }),
});

const MemixRef = builder.objectRef<MemixAttachment>('Memix').implement({
  description: 'A picture with a caption above and below (irl/memix); clients draw the captions over it.',
  extensions: sharedAcrossViewers(['image', 'top', 'bottom']),
  fields: (t) => ({
    image: t.field({ type: MessageMediaRef, resolve: (m) => m.image }),
    top: t.exposeString('top'),
    bottom: t.exposeString('bottom'),
  }),
});

const PromptRef = builder.objectRef<PromptAttachment>('Prompt').implement({
  description: 'A question (irl/prompt) people answer in the message’s thread.',
  extensions: sharedAcrossViewers(['question']),
  fields: (t) => ({ question: t.exposeString('question') }),
});

interface PollOptionResult {
  option: PollOption;
  voterIds: number[];
}

const PollOptionRef = builder.objectRef<PollOptionResult>('PollOption').implement({
  fields: (t) => ({
    id: t.int({ resolve: (o) => o.option.id }),
    text: t.string({ resolve: (o) => o.option.text }),
    votes: t.int({ resolve: (o) => o.voterIds.length }),
    voters: t.field({
      type: [UserRef],
      description: 'Who chose this option, the most recent first (default 5, at most 50).',
      args: { limit: t.arg.int() },
      resolve: async (o, args, context) => {
        const limit = args.limit ?? 5;
        if (!Number.isInteger(limit) || limit < 0 || limit > VOTERS_MAX)
          throw badUserInput('limit', `Give a limit of 0 to ${VOTERS_MAX}.`);
        return loadUsers(context, o.voterIds.slice(0, limit));
      },
    }),
  }),
});

const PollRef = builder.objectRef<PollResults>('Poll').implement({
  description: 'A poll (irl/poll) with its results as the viewer sees them.',
  fields: (t) => ({
    title: t.string({ resolve: (p) => p.poll.title }),
    multiple: t.boolean({ description: 'Several options may be chosen.', resolve: (p) => p.poll.multiple }),
    options: t.field({
      type: [PollOptionRef],
      resolve: (p) =>
        p.poll.options.map((option) => ({ option, voterIds: p.votersByOption.get(option.id) ?? [] })),
    }),
    myVotes: t.field({
      type: ['Int'],
      description: 'The viewer’s chosen option ids.',
      resolve: (p) => p.myVotes,
    }),
    totalVoters: t.exposeInt('totalVoters'),
  }),
});

function isMedia(attachment: MessageRow['attachments'][number]): attachment is MediaAttachment {
  return attachment.kind === 'image' || attachment.kind === 'video' || attachment.kind === 'audio';
}

/** What readers get of a message: nothing of one a moderator removed (decision 0018). */
function shown(message: MessageRow): MessageRow {
  return message.hiddenAt === null ? message : { ...message, text: '', attachments: [] };
}

/** A plan shared into a chat as the viewer may see it (null when they may not, or it is gone). */
async function sharedPlanCard(context: RequestContext, planId: number) {
  const row = await planLoaders(context).row.load(planId);
  if (!row || !(await loadPlanAccess(context, row)).permissions.view) return null;
  return planCardOf(context, row, await resolveOccurrence(context, row, null));
}

export const MessageRef = builder.objectRef<MessageRow>('Message').implement({
  description: 'A chat message. A deleted message stays as a tombstone: empty text, deletedAt set.',
  // Every field is the same for every reader but these: the viewer's votes of a poll, the plan card
  // (the viewer's access), the thread label ("you and @ana") and unseen threads mark the event
  // theirs whenever they depend on the viewer (subscription-events.ts).
  extensions: sharedAcrossViewers(
    [
      ...['id', 'key', 'seq', 'rev', 'clientId', 'text', 'parentKey', 'user', 'createdAt', 'editedAt'],
      ...['deletedAt', 'timestamp', 'media', 'prompt', 'memix', 'threadCount', 'threadLastAt'],
      ...['threadUsers', 'threadLabel', 'hasUnseenThread', 'removedByModerator'],
    ],
    ['poll', 'plan'],
  ),
  fields: (t) => ({
    id: t.exposeInt('id'),
    key: t.exposeString('key'),
    seq: t.exposeInt('seq', { description: 'Per-chat sequence number, from 1, without gaps.' }),
    rev: t.exposeInt('rev', {
      description:
        'The chat change number of this message’s latest change (decision 0012): apply an event only when its rev is higher than the one held.',
    }),
    clientId: t.exposeString('clientId'),
    text: t.string({
      description: 'Empty once deleted or removed by a moderator (removedByModerator).',
      resolve: (m) => shown(m).text,
    }),
    parentKey: t.string({
      nullable: true,
      description: 'The thread’s parent message, for a reply in a thread.',
      resolve: (m, _a, context) =>
        m.parentId === null ? null : chatSharedLoaders(context).messageKey.load(m.parentId),
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
    media: t.field({
      type: [MessageMediaRef],
      description: 'Attached images, videos and audio, in the order sent.',
      resolve: (m) => shown(m).attachments.filter(isMedia),
    }),
    poll: t.field({
      type: PollRef,
      nullable: true,
      resolve: (m, _a, context) => {
        // Most messages hold no poll: answered at once, without a promise.
        if (!pollOf(m)) return null;
        const votes = chatSharedLoaders(context).pollVotes;
        return readPollResults((id) => votes.load(id), shown(m), context.viewer?.id ?? null).then(
          (results) => {
            if (results) markViewerDependent(context);
            return results;
          },
        );
      },
    }),
    prompt: t.field({ type: PromptRef, nullable: true, resolve: (m) => promptOf(shown(m)) }),
    memix: t.field({
      type: MemixRef,
      nullable: true,
      description: 'A picture with captions (irl/memix).',
      resolve: (m) => shown(m).attachments.find((attachment) => attachment.kind === 'irl/memix') ?? null,
    }),
    plan: t.field({
      type: PlanRef,
      nullable: true,
      description:
        'A plan shared into the chat (irl/event), as a card; null when the reader may not see that plan (any more).',
      resolve: (m, _a, context) => {
        const shared = shown(m).attachments.find((attachment) => attachment.kind === 'irl/event');
        if (!shared) return null;
        markViewerDependent(context);
        return sharedPlanCard(context, shared.planId);
      },
    }),
    threadCount: t.exposeInt('threadCount', { description: 'Replies in this message’s thread.' }),
    threadLastAt: t.string({
      nullable: true,
      description: 'When a reply last came into the thread.',
      resolve: (m) => m.threadLastAt?.toISOString() ?? null,
    }),
    threadUsers: t.field({
      type: [UserRef],
      description: 'The people who replied in the thread, the most recent first.',
      resolve: (m, _a, context) => (m.threadUserIds.length === 0 ? [] : loadUsers(context, m.threadUserIds)),
    }),
    threadLabel: t.string({
      description:
        'Spec 4’s thread participant label for the viewer (“you and @ana”); empty without replies.',
      resolve: (m, _a, context) => {
        if (m.threadUserIds.length === 0) return '';
        markViewerDependent(context);
        const lookedUp = m.threadUserIds.length > 3 ? m.threadUserIds.slice(0, 2) : m.threadUserIds;
        return loadUsers(context, lookedUp).then((found) => {
          const names = new Map(found.map((u) => [u.id, u.username]));
          return threadParticipantsLabel(m.threadUserIds, context.viewer?.id ?? null, (id) =>
            names.get(Number(id)),
          );
        });
      },
    }),
    hasUnseenThread: t.boolean({
      description: 'Spec 4: the thread changed after the viewer last saw it.',
      resolve: (m, _a, context) => {
        if (m.threadLastAt === null) return false;
        markViewerDependent(context);
        return chatLoaders(context)
          .threadSeenAt.load(m.id)
          .then((seenAt) => isThreadUnseen(m, seenAt));
      },
    }),
  }),
});

export const MessagePageRef = builder.objectRef<MessagePage>('MessagePage').implement({
  fields: (t) => ({
    messages: t.field({ type: [MessageRef], resolve: (p) => p.messages }),
    canLoadPrev: t.exposeBoolean('canLoadPrev'),
    canLoadNext: t.exposeBoolean('canLoadNext'),
    firstMessageKey: t.exposeString('firstMessageKey', { nullable: true }),
  }),
});
