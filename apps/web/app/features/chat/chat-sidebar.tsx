import { useMemo, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { lastChatPreview } from '@plaza/core/chat-preview';
import type { ChatType } from '@plaza/core/chat-permissions';
import { Avatar } from '../../components/avatar.tsx';
import { useBrowserTimeZone } from '../../components/browser-values.ts';
import { useNow } from '../../components/use-now.ts';
import { useChatSearch } from './use-chat-search.ts';
import {
  CHAT_TYPE_LABELS,
  CHAT_TYPES,
  chatHref,
  chatImage,
  chatTitle,
  isMuted,
  type ChatListItem,
} from './chat-data.ts';

const TYPE_ICONS: Record<ChatType, string> = { d: '💬', g: '👥', p: '📅' };

function ChatRow({
  chat,
  viewerId,
  timeZone,
  now,
}: {
  chat: ChatListItem;
  viewerId: number;
  timeZone: string | undefined;
  now: number;
}) {
  const title = chatTitle(chat);
  const last = chat.lastChat;
  const preview = last
    ? lastChatPreview(
        {
          text: last.deletedAt
            ? 'Message deleted'
            : last.poll
              ? `Poll: ${last.poll.title}`
              : last.prompt
                ? last.prompt.question
                : last.text || (last.plan ? `Plan: ${last.plan.title}` : ''),
          timestamp: last.timestamp,
          hasPicture: last.media.some((item) => item.kind === 'image'),
          isGiphy: last.media.some((item) => item.mime === 'image/gif'),
          attachmentKind: last.media[0]?.kind ?? null,
        },
        now,
        timeZone,
      )
    : null;
  const who = last?.user
    ? last.user.id === viewerId
      ? 'You: '
      : chat.type === 'd'
        ? ''
        : `${last.user.fullName.split(' ')[0]}: `
    : '';
  const unread = chat.unreadCount > 0;
  const muted = isMuted(chat, now);
  return (
    <li>
      <NavLink
        to={chatHref(chat)}
        className={({ isActive }) =>
          `flex items-center gap-3 rounded-2xl px-3 py-2.5 ${isActive ? 'bg-coral-soft' : 'hover:bg-ink/5'}`
        }
      >
        <span className="relative shrink-0">
          {chat.type === 'd' && chat.otherUser ? (
            <Avatar person={chat.otherUser} size={3} />
          ) : chatImage(chat) ? (
            <img
              src={chatImage(chat) ?? ''}
              alt=""
              className="size-11 rounded-2xl object-cover"
              loading="lazy"
            />
          ) : (
            <span
              className="grid size-11 place-items-center rounded-2xl bg-sun-soft text-xl"
              aria-hidden="true"
            >
              {TYPE_ICONS[chat.type]}
            </span>
          )}
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline gap-2">
            <span className={`truncate text-[0.9375rem] ${unread ? 'font-extrabold' : 'font-bold'}`}>
              {title}
            </span>
            {muted ? (
              <span className="text-xs text-ink-soft" title="Muted">
                <span aria-hidden="true">🔕</span>
                <span className="sr-only">muted</span>
              </span>
            ) : null}
            <span className="ml-auto shrink-0 text-xs text-ink-soft">{preview?.when ?? ''}</span>
          </span>
          <span className="flex items-center gap-2">
            <span className={`truncate text-sm ${unread ? 'font-semibold text-ink' : 'text-ink-soft'}`}>
              {preview ? (
                <>
                  {preview.showsCamera ? (
                    <svg
                      viewBox="0 0 24 24"
                      className="mr-1 inline size-4 align-[-3px]"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2"
                      aria-hidden="true"
                    >
                      <path d="M4 8h3l2-3h6l2 3h3v11H4z" strokeLinejoin="round" />
                      <circle cx="12" cy="13" r="3.5" />
                    </svg>
                  ) : null}
                  {who}
                  {preview.text}
                </>
              ) : (
                'No messages yet'
              )}
            </span>
            {unread ? (
              <span className="ml-auto grid h-5 min-w-5 shrink-0 place-items-center rounded-full bg-coral-strong px-1.5 text-xs font-bold text-white">
                {chat.unreadCount > 99 ? '99+' : chat.unreadCount}
                <span className="sr-only"> unread</span>
              </span>
            ) : null}
          </span>
        </span>
      </NavLink>
    </li>
  );
}

/**
 * The chat list (spec 4): newest activity first, unread counts, the last message's preview, a
 * filter by kind, search by name, and the hidden chats behind their own switch.
 */
export function ChatSidebar({
  chats,
  hiddenCount,
  showsHidden,
  type,
  viewerId,
  className = '',
}: {
  chats: readonly ChatListItem[];
  hiddenCount: number;
  showsHidden: boolean;
  type: ChatType | null;
  viewerId: number;
  className?: string;
}) {
  const [query, setQuery] = useState('');
  const timeZone = useBrowserTimeZone();
  const now = useNow();
  const searched = useChatSearch(query);
  const shown = useMemo(() => {
    // The server's answer covers every chat (hidden ones too); until it comes, the list at hand.
    if (searched) return searched.filter((chat) => type === null || chat.type === type);
    const needle = query.trim().toLocaleLowerCase();
    return chats.filter(
      (chat) =>
        (type === null || chat.type === type) &&
        (needle === '' ||
          chatTitle(chat).toLocaleLowerCase().includes(needle) ||
          (chat.otherUser?.username.toLocaleLowerCase().includes(needle) ?? false)),
    );
  }, [chats, query, type, searched]);
  const hiddenParam = showsHidden ? '?hidden=1' : '';
  return (
    <aside aria-label="Chats" className={`flex min-h-0 flex-col border-line bg-cream ${className}`}>
      <div className="px-4 pt-4 pb-2">
        <div className="flex items-center justify-between gap-2">
          <h1 className="font-display text-2xl font-extrabold tracking-tight">
            {showsHidden ? 'Hidden chats' : 'Chats'}
          </h1>
          <Link
            to="/profile/friends"
            className="rounded-full px-3 py-1.5 text-sm font-bold text-coral-strong hover:bg-coral-soft"
          >
            New message
          </Link>
        </div>
        <label htmlFor="chat-search" className="sr-only">
          Search chats
        </label>
        <input
          id="chat-search"
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="Search chats"
          className="mt-3 h-10 w-full rounded-full border-2 border-line bg-white px-4 text-sm focus:border-coral-strong focus:outline-none"
        />
        <nav aria-label="Kinds of chat" className="mt-3">
          <ul className="flex gap-1.5 overflow-x-auto text-sm font-bold">
            <li>
              <NavLink
                end
                to={`/chat${hiddenParam}`}
                className={() =>
                  `block rounded-full px-3 py-1.5 ${type === null ? 'bg-ink text-white' : 'bg-white text-ink-soft ring-1 ring-line hover:text-ink'}`
                }
              >
                All
              </NavLink>
            </li>
            {CHAT_TYPES.map((kind) => (
              <li key={kind}>
                <Link
                  to={`/chat/${kind}${hiddenParam}`}
                  aria-current={type === kind ? 'page' : undefined}
                  className={`block rounded-full px-3 py-1.5 whitespace-nowrap ${type === kind ? 'bg-ink text-white' : 'bg-white text-ink-soft ring-1 ring-line hover:text-ink'}`}
                >
                  {CHAT_TYPE_LABELS[kind]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-2 pb-4">
        {shown.length > 0 ? (
          <ul className="space-y-0.5">
            {shown.map((chat) => (
              <ChatRow key={chat.key} chat={chat} viewerId={viewerId} timeZone={timeZone} now={now} />
            ))}
          </ul>
        ) : (
          <p className="px-3 py-8 text-center text-sm text-ink-soft">
            {query ? `No chats match “${query}”.` : showsHidden ? 'No hidden chats.' : 'No chats here yet.'}
          </p>
        )}
        {showsHidden ? (
          <Link
            to="/chat"
            className="mt-2 block rounded-2xl px-3 py-2 text-sm font-bold text-ink-soft hover:bg-ink/5"
          >
            ← Back to your chats
          </Link>
        ) : hiddenCount > 0 ? (
          <Link
            to="/chat?hidden=1"
            className="mt-2 block rounded-2xl px-3 py-2 text-sm font-bold text-ink-soft hover:bg-ink/5"
          >
            Hidden chats ({hiddenCount})
          </Link>
        ) : null}
      </div>
    </aside>
  );
}
