import { useState } from 'react';
import { Outlet, useLoaderData, useParams, type ShouldRevalidateFunctionArgs } from 'react-router';
import { plazaContext } from '../context.ts';
import { CHAT_LIST_FIELDS, isChatType, type ChatListItem } from '../features/chat/chat-data.ts';
import { ChatSidebar } from '../features/chat/chat-sidebar.tsx';
import type { ChatLayoutContext } from '../features/chat/chat-layout-context.ts';
import { useChatListLive } from '../features/chat/use-chat-list-live.ts';
import { viewerContext } from '../features/session/viewer.server.ts';
import type { Route } from './+types/chat-layout';

const MY_CHATS = `query MyChats($hidden: Boolean!) {
  shown: myChats(hidden: $hidden) { ${CHAT_LIST_FIELDS} }
  hidden: myChats(hidden: true) { key }
}`;

/** Private: the root middleware has already sent signed-out visitors to sign in. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const showsHidden = new URL(request.url).searchParams.get('hidden') === '1';
  const result = await context
    .get(plazaContext)
    .graphql<{ shown: ChatListItem[]; hidden: Array<{ key: string }> }>(MY_CHATS, { hidden: showsHidden });
  // Either list may fail alone (each is its own field): then the page is the error page, not a crash.
  if (!result.data?.shown || !result.data.hidden)
    throw new Response('Could not load your chats', { status: 500 });
  return {
    chats: result.data.shown,
    hiddenCount: result.data.hidden.length,
    showsHidden,
    viewerId: context.get(viewerContext)?.id ?? 0,
  };
}

/** Revisiting the layout for a message in the open chat is not needed: the list live-updates. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== 'GET') return true;
  if (currentUrl.search !== nextUrl.search) return true;
  return defaultShouldRevalidate && currentUrl.pathname === nextUrl.pathname;
}

/**
 * Chat (spec 2.1): the list beside the conversation on wide screens; on a phone the list and the
 * conversation are separate screens. The header stays; the footer is hidden on chat routes.
 */
export default function ChatLayout() {
  const { chats, hiddenCount, showsHidden, viewerId } = useLoaderData<typeof loader>();
  const params = useParams();
  const live = useChatListLive(chats, showsHidden, params.key ?? null);
  const [collapsed, setCollapsed] = useState(false);
  const isOpen = Boolean(params.key);
  // /chat/<type> lists one kind; with a chat open the whole list shows.
  const type = !params.key && isChatType(params.type) ? params.type : null;
  return (
    <div className="mx-auto flex h-[calc(100dvh-4rem)] max-w-7xl min-h-0">
      <ChatSidebar
        chats={live}
        hiddenCount={hiddenCount}
        showsHidden={showsHidden}
        type={type}
        viewerId={viewerId}
        className={`${isOpen ? 'hidden' : 'flex'} w-full md:w-80 md:border-r lg:w-96 ${collapsed && isOpen ? 'md:hidden' : 'md:flex'}`}
      />
      <div className={`${isOpen ? 'flex' : 'hidden md:flex'} min-h-0 min-w-0 flex-1 flex-col`}>
        <Outlet
          context={
            {
              sidebarCollapsed: collapsed,
              toggleSidebar: () => setCollapsed((value) => !value),
            } satisfies ChatLayoutContext
          }
        />
      </div>
    </div>
  );
}
