import { useEffect, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { ChatMessage } from './chat-data.ts';
import { dayHeading, sameDay } from '@plaza/core/chat-time';
import { MessageBubble, PendingBubble, type MessageActions } from './message-bubble.tsx';
import type { PendingMessage } from './use-chat-feed.ts';

const RUN_GAP_MS = 5 * 60_000;

type Row =
  | { kind: 'top'; key: string }
  | { kind: 'day'; key: string; label: string }
  | { kind: 'message'; key: string; message: ChatMessage; startsRun: boolean }
  | { kind: 'pending'; key: string; entry: PendingMessage };

function rowsOf(
  messages: readonly ChatMessage[],
  pending: readonly PendingMessage[],
  now: number,
  timeZone: string | undefined,
): Row[] {
  const rows: Row[] = [{ kind: 'top', key: 'top' }];
  let previous: ChatMessage | null = null;
  for (const message of messages) {
    const newDay = !previous || !sameDay(previous.timestamp, message.timestamp, timeZone);
    if (newDay)
      rows.push({
        kind: 'day',
        key: `day-${message.key}`,
        label: dayHeading(message.timestamp, now, timeZone),
      });
    const startsRun =
      newDay ||
      !previous ||
      previous.user?.id !== message.user?.id ||
      message.timestamp - previous.timestamp > RUN_GAP_MS;
    rows.push({ kind: 'message', key: message.key, message, startsRun });
    previous = message;
  }
  for (const entry of pending) rows.push({ kind: 'pending', key: `pending-${entry.clientId}`, entry });
  return rows;
}

/**
 * The conversation, virtualised: only the rows in view (and a few around) are in the page, so a
 * chat with thousands of messages stays fast. It opens at the newest message, follows new ones
 * while the reader is at the bottom, and keeps its place when older messages are loaded above.
 */
export function MessageList({
  label,
  messages,
  pending,
  viewerId,
  timeZone,
  actions,
  canLoadPrev,
  isLoadingOlder,
  onLoadOlder,
  onRetry,
  onDiscard,
  footerOf,
  empty,
  topNote = 'This is the beginning of the conversation.',
}: {
  label: string;
  messages: readonly ChatMessage[];
  pending: readonly PendingMessage[];
  viewerId: number;
  timeZone: string | undefined;
  actions: MessageActions;
  canLoadPrev: boolean;
  isLoadingOlder: boolean;
  onLoadOlder: () => void;
  onRetry: (clientId: string) => void;
  onDiscard: (clientId: string) => void;
  footerOf?: (message: ChatMessage) => ReactNode;
  empty: ReactNode;
  /** What shows above the first message when there is nothing older (null: nothing). */
  topNote?: ReactNode;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const now = useMemo(() => Date.now(), []);
  const rows = useMemo(() => rowsOf(messages, pending, now, timeZone), [messages, pending, now, timeZone]);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualiser is read afresh on every render
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => (rows[index]?.kind === 'day' ? 44 : 64),
    getItemKey: (index) => rows[index]?.key ?? index,
    overscan: 8,
    initialRect: { width: 800, height: 800 },
  });

  const atBottom = useRef(true);
  const firstKey = rows[1]?.key;
  const previousFirst = useRef<{ key: string | undefined; count: number }>({
    key: firstKey,
    count: rows.length,
  });

  // Older rows arrived above: keep the row that was on top where it was.
  useLayoutEffect(() => {
    const before = previousFirst.current;
    if (before.key !== undefined && firstKey !== before.key) {
      const index = rows.findIndex((row) => row.key === before.key);
      if (index > 1) virtualizer.scrollToIndex(index, { align: 'start' });
    }
    previousFirst.current = { key: firstKey, count: rows.length };
  }, [firstKey, rows, virtualizer]);

  // New rows at the bottom: follow them if the reader was there (or it is their own message).
  const lastRow = rows.at(-1);
  const lastKey = lastRow?.key;
  const lastIsOwn =
    lastRow?.kind === 'pending' || (lastRow?.kind === 'message' && lastRow.message.user?.id === viewerId);
  useLayoutEffect(() => {
    if (rows.length === 1) return;
    if (atBottom.current || lastIsOwn) virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });
  }, [lastKey, lastIsOwn, rows.length, virtualizer]);

  useEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const onScroll = () => {
      atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < 80;
      if (element.scrollTop < 300 && canLoadPrev && !isLoadingOlder) onLoadOlder();
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => element.removeEventListener('scroll', onScroll);
  }, [canLoadPrev, isLoadingOlder, onLoadOlder]);

  if (rows.length === 1) {
    return <div className="flex flex-1 items-center justify-center overflow-y-auto p-6">{empty}</div>;
  }

  return (
    <div
      ref={scrollRef}
      role="log"
      aria-label={label}
      aria-live="polite"
      tabIndex={0}
      className="min-h-0 flex-1 overflow-y-auto overscroll-contain pb-3 focus-visible:outline-offset-[-3px]"
    >
      <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index];
          if (!row) return null;
          return (
            <div
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className="absolute top-0 left-0 w-full"
              style={{ transform: `translateY(${item.start}px)` }}
            >
              {row.kind === 'top' ? (
                canLoadPrev ? (
                  <div className="flex justify-center py-3">
                    <button
                      type="button"
                      onClick={onLoadOlder}
                      disabled={isLoadingOlder}
                      className="rounded-full bg-white px-4 py-1.5 text-sm font-bold text-ink-soft shadow-sm ring-1 ring-line hover:text-ink"
                    >
                      {isLoadingOlder ? 'Loading…' : 'Load older messages'}
                    </button>
                  </div>
                ) : topNote ? (
                  <p className="px-4 pt-6 pb-2 text-center text-sm text-ink-soft">{topNote}</p>
                ) : (
                  <div className="h-2" />
                )
              ) : row.kind === 'day' ? (
                <div
                  className="flex items-center gap-3 px-5 pt-5 pb-1"
                  role="separator"
                  aria-label={row.label}
                >
                  <span className="h-px flex-1 bg-line" />
                  <span className="text-xs font-bold tracking-wide text-ink-soft uppercase">{row.label}</span>
                  <span className="h-px flex-1 bg-line" />
                </div>
              ) : row.kind === 'message' ? (
                <MessageBubble
                  message={row.message}
                  isOwn={row.message.user?.id === viewerId}
                  startsRun={row.startsRun}
                  timeZone={timeZone}
                  actions={actions}
                  footer={footerOf?.(row.message)}
                />
              ) : (
                <PendingBubble
                  entry={row.entry}
                  onRetry={() => onRetry(row.entry.clientId)}
                  onDiscard={() => onDiscard(row.entry.clientId)}
                />
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
