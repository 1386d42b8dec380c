import { and, eq } from 'drizzle-orm';
import type { PollAttachment, PromptAttachment } from '@plaza/core/chat-attachments';
import { checkPoll, checkPromptQuestion, checkVote, type Checked } from '@plaza/core/chat-poll';
import type { Database } from '../../db/client.ts';
import { messages, pollVotes } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { badUserInput, plazaError } from '../../graphql/errors.ts';
import { chatDenied, type ChatAccess } from './chat-access.ts';
import { findMessage } from './change-message.ts';
import { takeChatRevs } from './chat-revisions.ts';
import type { PollVote } from './chat-loaders.ts';
import { announceChange, checkClientId, storeMessage, type MessageRow } from './send-message.ts';
import { pollVoteActivities } from '../activity/activity-triggers/chat-triggers.ts';

function valueOf<T>(checked: Checked<T>): T {
  if (!checked.ok) throw badUserInput(checked.problem.field, checked.problem.message);
  return checked.value;
}

export function pollOf(message: MessageRow): PollAttachment | null {
  return message.attachments.find((a): a is PollAttachment => a.kind === 'irl/poll') ?? null;
}

export function promptOf(message: MessageRow): PromptAttachment | null {
  return message.attachments.find((a): a is PromptAttachment => a.kind === 'irl/prompt') ?? null;
}

/**
 * A poll message (irl/poll), in the main chat (pollCreate) or in a thread (threadPollCreate). The
 * poll is checked before anything is stored; the client id rules are sendMessage's.
 */
export async function createPoll(
  context: RequestContext,
  access: ChatAccess,
  senderId: number,
  input: {
    clientId: string;
    title: string;
    options: readonly string[];
    multiple: boolean;
    parentKey?: string | null;
  },
): Promise<MessageRow> {
  const clientId = checkClientId(input.clientId);
  const poll = valueOf(checkPoll(input));
  return storeMessage(context, access, senderId, {
    clientId,
    text: '',
    parentKey: input.parentKey ?? null,
    attachments: [poll],
  });
}

/** A prompt message (irl/prompt): a question people answer in its thread (promptCreate). */
export async function createPrompt(
  context: RequestContext,
  access: ChatAccess,
  senderId: number,
  input: { clientId: string; question: string },
): Promise<MessageRow> {
  const clientId = checkClientId(input.clientId);
  const question = valueOf(checkPromptQuestion(input.question));
  return storeMessage(context, access, senderId, {
    clientId,
    text: '',
    attachments: [{ kind: 'irl/prompt', question }],
  });
}

/**
 * Sets the viewer's vote in a poll (pollVote): the chosen options replace any earlier vote; an
 * empty list removes it. The poll message takes a change number, so subscribers get it EDITED
 * with fresh results.
 */
export async function votePoll(
  context: RequestContext,
  viewerId: number,
  messageKey: string,
  optionIds: readonly number[],
): Promise<MessageRow> {
  const { message, access } = await findMessage(context, messageKey);
  const poll = pollOf(message);
  if (message.deletedAt !== null) throw plazaError('CONFLICT', 'This poll was deleted.');
  if (!poll) throw badUserInput('messageKey', 'This message is not a poll.');
  if (!access.permissions.pollVote) throw chatDenied('You cannot vote in this poll.');
  const chosen = valueOf(checkVote(poll, optionIds));
  const row = await context.store.db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const rev = await takeChatRevs(t, message.chatId);
    await t.delete(pollVotes).where(and(eq(pollVotes.messageId, message.id), eq(pollVotes.userId, viewerId)));
    if (chosen.length > 0)
      await t
        .insert(pollVotes)
        .values(chosen.map((optionId) => ({ messageId: message.id, userId: viewerId, optionId })));
    const [updated] = await t.update(messages).set({ rev }).where(eq(messages.id, message.id)).returning();
    return updated!;
  });
  await announceChange(context, access.chat, row.rev);
  if (chosen.length > 0) await pollVoteActivities(context, access, row, viewerId);
  return row;
}

export interface PollResults {
  poll: PollAttachment;
  /** Voters per option id, the most recent first. */
  votersByOption: Map<number, number[]>;
  myVotes: number[];
  totalVoters: number;
}

/**
 * A poll's results as one viewer sees them, from its votes (the most recent first), or null for a
 * message without a poll.
 */
export async function readPollResults(
  votesOf: (messageId: number) => Promise<readonly PollVote[]>,
  message: MessageRow,
  viewerId: number | null,
): Promise<PollResults | null> {
  const poll = pollOf(message);
  if (!poll || message.deletedAt !== null) return null;
  const votes = await votesOf(message.id);
  const votersByOption = new Map<number, number[]>(poll.options.map((option) => [option.id, []]));
  for (const vote of votes) votersByOption.get(vote.optionId)?.push(vote.userId);
  return {
    poll,
    votersByOption,
    myVotes: votes
      .filter((vote) => vote.userId === viewerId)
      .map((vote) => vote.optionId)
      .sort((a, b) => a - b),
    totalVoters: new Set(votes.map((vote) => vote.userId)).size,
  };
}
