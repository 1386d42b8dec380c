import type { PollAttachment } from './chat-attachments.ts';

export const POLL_TITLE_MAX = 200;
export const POLL_OPTIONS_MIN = 2;
export const POLL_OPTIONS_MAX = 10;
export const POLL_OPTION_MAX = 100;
export const PROMPT_QUESTION_MAX = 300;

/** A refusal naming the argument at fault. */
export interface FieldProblem {
  field: string;
  message: string;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; problem: FieldProblem };

const fail = (field: string, message: string): { ok: false; problem: FieldProblem } => ({
  ok: false,
  problem: { field, message },
});

/**
 * A poll as given (decision 0012): a title of 1 to 200 characters, 2 to 10 distinct options of 1
 * to 100 characters each (compared trimmed and case-insensitively), single or multiple choice.
 * Options are numbered from 1 in the order given.
 */
export function checkPoll(input: {
  title: string;
  options: readonly string[];
  multiple: boolean;
}): Checked<PollAttachment> {
  const title = input.title.trim();
  if (title === '' || title.length > POLL_TITLE_MAX)
    return fail('title', `Give the poll a title of 1 to ${POLL_TITLE_MAX} characters.`);
  const options = input.options.map((option) => option.trim());
  if (options.length < POLL_OPTIONS_MIN || options.length > POLL_OPTIONS_MAX)
    return fail('options', `Give ${POLL_OPTIONS_MIN} to ${POLL_OPTIONS_MAX} options.`);
  if (options.some((option) => option === '' || option.length > POLL_OPTION_MAX))
    return fail('options', `Each option has 1 to ${POLL_OPTION_MAX} characters.`);
  if (new Set(options.map((option) => option.toLowerCase())).size !== options.length)
    return fail('options', 'Each option must be different.');
  return {
    ok: true,
    value: {
      kind: 'irl/poll',
      title,
      multiple: input.multiple,
      options: options.map((text, index) => ({ id: index + 1, text })),
    },
  };
}

/**
 * A vote as given: option ids of this poll, each once; at most one in a single-choice poll. An
 * empty list removes the vote.
 */
export function checkVote(poll: PollAttachment, optionIds: readonly number[]): Checked<number[]> {
  const unique = [...new Set(optionIds)];
  if (unique.length !== optionIds.length) return fail('optionIds', 'Choose each option once.');
  const known = new Set(poll.options.map((option) => option.id));
  if (unique.some((id) => !known.has(id))) return fail('optionIds', 'This option is not in the poll.');
  if (!poll.multiple && unique.length > 1) return fail('optionIds', 'This poll takes one choice.');
  return { ok: true, value: unique.sort((a, b) => a - b) };
}

/** A prompt's question: 1 to 300 characters. */
export function checkPromptQuestion(question: string): Checked<string> {
  const trimmed = question.trim();
  if (trimmed === '' || trimmed.length > PROMPT_QUESTION_MAX)
    return fail('question', `Ask a question of 1 to ${PROMPT_QUESTION_MAX} characters.`);
  return { ok: true, value: trimmed };
}
