import { useEffect } from 'react';
import { Link, useLoaderData, useSearchParams } from 'react-router';
import { plazaContext } from '../context.ts';
import { MESSAGE_FIELDS, chatHref, type ChatMessage } from '../features/chat/chat-data.ts';
import { useChatRoom } from '../features/chat/chat-room-context.ts';
import { Composer } from '../features/chat/composer.tsx';
import { liveRequest } from '../graphql/live-client.ts';
import { MessageBubble } from '../features/chat/message-bubble.tsx';
import { MessageList } from '../features/chat/message-list.tsx';
import { MessageText } from '../features/chat/message-text.tsx';
import { SidePanel } from '../features/chat/side-panel.tsx';
import type { Route } from './+types/chat-thread';

const THREADS = `query ChatThreads($key: String!) { chat(key: $key) { threads { ${MESSAGE_FIELDS} } } }`;
const THREAD = `query ChatThread($key: String!, $m: String!) { chat(key: $key) { thread(key: $m) { ${MESSAGE_FIELDS} } } }`;
const TAB_SEEN = `mutation MarkThreadTabSeen($chatKey: String!) { markThreadTabSeen(chatKey: $chatKey) { key } }`;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const m = new URL(request.url).searchParams.get('m');
  const server = context.get(plazaContext);
  if (m) {
    const result = await server.graphql<{ chat: { thread: ChatMessage | null } | null }>(THREAD, {
      key: params.key,
      m,
    });
    return { parent: result.data?.chat?.thread ?? null, threads: [] as ChatMessage[] };
  }
  const result = await server.graphql<{ chat: { threads: ChatMessage[] } | null }>(THREADS, {
    key: params.key,
  });
  return { parent: null, threads: result.data?.chat?.threads ?? [] };
}

function ThreadList({ threads }: { threads: ChatMessage[] }) {
  const { chat } = useChatRoom();
  useEffect(() => {
    void liveRequest(TAB_SEEN, { chatKey: chat.key }).catch(() => undefined);
  }, [chat.key]);
  return (
    <SidePanel title="Threads" backTo={chatHref(chat)}>
      <div className="min-h-0 flex-1 overflow-y-auto p-3">
        {threads.length === 0 ? (
          <p className="px-3 py-10 text-center text-ink-soft">
            No threads yet. Choose “Reply in thread” on a message to start one.
          </p>
        ) : (
          <ul className="space-y-2">
            {threads.map((message) => (
              <li key={message.key}>
                <Link
                  to={`?m=${encodeURIComponent(message.key)}`}
                  className="block rounded-2xl bg-white p-3 shadow-sm ring-1 ring-line/60 hover:ring-coral-strong"
                >
                  <span className="flex items-center gap-2 text-xs font-bold text-ink-soft">
                    {message.user?.fullName ?? 'Someone'}
                    {message.hasUnseenThread ? (
                      <span className="rounded-full bg-coral-strong px-2 py-0.5 text-[0.625rem] text-white">
                        New
                      </span>
                    ) : null}
                  </span>
                  <span className="line-clamp-2 text-sm">
                    <MessageText text={message.poll?.title ?? message.prompt?.question ?? message.text} />
                  </span>
                  <span className="mt-1 block text-xs font-bold text-coral-strong">
                    {message.threadCount} {message.threadCount === 1 ? 'reply' : 'replies'}
                    {message.threadLabel ? (
                      <span className="font-semibold text-ink-soft"> · {message.threadLabel}</span>
                    ) : null}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </SidePanel>
  );
}

/** /chat/<type>/<key>/thread: the chat's threads, or one thread (?m=<message key>) with its replies, live. */
export default function ChatThreadView() {
  const loaded = useLoaderData<typeof loader>();
  const { chat, viewerId, feed, actions, timeZone } = useChatRoom();
  const [search] = useSearchParams();
  const parentKey = search.get('m');
  const { openThread } = feed;
  useEffect(() => {
    if (parentKey) void openThread(parentKey);
  }, [parentKey, openThread]);

  if (!parentKey) return <ThreadList threads={loaded.threads} />;
  const parent = feed.messages.find((message) => message.key === parentKey) ?? loaded.parent;
  if (!parent) {
    return (
      <SidePanel title="Thread" backTo={chatHref(chat, 'thread')}>
        <p className="px-5 py-10 text-center text-ink-soft">This thread is not here any more.</p>
      </SidePanel>
    );
  }
  const threadActions = { ...actions, threadHref: undefined };
  return (
    <SidePanel title="Thread" backTo={chatHref(chat)}>
      <div className="max-h-[40%] shrink-0 overflow-y-auto border-b border-line pb-3">
        <MessageBubble
          message={parent}
          isOwn={parent.user?.id === viewerId}
          startsRun
          timeZone={timeZone}
          actions={threadActions}
        />
      </div>
      <MessageList
        label="Replies in this thread"
        messages={feed.replies.get(parent.key) ?? []}
        pending={feed.pending.filter((entry) => entry.parentKey === parent.key)}
        viewerId={viewerId}
        timeZone={timeZone}
        actions={threadActions}
        canLoadPrev={false}
        isLoadingOlder={false}
        onLoadOlder={() => undefined}
        onRetry={feed.retry}
        onDiscard={feed.discard}
        topNote={null}
        empty={<p className="text-center text-ink-soft">No replies yet. Start the thread.</p>}
      />
      <Composer
        label="Reply in thread"
        placeholder="Reply in thread"
        onSend={(text) => void feed.send(text, parent.key)}
        cannotWrite={chat.permissions.threadMessage ? null : 'You cannot reply in threads here.'}
        slowModeSeconds={chat.slowModeEnabled ? chat.rateLimit : 0}
        bypassesSlowMode={chat.permissions.slowmodeBypass}
      />
    </SidePanel>
  );
}
