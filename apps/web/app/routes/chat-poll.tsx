import { chatHref } from '../features/chat/chat-data.ts';
import { useChatRoom } from '../features/chat/chat-room-context.ts';
import { PollCard } from '../features/chat/poll-card.tsx';
import { SidePanel } from '../features/chat/side-panel.tsx';

/** /chat/<type>/<key>/poll: the polls of the loaded conversation, newest first, to vote in place. */
export default function ChatPollView() {
  const { chat, feed } = useChatRoom();
  const polls = feed.messages
    .filter((message) => message.poll !== null && message.deletedAt === null)
    .reverse();
  return (
    <SidePanel title="Polls" backTo={chatHref(chat)}>
      <div className="min-h-0 flex-1 overflow-y-auto p-4">
        {polls.length === 0 ? (
          <p className="px-3 py-10 text-center text-ink-soft">
            {chat.permissions.pollCreate
              ? 'No polls yet. Use the poll button beside the message box to ask everyone.'
              : 'No polls yet.'}
          </p>
        ) : (
          <ul className="space-y-4">
            {polls.map((message) =>
              message.poll ? (
                <li key={message.key}>
                  <p className="mb-1 text-xs font-bold text-ink-soft">
                    Asked by {message.user?.fullName ?? 'someone'}
                  </p>
                  <PollCard
                    poll={message.poll}
                    canVote={chat.permissions.pollVote}
                    onVote={(optionIds) => feed.vote(message.key, optionIds)}
                  />
                </li>
              ) : null,
            )}
          </ul>
        )}
        {feed.canLoadPrev ? (
          <p className="mt-4 text-center text-xs text-ink-soft">
            Older polls appear as you scroll back in the conversation.
          </p>
        ) : null}
      </div>
    </SidePanel>
  );
}
