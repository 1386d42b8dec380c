import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { MESSAGE_SEND_STATE } from '@plaza/core/message-send-state';
import { REMOVED_MESSAGE_TEXT } from '@plaza/core/moderation';
import { Avatar } from '../../components/avatar.tsx';
import { FIELD_CLASS } from '../../components/form-styles.ts';
import type { ChatMessage } from './chat-data.ts';
import { clockTime } from '@plaza/core/chat-time';
import { LinkPreviewCard } from './link-preview-card.tsx';
import { MemixCard } from './memix-card.tsx';
import { MessageMedia } from './message-media.tsx';
import { MessageText } from './message-text.tsx';
import { PersonPopover } from './person-popover.tsx';
import { PollCard } from './poll-card.tsx';
import { SharedPlanCard } from './shared-plan-card.tsx';
import type { PendingMessage } from './use-chat-feed.ts';

export interface MessageActions {
  /** Opens the message's thread; absent inside a thread or without the permission. */
  threadHref?: (message: ChatMessage) => string | null;
  canEdit: (message: ChatMessage) => boolean;
  canDelete: (message: ChatMessage) => boolean;
  onEdit: (message: ChatMessage, text: string) => Promise<string | null>;
  onDelete: (message: ChatMessage) => Promise<string | null>;
  canVote: boolean;
  onVote: (message: ChatMessage, optionIds: number[]) => Promise<string | null>;
  /** Opens the report dialog for someone else's message; absent where reporting is not offered. */
  onReport?: (message: ChatMessage) => void;
}

const BUBBLE = 'rounded-3xl px-4 py-2.5 text-[0.9375rem] leading-relaxed whitespace-pre-wrap break-words';

function Bubble({ isOwn, children }: { isOwn: boolean; children: ReactNode }) {
  return (
    <div
      className={`${BUBBLE} ${isOwn ? 'rounded-br-lg bg-coral-strong text-white' : 'rounded-bl-lg bg-white text-ink shadow-sm ring-1 ring-line/60'}`}
    >
      {children}
    </div>
  );
}

function EditForm({
  message,
  onSave,
  onCancel,
}: {
  message: ChatMessage;
  onSave: (text: string) => Promise<string | null>;
  onCancel: () => void;
}) {
  const [text, setText] = useState(message.text);
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const save = async () => {
    setIsSaving(true);
    const problem = await onSave(text);
    setIsSaving(false);
    if (problem) setError(problem);
    else onCancel();
  };
  return (
    <form
      className="w-full max-w-xl"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <label className="sr-only" htmlFor={`edit-${message.key}`}>
        Edit your message
      </label>
      <textarea
        id={`edit-${message.key}`}
        className={`${FIELD_CLASS} min-h-20 py-2`}
        value={text}
        autoFocus
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onCancel();
          if (event.key === 'Enter' && !event.shiftKey) {
            event.preventDefault();
            void save();
          }
        }}
        aria-invalid={error ? true : undefined}
      />
      {error ? <p className="mt-1 text-sm font-semibold text-coral-strong">{error}</p> : null}
      <div className="mt-2 flex gap-2 text-sm">
        <button
          type="submit"
          disabled={isSaving}
          className="rounded-full bg-ink px-3 py-1.5 font-bold text-white"
        >
          Save
        </button>
        <button
          type="button"
          onClick={onCancel}
          className="rounded-full px-3 py-1.5 font-bold text-ink-soft hover:bg-ink/5"
        >
          Cancel
        </button>
      </div>
    </form>
  );
}

/** One message: who wrote it (at the start of a run), the text, its time, thread link and actions. */
export function MessageBubble({
  message,
  isOwn,
  startsRun,
  timeZone,
  actions,
  footer,
}: {
  message: ChatMessage;
  isOwn: boolean;
  startsRun: boolean;
  timeZone: string | undefined;
  actions: MessageActions;
  footer?: ReactNode;
}) {
  const [isEditing, setIsEditing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const name = message.user?.fullName ?? 'Someone';
  const threadHref = actions.threadHref?.(message) ?? null;
  const isRemoved = message.removedByModerator;
  const isDeleted = message.deletedAt !== null || isRemoved;
  const canReport = !isDeleted && !isOwn && actions.onReport !== undefined;
  // Only words can be edited: a poll, a prompt, a shared plan or media alone has none.
  const canEdit =
    !isDeleted && message.text !== '' && !message.poll && !message.prompt && actions.canEdit(message);
  const canDelete = !isDeleted && actions.canDelete(message);
  return (
    <div
      className={`group flex gap-2.5 px-3 outline-none sm:px-5 ${startsRun ? 'pt-3' : 'pt-0.5'} ${isOwn ? 'flex-row-reverse' : ''}`}
      tabIndex={-1}
      data-message-key={message.key}
      data-seq={message.seq}
    >
      <div className="w-9 shrink-0">
        {startsRun && !isOwn && message.user ? (
          <Link
            to={`/${message.user.username}`}
            aria-label={`${name}'s profile`}
            className="block rounded-full"
          >
            <Avatar person={message.user} size={2} className="size-9!" />
          </Link>
        ) : null}
      </div>
      <div
        className={`relative flex max-w-[min(36rem,80%)] min-w-0 flex-col ${isOwn ? 'items-end' : 'items-start'}`}
      >
        {!isEditing && (threadHref || canEdit || canDelete || canReport) ? (
          <div
            className={`pointer-events-none absolute -top-3 z-10 flex gap-0.5 rounded-full bg-white p-0.5 text-xs font-bold text-ink-soft opacity-0 shadow-md ring-1 ring-line group-focus-within:pointer-events-auto group-focus-within:opacity-100 group-hover:pointer-events-auto group-hover:opacity-100 ${isOwn ? 'left-0' : 'right-0'}`}
          >
            {threadHref ? (
              <Link to={threadHref} className="rounded-full px-2 py-1 hover:bg-ink/5 hover:text-ink">
                Reply in thread
              </Link>
            ) : null}
            {canEdit ? (
              <button
                type="button"
                className="rounded-full px-2 py-1 hover:bg-ink/5 hover:text-ink"
                onClick={() => setIsEditing(true)}
              >
                Edit
              </button>
            ) : null}
            {canDelete ? (
              <button
                type="button"
                className="rounded-full px-2 py-1 hover:bg-ink/5 hover:text-coral-strong"
                onClick={async () => {
                  if (!window.confirm('Delete this message for everyone?')) return;
                  setProblem(await actions.onDelete(message));
                }}
              >
                Delete
              </button>
            ) : null}
            {canReport ? (
              <button
                type="button"
                className="rounded-full px-2 py-1 hover:bg-ink/5 hover:text-coral-strong"
                onClick={() => actions.onReport?.(message)}
              >
                Report
              </button>
            ) : null}
          </div>
        ) : null}
        {startsRun ? (
          <p className="mb-1 px-1 text-xs font-semibold text-ink-soft">
            {isOwn || !message.user ? (
              isOwn ? (
                'You'
              ) : (
                name
              )
            ) : (
              <PersonPopover person={message.user} isSelf={false}>
                <Link to={`/${message.user.username}`} className="hover:text-ink hover:underline">
                  {name}
                </Link>
              </PersonPopover>
            )}{' '}
            · <time dateTime={message.createdAt}>{clockTime(message.timestamp, timeZone)}</time>
          </p>
        ) : null}
        {isEditing ? (
          <EditForm
            message={message}
            onSave={(text) => actions.onEdit(message, text)}
            onCancel={() => setIsEditing(false)}
          />
        ) : isDeleted ? (
          <p className="rounded-3xl border-2 border-dashed border-line px-4 py-2 text-sm text-ink-soft italic">
            {isRemoved ? REMOVED_MESSAGE_TEXT : 'This message was deleted.'}
          </p>
        ) : (
          <>
            {message.prompt ? (
              <div className="w-72 max-w-full rounded-3xl bg-sun-soft p-4 text-ink ring-1 ring-sun">
                <p className="text-xs font-bold tracking-wide text-ink-soft uppercase">
                  <span aria-hidden="true">💭 </span>Prompt
                </p>
                <p className="mt-1 font-display text-lg leading-snug font-extrabold">
                  {message.prompt.question}
                </p>
                {threadHref ? (
                  <Link
                    to={threadHref}
                    className="mt-2 inline-block text-sm font-bold text-coral-strong underline"
                  >
                    Answer in the thread
                  </Link>
                ) : null}
              </div>
            ) : null}
            {message.poll ? (
              <PollCard
                poll={message.poll}
                canVote={actions.canVote}
                onVote={(ids) => actions.onVote(message, ids)}
              />
            ) : null}
            {message.text && !message.poll && !message.prompt ? (
              <Bubble isOwn={isOwn}>
                <MessageText text={message.text} />
                {message.editedAt ? (
                  <span className={`ml-2 text-xs ${isOwn ? 'text-white/85' : 'text-ink-soft'}`}>
                    (edited)
                  </span>
                ) : null}
              </Bubble>
            ) : null}
            <MessageMedia media={message.media} senderName={isOwn ? 'you' : name} />
            {message.plan ? <SharedPlanCard plan={message.plan} /> : null}
            {message.memix ? <MemixCard memix={message.memix} senderName={isOwn ? 'you' : name} /> : null}
            {message.text && message.media.length === 0 && !message.plan ? (
              <LinkPreviewCard text={message.text} />
            ) : null}
          </>
        )}
        {footer}
        {problem ? <p className="mt-1 text-sm font-semibold text-coral-strong">{problem}</p> : null}
      </div>
    </div>
  );
}

/** A message of the viewer's that is on its way, or failed, with Retry and Discard. */
export function PendingBubble({
  entry,
  onRetry,
  onDiscard,
}: {
  entry: PendingMessage;
  onRetry: () => void;
  onDiscard: () => void;
}) {
  const failed = entry.state === MESSAGE_SEND_STATE.ERROR;
  return (
    <div className="flex flex-row-reverse gap-2.5 px-3 pt-0.5 sm:px-5" data-pending={entry.clientId}>
      <div className="w-9 shrink-0" />
      <div className="flex max-w-[min(36rem,80%)] flex-col items-end">
        {entry.text ? (
          <div
            className={`${BUBBLE} rounded-br-lg ${failed ? 'bg-white text-ink ring-2 ring-coral-strong' : 'bg-coral-strong text-white'}`}
          >
            <MessageText text={entry.text} />
          </div>
        ) : null}
        {entry.previews.length > 0 ? (
          <div className="mt-1 flex gap-1.5">
            {entry.previews.map((preview) => (
              <img
                key={preview}
                src={preview}
                alt=""
                className="size-24 rounded-2xl object-cover opacity-70"
              />
            ))}
          </div>
        ) : null}
        <p className="mt-1 text-xs font-semibold text-ink-soft" role={failed ? 'alert' : undefined}>
          {failed ? (
            <>
              <span className="text-coral-strong">Not sent{entry.error ? `: ${entry.error}` : ''}</span>{' '}
              <button
                type="button"
                onClick={onRetry}
                className="ml-1 rounded-full px-2 py-0.5 font-bold text-ink underline"
              >
                Retry
              </button>
              <button
                type="button"
                onClick={onDiscard}
                className="rounded-full px-2 py-0.5 font-bold text-ink-soft underline"
              >
                Discard
              </button>
            </>
          ) : (
            'Sending…'
          )}
        </p>
      </div>
    </div>
  );
}
