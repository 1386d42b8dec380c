import { useState } from 'react';
import type { ChatPoll } from './chat-data.ts';

/**
 * A poll in the conversation: choose one option (or several), change the choice at any time, and
 * see the results move as people vote.
 */
export function PollCard({
  poll,
  canVote,
  onVote,
}: {
  poll: ChatPoll;
  canVote: boolean;
  onVote: (optionIds: number[]) => Promise<string | null>;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const mine = new Set(poll.myVotes);
  const vote = async (optionId: number) => {
    const next = poll.multiple
      ? mine.has(optionId)
        ? [...mine].filter((id) => id !== optionId)
        : [...mine, optionId]
      : mine.has(optionId)
        ? []
        : [optionId];
    setIsSaving(true);
    setProblem(await onVote(next));
    setIsSaving(false);
  };
  return (
    <fieldset
      className="mt-1 w-72 max-w-full rounded-3xl bg-white p-4 text-ink shadow-sm ring-1 ring-line/60"
      aria-busy={isSaving}
    >
      <legend className="sr-only">Poll: {poll.title}</legend>
      <p className="flex items-center gap-2 text-xs font-bold tracking-wide text-ink-soft uppercase">
        <span aria-hidden="true">📊</span> Poll{poll.multiple ? ' · choose any' : ''}
      </p>
      <p className="mt-1 font-display text-lg leading-snug font-extrabold">{poll.title}</p>
      <ul className="mt-3 space-y-2">
        {poll.options.map((option) => {
          const share = poll.totalVoters === 0 ? 0 : Math.round((option.votes / poll.totalVoters) * 100);
          const chosen = mine.has(option.id);
          return (
            <li key={option.id}>
              <button
                type="button"
                role={poll.multiple ? 'checkbox' : 'radio'}
                aria-checked={chosen}
                disabled={!canVote || isSaving}
                onClick={() => void vote(option.id)}
                className={`relative block w-full overflow-hidden rounded-2xl border-2 px-3 py-2 text-left text-sm font-semibold ${chosen ? 'border-coral-strong' : 'border-line hover:border-ink/40'} disabled:cursor-default`}
              >
                <span
                  aria-hidden="true"
                  className="absolute inset-y-0 left-0 bg-coral-soft"
                  style={{ width: `${share}%` }}
                />
                <span className="relative flex items-center justify-between gap-2">
                  <span>
                    {chosen ? '✓ ' : ''}
                    {option.text}
                  </span>
                  <span className="text-xs font-bold text-ink-soft">
                    {option.votes} · {share}%
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <p className="mt-2 text-xs font-semibold text-ink-soft" aria-live="polite">
        {poll.totalVoters === 1 ? '1 person voted' : `${poll.totalVoters} people voted`}
      </p>
      {problem ? <p className="mt-1 text-sm font-semibold text-coral-strong">{problem}</p> : null}
    </fieldset>
  );
}
