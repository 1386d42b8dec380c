import { describe, expect, it } from 'vitest';
import { checkPoll, checkPromptQuestion, checkVote } from './chat-poll.ts';
import type { PollAttachment } from './chat-attachments.ts';

const poll = (options: string[], multiple = false, title = 'Where?') =>
  checkPoll({ title, options, multiple });

describe('checkPoll', () => {
  it('numbers trimmed options from 1', () => {
    expect(poll([' Park ', 'Beach'])).toEqual({
      ok: true,
      value: {
        kind: 'irl/poll',
        title: 'Where?',
        multiple: false,
        options: [
          { id: 1, text: 'Park' },
          { id: 2, text: 'Beach' },
        ],
      },
    });
  });

  it.each([
    [['only one'], 'options'],
    [[], 'options'],
    [Array.from({ length: 11 }, (_, i) => `o${i}`), 'options'],
    [['a', ' '], 'options'],
    [['a', 'x'.repeat(101)], 'options'],
    [['Park', 'park '], 'options'],
  ])('refuses options %j', (options, field) => {
    const checked = poll(options);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.problem.field).toBe(field);
  });

  it('takes 10 options of 100 characters, and a title of 200', () => {
    const ten = Array.from({ length: 10 }, (_, i) => `${i}`.padEnd(100, 'x'));
    expect(poll(ten, true, 't'.repeat(200)).ok).toBe(true);
  });

  it.each(['', '   ', 't'.repeat(201)])('refuses the title %j', (title) => {
    const checked = poll(['a', 'b'], false, title);
    expect(checked).toMatchObject({ ok: false, problem: { field: 'title' } });
  });
});

describe('checkVote', () => {
  const single: PollAttachment = {
    kind: 'irl/poll',
    title: 't',
    multiple: false,
    options: [
      { id: 1, text: 'a' },
      { id: 2, text: 'b' },
      { id: 3, text: 'c' },
    ],
  };
  const multiple: PollAttachment = { ...single, multiple: true };

  it('takes one option, none (removing the vote), or several in a multiple-choice poll', () => {
    expect(checkVote(single, [2])).toEqual({ ok: true, value: [2] });
    expect(checkVote(single, [])).toEqual({ ok: true, value: [] });
    expect(checkVote(multiple, [3, 1])).toEqual({ ok: true, value: [1, 3] });
  });

  it.each([
    [single, [1, 2]],
    [single, [4]],
    [multiple, [1, 1]],
    [multiple, [0]],
  ])('refuses %#', (p, ids) => {
    expect(checkVote(p, ids)).toMatchObject({ ok: false, problem: { field: 'optionIds' } });
  });
});

describe('checkPromptQuestion', () => {
  it('trims and bounds the question', () => {
    expect(checkPromptQuestion(' Best hike? ')).toEqual({ ok: true, value: 'Best hike?' });
    expect(checkPromptQuestion(' ')).toMatchObject({ ok: false, problem: { field: 'question' } });
    expect(checkPromptQuestion('q'.repeat(301)).ok).toBe(false);
    expect(checkPromptQuestion('q'.repeat(300)).ok).toBe(true);
  });
});
