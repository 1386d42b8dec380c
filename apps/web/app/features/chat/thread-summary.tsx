import { Link } from 'react-router';
import { chatHref, type ChatMessage, type ChatRoom } from './chat-data.ts';

/** Under a message with replies: how many, who (spec 4's label), new activity, and the way in. */
export function ThreadSummary({ chat, message }: { chat: ChatRoom; message: ChatMessage }) {
  if (message.threadCount === 0) return null;
  return (
    <Link
      to={`${chatHref(chat, 'thread')}?m=${encodeURIComponent(message.key)}`}
      className="mt-1 inline-flex items-center gap-2 rounded-full bg-lilac-soft px-3 py-1 text-xs font-bold text-ink hover:bg-lilac"
    >
      {message.hasUnseenThread ? (
        <span className="size-2 rounded-full bg-coral-strong" aria-label="New replies" role="img" />
      ) : null}
      <span>
        {message.threadCount} {message.threadCount === 1 ? 'reply' : 'replies'}
      </span>
      {message.threadLabel ? (
        <span className="font-semibold text-ink-soft">{message.threadLabel}</span>
      ) : null}
    </Link>
  );
}
