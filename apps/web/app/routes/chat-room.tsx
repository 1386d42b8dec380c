import { useState } from 'react';
import { Form, Link, NavLink, Outlet, data, redirect, useLoaderData, useLocation } from 'react-router';
import { CHAT_TYPENAME } from '@plaza/core/chat-permissions';
import { Avatar } from '../components/avatar.tsx';
import { useBrowserTimeZone } from '../components/browser-values.ts';
import { useNow } from '../components/use-now.ts';
import { plazaContext } from '../context.ts';
import {
  CHAT_ROOM_FIELDS,
  MESSAGE_FIELDS,
  chatHref,
  chatImage,
  chatTitle,
  isMuted,
  type ChatMessage,
  type ChatRoom,
} from '../features/chat/chat-data.ts';
import { useChatLayout } from '../features/chat/chat-layout-context.ts';
import { Composer } from '../features/chat/composer.tsx';
import { ConnectionBanner } from '../features/chat/connection-banner.tsx';
import {
  AttachButton,
  AttachmentTray,
  MemixButton,
  MoreTools,
  PollButton,
  PromptButton,
  SharePlanButton,
} from '../features/chat/composer-tools.tsx';
import { useAttachments } from '../features/chat/use-attachments.ts';
import { MessageList } from '../features/chat/message-list.tsx';
import type { MessageActions } from '../features/chat/message-bubble.tsx';
import { ReportDialog, useReportThanks } from '../features/moderation/report-dialog.tsx';
import { ThreadSummary } from '../features/chat/thread-summary.tsx';
import { useChatFeed } from '../features/chat/use-chat-feed.ts';
import type { ChatRoomContext } from '../features/chat/chat-room-context.ts';
import { mutationOutcome } from '../graphql/mutation-outcome.ts';
import { viewerContext } from '../features/session/viewer.server.ts';
import type { Route } from './+types/chat-room';

const ROOM = `query ChatRoom($key: String!) {
  chat(key: $key) {
    ${CHAT_ROOM_FIELDS}
    lastRev hasUnseenThreads canRemove canSetRateLimit
    messages(limit: 50) { canLoadPrev firstMessageKey messages { ${MESSAGE_FIELDS} } }
  }
}`;

const HIDE = `mutation HideChat($key: String!, $hidden: Boolean!) { hideChat(key: $key, hidden: $hidden) { key } }`;
const REMOVE = `mutation RemoveChat($key: String!) { removeChat(key: $key) }`;
const SLOW = `mutation SetChatRateLimit($key: String!, $seconds: Int!) { setChatRateLimit(key: $key, seconds: $seconds) { key } }`;
const SLOW_CHOICES = [0, 10, 30, 60, 300] as const;
const MUTE = `mutation MuteChat($key: String!, $until: String) { muteChat(key: $key, until: $until) { key } }`;

const MUTE_CHOICES = [
  { value: '1h', label: 'For 1 hour', ms: 3_600_000 },
  { value: '8h', label: 'For 8 hours', ms: 8 * 3_600_000 },
  { value: '1w', label: 'For a week', ms: 7 * 86_400_000 },
  { value: 'always', label: 'Until I turn it back on', ms: 100 * 365 * 86_400_000 },
] as const;

type LoadedChat = NonNullable<RoomAnswer['chat']>;

interface RoomAnswer {
  chat:
    | (ChatRoom & {
        lastRev: number;
        hasUnseenThreads: boolean;
        canRemove: boolean;
        canSetRateLimit: boolean;
        messages: { canLoadPrev: boolean; firstMessageKey: string | null; messages: ChatMessage[] };
      })
    | null;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const result = await context.get(plazaContext).graphql<RoomAnswer>(ROOM, { key: params.key });
  const chat = result.data?.chat;
  if (!chat) {
    const code = result.errors?.[0]?.extensions?.code;
    throw data(null, { status: code === 'NOT_FOUND' || !code ? 404 : 500 });
  }
  // The address names the chat's kind; a wrong one leads to the right address.
  if (params.type !== chat.type) throw redirect(chatHref(chat));
  return { chat, viewerId: context.get(viewerContext)?.id ?? 0 };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = form.get('intent');
  const server = context.get(plazaContext);
  if (intent === 'hide' || intent === 'unhide') {
    return mutationOutcome(await server.graphql(HIDE, { key: params.key, hidden: intent === 'hide' }));
  }
  if (intent === 'mute') {
    const choice = MUTE_CHOICES.find((option) => option.value === form.get('for'));
    const until = choice ? new Date(Date.now() + choice.ms).toISOString() : null;
    return mutationOutcome(await server.graphql(MUTE, { key: params.key, until }));
  }
  if (intent === 'remove') {
    const outcome = mutationOutcome(await server.graphql(REMOVE, { key: params.key }));
    if (outcome.ok) throw redirect('/chat');
    return outcome;
  }
  if (intent === 'slow') {
    const seconds = Number(form.get('seconds'));
    return mutationOutcome(
      await server.graphql(SLOW, { key: params.key, seconds: Number.isInteger(seconds) ? seconds : -1 }),
    );
  }
  throw new Response('Unknown action', { status: 400 });
}

export function meta({ loaderData: loaded }: Route.MetaArgs) {
  return [
    { title: loaded ? `${chatTitle(loaded.chat)} · Chat · Plaza` : 'Chat · Plaza' },
    { name: 'robots', content: 'noindex' },
  ];
}

function cannotWriteReason(chat: ChatRoom): string | null {
  if (chat.permissions.sendMessage) return null;
  if (chat.type === 'd') return 'You can no longer message each other here.';
  return chat.type === 'g'
    ? 'Only some members of this group can write here.'
    : 'Only some guests of this plan can write here.';
}

function RoomHeader({ chat }: { chat: ChatRoom & { canRemove: boolean; canSetRateLimit: boolean } }) {
  const { sidebarCollapsed, toggleSidebar } = useChatLayout();
  const title = chatTitle(chat);
  const image = chatImage(chat);
  const muted = isMuted(chat, useNow());
  const pageHref = chat.group
    ? `/group/${chat.group.slug}/${chat.group.key}`
    : chat.plan
      ? `/${chat.plan.slug}/${chat.plan.key}`
      : chat.otherUser
        ? `/${chat.otherUser.username}`
        : null;
  const views = [
    { to: chatHref(chat), label: 'Chat', end: true },
    { to: chatHref(chat, 'thread'), label: 'Threads' },
    { to: chatHref(chat, 'media'), label: 'Media' },
    { to: chatHref(chat, 'poll'), label: 'Polls' },
    { to: chatHref(chat, 'trending'), label: 'Trending' },
    ...(chat.type === 'g' ? [{ to: chatHref(chat, 'event'), label: 'Plans' }] : []),
  ];
  return (
    <header className="border-b border-line bg-cream/95">
      <div className="flex items-center gap-3 px-3 py-2.5 sm:px-5">
        <Link
          to="/chat"
          className="-ml-1 grid size-10 place-items-center rounded-full hover:bg-ink/5 md:hidden"
          aria-label="Back to chats"
        >
          <svg
            viewBox="0 0 24 24"
            className="size-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.2"
            aria-hidden="true"
          >
            <path d="M15 5l-7 7 7 7" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </Link>
        <button
          type="button"
          onClick={toggleSidebar}
          className="hidden size-10 place-items-center rounded-full hover:bg-ink/5 md:grid"
          aria-label={sidebarCollapsed ? 'Show the chat list' : 'Hide the chat list'}
          aria-pressed={sidebarCollapsed}
        >
          <svg
            viewBox="0 0 24 24"
            className="size-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <rect x="3" y="4" width="18" height="16" rx="3" />
            <path d="M9 4v16" />
          </svg>
        </button>
        {chat.type === 'd' && chat.otherUser ? (
          <Avatar person={chat.otherUser} size={2} className="size-10!" />
        ) : image ? (
          <img src={image} alt="" className="size-10 rounded-xl object-cover" />
        ) : null}
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-display text-lg leading-tight font-extrabold">
            {pageHref ? (
              <Link to={pageHref} className="hover:underline">
                {title}
              </Link>
            ) : (
              title
            )}
          </h2>
          <p className="truncate text-xs font-semibold text-ink-soft">
            {chat.type === 'd' && chat.otherUser
              ? `@${chat.otherUser.username}`
              : CHAT_TYPENAME[chat.type] === 'Group'
                ? 'Group chat'
                : 'Plan chat'}
            {muted ? ' · muted' : ''}
            {chat.slowModeEnabled ? ` · slow mode ${chat.rateLimit} s` : ''}
          </p>
        </div>
        <Link
          to={chatHref(chat, 'search')}
          className="grid size-10 place-items-center rounded-full hover:bg-ink/5"
          aria-label="Search this chat"
        >
          <svg
            viewBox="0 0 24 24"
            className="size-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <circle cx="11" cy="11" r="6" />
            <path d="M20 20l-4.5-4.5" strokeLinecap="round" />
          </svg>
        </Link>
        <details className="relative">
          <summary
            className="grid size-10 cursor-pointer list-none place-items-center rounded-full hover:bg-ink/5"
            aria-label="Chat settings"
          >
            <svg viewBox="0 0 24 24" className="size-5" fill="currentColor" aria-hidden="true">
              <circle cx="5" cy="12" r="2" />
              <circle cx="12" cy="12" r="2" />
              <circle cx="19" cy="12" r="2" />
            </svg>
          </summary>
          <div className="absolute right-0 z-20 mt-2 w-64 rounded-2xl bg-white p-2 text-sm shadow-xl ring-1 ring-line">
            <Form method="post" className="contents">
              {muted ? (
                <button
                  name="intent"
                  value="mute"
                  className="block w-full rounded-xl px-3 py-2 text-left font-semibold hover:bg-ink/5"
                >
                  Unmute
                </button>
              ) : (
                <>
                  <p className="px-3 pt-1 pb-1 text-xs font-bold tracking-wide text-ink-soft uppercase">
                    Mute
                  </p>
                  {MUTE_CHOICES.map((choice) => (
                    <button
                      key={choice.value}
                      name="for"
                      value={choice.value}
                      className="block w-full rounded-xl px-3 py-2 text-left font-semibold hover:bg-ink/5"
                    >
                      {choice.label}
                    </button>
                  ))}
                  <input type="hidden" name="intent" value="mute" />
                </>
              )}
            </Form>
            <Form method="post" className="mt-1 border-t border-line pt-1">
              <button
                name="intent"
                value={chat.pivot.isHidden ? 'unhide' : 'hide'}
                className="block w-full rounded-xl px-3 py-2 text-left font-semibold hover:bg-ink/5"
              >
                {chat.pivot.isHidden ? 'Show in my chats' : 'Hide from my chats'}
              </button>
            </Form>
            {chat.canSetRateLimit ? (
              <Form method="post" className="mt-1 border-t border-line pt-1">
                <input type="hidden" name="intent" value="slow" />
                <p className="px-3 pt-1 pb-1 text-xs font-bold tracking-wide text-ink-soft uppercase">
                  Slow mode
                </p>
                <div className="flex flex-wrap gap-1 px-2 pb-1">
                  {SLOW_CHOICES.map((seconds) => (
                    <button
                      key={seconds}
                      name="seconds"
                      value={seconds}
                      aria-pressed={chat.rateLimit === seconds}
                      className={`rounded-full px-2.5 py-1 text-xs font-bold ${chat.rateLimit === seconds ? 'bg-ink text-white' : 'bg-sand hover:bg-line'}`}
                    >
                      {seconds === 0 ? 'Off' : seconds < 60 ? `${seconds} s` : `${seconds / 60} min`}
                    </button>
                  ))}
                </div>
              </Form>
            ) : null}
            {chat.canRemove ? (
              <Form
                method="post"
                className="mt-1 border-t border-line pt-1"
                // Asked before hydration, the removal waits for the confirmation (early-taps.ts).
                data-submit-after-hydration=""
                onSubmit={(event) => {
                  if (
                    !window.confirm(
                      'Remove this chat and all its messages, threads included, for everyone? This cannot be undone.',
                    )
                  )
                    event.preventDefault();
                }}
              >
                <button
                  name="intent"
                  value="remove"
                  className="block w-full rounded-xl px-3 py-2 text-left font-semibold text-coral-strong hover:bg-coral-soft"
                >
                  Remove this chat
                </button>
              </Form>
            ) : null}
          </div>
        </details>
      </div>
      <nav aria-label="Chat views" className="overflow-x-auto px-3 sm:px-5">
        <ul className="flex gap-1 text-sm font-bold">
          {views.map((view) => (
            <li key={view.to}>
              <NavLink
                to={view.to}
                end={view.end}
                className={({ isActive }) =>
                  `block border-b-[3px] px-3 pt-1 pb-2 whitespace-nowrap ${isActive ? 'border-coral-strong text-ink' : 'border-transparent text-ink-soft hover:text-ink'}`
                }
              >
                {view.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}

/** A chat: header with its views, the live conversation and the composer; a view opens beside it. */
export default function ChatRoomPage() {
  const { chat, viewerId } = useLoaderData<typeof loader>();
  // One live feed per chat: opening another chat starts afresh.
  return <ChatRoomView key={chat.key} chat={chat} viewerId={viewerId} />;
}

function ChatRoomView({ chat, viewerId }: { chat: LoadedChat; viewerId: number }) {
  const { pathname } = useLocation();
  const timeZone = useBrowserTimeZone();
  const attachments = useAttachments();
  const feed = useChatFeed({
    chatKey: chat.key,
    lastRev: chat.lastRev,
    messages: chat.messages.messages,
    canLoadPrev: chat.messages.canLoadPrev,
    firstMessageKey: chat.messages.firstMessageKey,
  });
  const hasPanel = pathname.replace(/\/$/, '') !== chatHref(chat);
  const [reporting, setReporting] = useState<ChatMessage | null>(null);
  const { thank, toast } = useReportThanks();
  const actions: MessageActions = {
    threadHref: chat.permissions.threadMessage
      ? (message) => `${chatHref(chat, 'thread')}?m=${encodeURIComponent(message.key)}`
      : undefined,
    canEdit: (message) =>
      message.user?.id === viewerId ? chat.permissions.updateOwn : chat.permissions.updateOthers,
    canDelete: (message) =>
      message.user?.id === viewerId ? chat.permissions.deleteOwn : chat.permissions.deleteOthers,
    onEdit: (message, text) => feed.edit(message.key, text),
    onDelete: (message) => feed.remove(message.key),
    canVote: chat.permissions.pollVote,
    onVote: (message, optionIds) => feed.vote(message.key, optionIds),
    onReport: (message) => setReporting(message),
  };
  const title = chatTitle(chat);
  const context: ChatRoomContext = { chat, viewerId, feed, actions, timeZone };
  return (
    <div className="flex min-h-0 flex-1">
      <section
        aria-label={`Conversation: ${title}`}
        className={`${hasPanel ? 'hidden lg:flex' : 'flex'} min-h-0 min-w-0 flex-1 flex-col`}
      >
        <RoomHeader chat={chat} />
        <ConnectionBanner />
        {feed.liveError ? (
          <p role="alert" className="bg-coral-soft px-5 py-2 text-sm font-semibold text-[#7a2810]">
            {feed.liveError}
          </p>
        ) : null}
        <MessageList
          label={`Messages in ${title}`}
          messages={feed.messages}
          pending={feed.pending.filter((entry) => entry.parentKey === null)}
          viewerId={viewerId}
          timeZone={timeZone}
          actions={actions}
          canLoadPrev={feed.canLoadPrev}
          isLoadingOlder={feed.isLoadingOlder}
          onLoadOlder={() => void feed.loadOlder()}
          onRetry={feed.retry}
          onDiscard={feed.discard}
          footerOf={(message) => <ThreadSummary chat={chat} message={message} />}
          empty={
            <div className="max-w-sm text-center">
              <p className="text-4xl" aria-hidden="true">
                👋
              </p>
              <p className="mt-3 font-display text-xl font-extrabold">Say hello</p>
              <p className="mt-1 text-ink-soft">Be the first to write in {title}.</p>
            </div>
          }
        />
        <Composer
          label={`Message ${title}`}
          placeholder={`Message ${title}`}
          onSend={(text) => {
            const ready = attachments.ready;
            void feed.send(
              text,
              null,
              ready.length > 0
                ? {
                    keys: ready.map((item) => item.key as string),
                    previews: ready.flatMap((item) => (item.preview ? [item.preview] : [])),
                  }
                : null,
            );
            attachments.clear();
          }}
          canSendEmpty={attachments.ready.length > 0}
          isBusy={attachments.isUploading}
          tray={<AttachmentTray attachments={attachments} />}
          tools={
            <>
              {chat.permissions.image || chat.permissions.video || chat.permissions.audio ? (
                <AttachButton attachments={attachments} />
              ) : null}
              <MoreTools>
                <SharePlanButton onShare={(plan) => void feed.send('', null, null, plan)} />
                {chat.permissions.memix ? (
                  <MemixButton onSend={(memix) => void feed.sendMemix(memix)} />
                ) : null}
                {chat.permissions.pollCreate ? (
                  <PollButton onCreate={(poll) => feed.createPoll(poll)} />
                ) : null}
                {chat.permissions.promptCreate && chat.type !== 'd' ? (
                  <PromptButton onCreate={(question) => feed.createPrompt(question)} />
                ) : null}
              </MoreTools>
            </>
          }
          cannotWrite={cannotWriteReason(chat)}
          slowModeSeconds={chat.slowModeEnabled ? chat.rateLimit : 0}
          bypassesSlowMode={chat.permissions.slowmodeBypass}
        />
      </section>
      {hasPanel ? (
        <aside className="flex min-h-0 w-full flex-col border-line bg-cream lg:w-[26rem] lg:border-l">
          <Outlet context={context} />
        </aside>
      ) : null}
      {reporting ? (
        <ReportDialog
          target={{ type: 'CHAT_MESSAGE', contentKey: reporting.key, name: 'this message' }}
          onClose={() => setReporting(null)}
          onSent={() => {
            setReporting(null);
            thank();
          }}
        />
      ) : null}
      {toast}
    </div>
  );
}
