import { Form, Link, useLoaderData } from 'react-router';
import { lastChatTime } from '@plaza/core/chat-preview';
import { useNow } from '../components/use-now.ts';
import { INPUT_CLASS } from '../components/form-styles.ts';
import { plazaContext } from '../context.ts';
import { MESSAGE_FIELDS, chatHref, type ChatMessage } from '../features/chat/chat-data.ts';
import { useChatRoom } from '../features/chat/chat-room-context.ts';
import { MessageText } from '../features/chat/message-text.tsx';
import { SidePanel } from '../features/chat/side-panel.tsx';
import type { Route } from './+types/chat-search';

const SEARCH = `query ChatSearch($key: String!, $text: String!) { chat(key: $key) { search(text: $text, limit: 50) { ${MESSAGE_FIELDS} } } }`;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const q = (new URL(request.url).searchParams.get('q') ?? '').trim().slice(0, 100);
  if (!q) return { q, found: null, error: null };
  const result = await context
    .get(plazaContext)
    .graphql<{ chat: { search: ChatMessage[] } | null }>(SEARCH, { key: params.key, text: q });
  return { q, found: result.data?.chat?.search ?? [], error: result.errors?.[0]?.message ?? null };
}

/** /chat/<type>/<key>/search?q=: the chat's messages (thread replies too) containing the words, newest first. */
export default function ChatSearchView() {
  const { q, found, error } = useLoaderData<typeof loader>();
  const { chat, timeZone } = useChatRoom();
  const now = useNow();
  return (
    <SidePanel title="Search this chat" backTo={chatHref(chat)}>
      <Form method="get" role="search" className="border-b border-line p-4">
        <label htmlFor="chat-message-search" className="sr-only">
          Search messages
        </label>
        <input
          id="chat-message-search"
          type="search"
          name="q"
          defaultValue={q}
          placeholder="Search messages"
          className={INPUT_CLASS}
          maxLength={100}
        />
      </Form>
      <div className="min-h-0 flex-1 overflow-y-auto p-3">
        {error ? <p className="px-3 py-4 text-sm font-semibold text-coral-strong">{error}</p> : null}
        {found === null ? (
          <p className="px-3 py-10 text-center text-ink-soft">Type a word or two to find a message.</p>
        ) : found.length === 0 ? (
          <p className="px-3 py-10 text-center text-ink-soft">No messages with “{q}”.</p>
        ) : (
          <ul className="space-y-2" aria-label={`Messages with “${q}”`}>
            {found.map((message) => (
              <li key={message.key}>
                <Link
                  to={`${chatHref(chat, 'thread')}?m=${encodeURIComponent(message.parentKey ?? message.key)}`}
                  className="block rounded-2xl bg-white p-3 shadow-sm ring-1 ring-line/60 hover:ring-coral-strong"
                >
                  <span className="block text-xs font-bold text-ink-soft">
                    {message.user?.fullName ?? 'Someone'} · {lastChatTime(message.timestamp, now, timeZone)}
                    {message.parentKey ? ' · in a thread' : ''}
                  </span>
                  <span className="line-clamp-3 text-sm">
                    <MessageText text={message.text} />
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
