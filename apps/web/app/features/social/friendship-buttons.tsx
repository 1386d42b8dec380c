import { Suspense, useState } from 'react';
import { useFetcher } from 'react-router';
import { friendshipChoices, type FriendshipChoice } from '@plaza/core/friendship-choices';
import type { FriendshipStatus } from '@plaza/core/friendship';
import { buttonClass } from '../../components/button-styles.ts';
import { lazyPart } from '../errors/lazy-part.ts';

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
// Only some choices ask first (unfriend, block): the question loads when a pointer or the focus
// reaches one of them.
const ConfirmDialog = lazyPart(
  async () => (await import('../../components/confirm-dialog.tsx')).ConfirmDialog,
);

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
            onPointerEnter={choices.primary.confirm ? ConfirmDialog.preload : undefined}
            onFocus={choices.primary.confirm ? ConfirmDialog.preload : undefined}
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
            onPointerEnter={choice.confirm ? ConfirmDialog.preload : undefined}
            onFocus={choice.confirm ? ConfirmDialog.preload : undefined}
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
        <Suspense fallback={null}>
          <ConfirmDialog
            title={`${confirming.label} ${person.fullName}?`}
            text={confirming.confirm ?? ''}
            confirmLabel={confirming.label}
            onClose={() => setConfirming(null)}
            onConfirm={() => {
              run(confirming);
              setConfirming(null);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
