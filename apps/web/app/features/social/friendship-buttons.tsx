import { useState } from 'react';
import { useFetcher } from 'react-router';
import { friendshipChoices, type FriendshipChoice } from '@plaza/core/friendship-choices';
import type { FriendshipStatus } from '@plaza/core/friendship';
import { buttonClass } from '../../components/button-styles.ts';
import { Dialog } from '../../components/dialog.tsx';

export interface FriendshipPerson {
  id: number;
  fullName: string;
  isPublic: boolean;
  friendshipStatus: FriendshipStatus;
}

/**
 * The follow / friend buttons of a person for the viewer's status (spec 4). Each posts intent
 * "friendship" to the page's own action, which calls `runFriendshipAction`; the page's data then
 * reloads, so the status shown is always the server's.
 */
export function FriendshipButtons({
  person,
  compact = false,
}: {
  person: FriendshipPerson;
  compact?: boolean;
}) {
  const fetcher = useFetcher<{ ok: boolean; message?: string }>();
  const [confirming, setConfirming] = useState<FriendshipChoice | null>(null);
  const choices = friendshipChoices(person.friendshipStatus, {
    name: person.fullName,
    isPublic: person.isPublic,
  });
  const isBusy = fetcher.state !== 'idle';
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;

  function run(choice: FriendshipChoice) {
    void fetcher.submit(
      { intent: 'friendship', userId: String(person.id), action: choice.action },
      { method: 'post' },
    );
  }
  function choose(choice: FriendshipChoice) {
    if (choice.confirm) setConfirming(choice);
    else run(choice);
  }
  const others = compact ? choices.others.filter((choice) => choice.action !== 'BLOCK') : choices.others;

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2" aria-busy={isBusy}>
        {choices.state ? (
          <span
            className="inline-flex h-10 items-center gap-1.5 rounded-full bg-mint-soft px-4 text-[0.9375rem] font-semibold text-ink"
            data-testid="friendship-state"
          >
            <svg
              viewBox="0 0 20 20"
              className="size-4"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
              aria-hidden="true"
            >
              <path d="m4 10 4 4 8-8" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            {choices.state}
          </span>
        ) : null}
        {choices.primary ? (
          <button
            type="button"
            className={buttonClass('primary')}
            disabled={isBusy}
            onClick={() => choices.primary && choose(choices.primary)}
          >
            {choices.primary.label}
          </button>
        ) : null}
        {others.map((choice) => (
          <button
            key={choice.action}
            type="button"
            className={buttonClass(choice.action === 'BLOCK' ? 'ghost' : 'secondary')}
            disabled={isBusy}
            onClick={() => choose(choice)}
          >
            {choice.label}
            {compact ? <span className="sr-only"> {person.fullName}</span> : null}
          </button>
        ))}
      </div>
      {error ? (
        <p role="alert" className="text-sm font-semibold text-coral-strong">
          {error}
        </p>
      ) : null}
      {confirming ? (
        <Dialog
          title={`${confirming.label} ${person.fullName}?`}
          onClose={() => setConfirming(null)}
          className="max-w-md"
        >
          <div className="px-6 pt-2 pb-6">
            <p className="text-ink-soft">{confirming.confirm}</p>
            <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <button type="button" className={buttonClass('secondary')} onClick={() => setConfirming(null)}>
                Cancel
              </button>
              <button
                type="button"
                className={buttonClass('primary')}
                onClick={() => {
                  run(confirming);
                  setConfirming(null);
                }}
              >
                {confirming.label}
              </button>
            </div>
          </div>
        </Dialog>
      ) : null}
    </div>
  );
}
