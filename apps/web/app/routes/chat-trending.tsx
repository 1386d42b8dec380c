import { Link } from 'react-router';
import { useNow } from '../components/use-now.ts';
import { chatHref } from '../features/chat/chat-data.ts';
import { useChatRoom } from '../features/chat/chat-room-context.ts';
import { MessageText } from '../features/chat/message-text.tsx';
import { SidePanel } from '../features/chat/side-panel.tsx';

const WEEK_MS = 7 * 86_400_000;

/**
 * /chat/<type>/<key>/trending: this week's liveliest messages of the loaded conversation, by the
 * number of people who replied, then by replies.
 */
export default function ChatTrendingView() {
  const { chat, feed } = useChatRoom();
  const since = useNow() - WEEK_MS;
  const ranked = feed.messages
    .filter(
      (message) => message.parentKey === null && message.deletedAt === null && message.timestamp > since,
    )
    .map((message) => ({ message, replies: message.threadCount, people: message.threadUsers.length }))
    .filter((entry) => entry.replies > 0)
    .sort((a, b) => b.people - a.people || b.replies - a.replies)
    .slice(0, 10);
  return (
    <SidePanel title="Trending this week" backTo={chatHref(chat)}>
      <div className="min-h-0 flex-1 overflow-y-auto p-3">
        {ranked.length === 0 ? (
          <p className="px-3 py-10 text-center text-ink-soft">
            Nothing is buzzing yet. Messages with lively threads show up here.
          </p>
        ) : (
          <ol className="space-y-2">
            {ranked.map(({ message, replies: count, people }, index) => (
              <li key={message.key}>
                <Link
                  to={`${chatHref(chat, 'thread')}?m=${encodeURIComponent(message.key)}`}
                  className="flex gap-3 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-line/60 hover:ring-coral-strong"
                >
                  <span className="font-display text-2xl font-extrabold text-coral-strong">{index + 1}</span>
                  <span className="min-w-0">
                    <span className="block text-xs font-bold text-ink-soft">
                      {message.user?.fullName ?? 'Someone'}
                    </span>
                    <span className="line-clamp-2 text-sm">
                      <MessageText text={message.poll?.title ?? message.prompt?.question ?? message.text} />
                    </span>
                    <span className="mt-1 block text-xs font-bold text-ink-soft">
                      {count} {count === 1 ? 'reply' : 'replies'} from {people}{' '}
                      {people === 1 ? 'person' : 'people'}
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ol>
        )}
      </div>
    </SidePanel>
  );
}
