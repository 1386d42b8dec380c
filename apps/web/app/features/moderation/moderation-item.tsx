import { useId } from 'react';
import { Link, useFetcher } from 'react-router';
import { Avatar } from '../../components/avatar.tsx';
import { buttonClass } from '../../components/button-styles.ts';
import { INPUT_CLASS } from '../../components/form-styles.ts';
import {
  actionsFor,
  shortWhen,
  typeLabel,
  type ModerationItem,
  type ModerationLogEntry,
  type ModerationPerson,
} from './moderation-data.ts';

export interface ModerateAnswer {
  ok: boolean;
  message: string;
}

function PersonLink({ person }: { person: ModerationPerson }) {
  return (
    <Link
      to={`/${person.username}`}
      className="inline-flex min-w-0 items-center gap-2 font-semibold hover:underline"
    >
      <Avatar person={person} size={1} />
      <span className="truncate">{person.fullName}</span>
    </Link>
  );
}

function Badge({ tone, children }: { tone: 'coral' | 'sun' | 'lilac' | 'mint'; children: string }) {
  const tones = {
    coral: 'bg-coral-soft text-[#7a2810]',
    sun: 'bg-sun-soft text-plum',
    lilac: 'bg-lilac-soft text-plum',
    mint: 'bg-mint-soft text-ink',
  } as const;
  return <span className={`rounded-full px-2.5 py-0.5 text-xs font-bold ${tones[tone]}`}>{children}</span>;
}

/** One past action, as a line: "Hidden by Mo Derator · 3 Nov, 14:05 — Advertising". */
export function LogLine({ entry, timeZone }: { entry: ModerationLogEntry; timeZone?: string }) {
  return (
    <p className="text-sm text-ink-soft">
      <span className="font-semibold text-ink">{entry.actionLabel}</span> by{' '}
      {entry.actor?.fullName ?? 'a former moderator'} ·{' '}
      <time dateTime={entry.createdAt}>{shortWhen(entry.createdAt, timeZone)}</time>
      {entry.note ? <> — “{entry.note}”</> : null}
    </p>
  );
}

/**
 * A line of the moderation queue: the reported content as it is now (with what reporters saw
 * when it differs), who reported it and why, what moderators already did, and the actions.
 */
export function ModerationItemCard({ item, timeZone }: { item: ModerationItem; timeZone?: string }) {
  const fetcher = useFetcher<ModerateAnswer>();
  const noteId = useId();
  const content = item.content;
  const headingId = useId();
  const buttons = actionsFor(item);
  const snapshot = item.reports.find((r) => r.snapshot.text && r.snapshot.text !== content?.text)?.snapshot;
  const pending = fetcher.formData?.get('action');
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-3xl border border-line bg-white p-5 shadow-sm sm:p-6"
      data-testid="moderation-item"
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="rounded-full bg-plum px-2.5 py-0.5 text-xs font-bold tracking-wide text-on-plum uppercase">
          {typeLabel(item.type)}
        </span>
        {content?.hiddenAt ? <Badge tone="coral">Hidden</Badge> : null}
        {content?.exploreStatus === 'BLOCKED' ? <Badge tone="sun">Blocked from explore</Badge> : null}
        {content?.authorSuspendedAt ? <Badge tone="lilac">Account suspended</Badge> : null}
        {!content ? <Badge tone="mint">Deleted since</Badge> : null}
        <span className="ml-auto text-sm text-ink-soft">
          {item.reportCount} {item.reportCount === 1 ? 'report' : 'reports'} · last{' '}
          <time dateTime={item.lastReportedAt}>{shortWhen(item.lastReportedAt, timeZone)}</time>
        </span>
      </div>

      <h2 id={headingId} className="mt-3 font-display text-xl font-extrabold tracking-tight text-balance">
        {content?.path ? (
          <Link to={content.path} className="hover:underline">
            {content.title || 'Untitled'}
          </Link>
        ) : item.type === 'CHAT_MESSAGE' ? (
          (content?.place ?? 'A chat message')
        ) : (
          (content?.title ?? snapshot?.title) || `${typeLabel(item.type)} #${item.typeId}`
        )}
      </h2>
      <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-soft">
        {content?.author && item.type !== 'USER' ? (
          <span className="inline-flex items-center gap-1.5">
            by <PersonLink person={content.author} />
          </span>
        ) : null}
        {content?.author && item.type === 'USER' ? <span>@{content.author.username}</span> : null}
      </div>
      {content?.text ? (
        <blockquote className="mt-3 line-clamp-4 rounded-2xl bg-sand/70 px-4 py-3 whitespace-pre-line text-ink">
          {content.text}
        </blockquote>
      ) : null}
      {snapshot ? (
        <div className="mt-2 rounded-2xl border-2 border-dashed border-line px-4 py-3 text-sm">
          <p className="font-bold text-ink-soft">When first reported it said:</p>
          <p className="mt-1 line-clamp-4 whitespace-pre-line">{snapshot.text}</p>
        </div>
      ) : null}

      <ul className="mt-4 flex flex-wrap gap-2" aria-label="Reasons given">
        {item.reasons.map(({ reason, count }) => (
          <li
            key={reason.id}
            className="rounded-full border border-line bg-cream px-3 py-1 text-sm font-semibold"
          >
            {reason.content}
            {count > 1 ? <span className="text-ink-soft"> ×{count}</span> : null}
          </li>
        ))}
      </ul>

      <details className="group mt-4 rounded-2xl border border-line" open={item.reports.length <= 2}>
        <summary className="cursor-pointer list-none rounded-2xl px-4 py-3 font-semibold hover:bg-sand/60 [&::-webkit-details-marker]:hidden">
          <span aria-hidden="true" className="mr-2 inline-block transition-transform group-open:rotate-90">
            ›
          </span>
          Who reported it ({item.reportCount})
        </summary>
        <ul className="divide-y divide-line border-t border-line">
          {item.reports.map((report) => (
            <li key={report.id} className="px-4 py-3">
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
                {report.reporter ? <PersonLink person={report.reporter} /> : <span>A deleted account</span>}
                <span className="text-ink-soft">· {report.reason.content} ·</span>
                <time dateTime={report.updatedAt} className="text-ink-soft">
                  {shortWhen(report.updatedAt, timeZone)}
                </time>
              </div>
              {report.details ? (
                <p className="mt-1 text-[0.9375rem] whitespace-pre-line">{report.details}</p>
              ) : null}
            </li>
          ))}
        </ul>
      </details>

      {item.actions.length > 0 ? (
        <div className="mt-4 flex flex-col gap-1">
          {item.actions.map((entry) => (
            <LogLine key={entry.id} entry={entry} timeZone={timeZone} />
          ))}
        </div>
      ) : null}

      {buttons.length > 0 ? (
        <fetcher.Form data-submit-after-hydration="" method="post" className="mt-5 border-t border-line pt-4">
          <input type="hidden" name="type" value={item.type} />
          <input type="hidden" name="typeId" value={item.typeId} />
          <label htmlFor={noteId} className="mb-1.5 block text-sm font-bold">
            Note for the log <span className="font-normal text-ink-soft">(optional)</span>
          </label>
          <input
            id={noteId}
            name="note"
            maxLength={1000}
            className={INPUT_CLASS}
            placeholder="Why you did it"
          />
          <div className="mt-3 flex flex-wrap gap-2">
            {buttons.map((button) => (
              <button
                key={button.action}
                type="submit"
                name="action"
                value={button.action}
                disabled={fetcher.state !== 'idle'}
                className={button.action === 'HIDE' ? buttonClass('primary') : buttonClass('secondary')}
              >
                {pending === button.action ? 'Working…' : button.label}
              </button>
            ))}
          </div>
          {fetcher.data && !fetcher.data.ok ? (
            <p role="alert" className="mt-2 text-sm font-semibold text-coral-strong">
              {fetcher.data.message}
            </p>
          ) : null}
        </fetcher.Form>
      ) : null}
    </article>
  );
}
