import { useState } from 'react';
import { useLoaderData } from 'react-router';
import { plazaContext } from '../context.ts';
import { PERSON_FIELDS, chatHref, type ChatMedia, type ChatPerson } from '../features/chat/chat-data.ts';
import { useChatRoom } from '../features/chat/chat-room-context.ts';
import { liveRequest } from '../graphql/live-client.ts';
import { MessageMedia } from '../features/chat/message-media.tsx';
import { SidePanel } from '../features/chat/side-panel.tsx';
import type { Route } from './+types/chat-media';

type GalleryItem = ChatMedia & { messageKey: string; createdAt: string; user: ChatPerson | null };

const GALLERY = `query ChatGallery($chatKey: String!, $before: String) {
  chatMedia(chatKey: $chatKey, before: $before, limit: 30) {
    nextBefore
    items { kind key mime width height durationMs url variants { x1 x2 x3 } messageKey createdAt user { ${PERSON_FIELDS} } }
  }
}`;

interface GalleryAnswer {
  chatMedia: { nextBefore: string | null; items: GalleryItem[] } | null;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const result = await context
    .get(plazaContext)
    .graphql<GalleryAnswer>(GALLERY, { chatKey: params.key, before: null });
  if (!result.data?.chatMedia) throw new Response('Not found', { status: 404 });
  return result.data.chatMedia;
}

/** /chat/<type>/<key>/media (issue 7): every picture, video and voice message of the chat, newest first. */
export default function ChatMediaView() {
  const first = useLoaderData<typeof loader>();
  const { chat } = useChatRoom();
  const [pages, setPages] = useState<{ items: GalleryItem[]; nextBefore: string | null }>(first);
  const [isLoading, setIsLoading] = useState(false);
  const [source, setSource] = useState(first);
  if (source !== first) {
    setSource(first);
    setPages(first);
  }
  const items = pages.items;
  const pictures = items.filter((item) => item.kind === 'image');
  const others = items.filter((item) => item.kind !== 'image');
  const loadMore = async () => {
    if (!pages.nextBefore) return;
    setIsLoading(true);
    const result = await liveRequest<GalleryAnswer>(GALLERY, {
      chatKey: chat.key,
      before: pages.nextBefore,
    }).catch(() => null);
    const page = result?.data?.chatMedia;
    if (page)
      setPages((current) => ({ items: [...current.items, ...page.items], nextBefore: page.nextBefore }));
    setIsLoading(false);
  };
  return (
    <SidePanel title="Media" backTo={chatHref(chat)}>
      <div className="min-h-0 flex-1 overflow-y-auto p-4">
        {items.length === 0 ? (
          <p className="px-3 py-10 text-center text-ink-soft">
            Pictures, videos and voice messages sent here will show up in this gallery.
          </p>
        ) : null}
        {pictures.length > 0 ? (
          <ul className="grid grid-cols-3 gap-1.5" aria-label="Pictures">
            {pictures.map((item) => (
              <li key={`${item.messageKey}-${item.key}`}>
                <a
                  href={item.variants?.x3 ?? item.url}
                  target="_blank"
                  rel="noopener"
                  className="block overflow-hidden rounded-xl"
                >
                  <img
                    src={item.variants?.x1 ?? item.url}
                    alt={`Picture from ${item.user?.fullName ?? 'someone'}`}
                    loading="lazy"
                    className="aspect-square w-full bg-sand object-cover hover:opacity-90"
                  />
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        {others.length > 0 ? (
          <ul className="mt-4 space-y-3" aria-label="Videos and voice messages">
            {others.map((item) => (
              <li key={`${item.messageKey}-${item.key}`}>
                <p className="text-xs font-bold text-ink-soft">{item.user?.fullName ?? 'Someone'}</p>
                <MessageMedia media={[item]} senderName={item.user?.fullName ?? 'someone'} />
              </li>
            ))}
          </ul>
        ) : null}
        {pages.nextBefore ? (
          <button
            type="button"
            onClick={() => void loadMore()}
            disabled={isLoading}
            className="mx-auto mt-4 block rounded-full bg-white px-4 py-2 text-sm font-bold shadow-sm ring-1 ring-line"
          >
            {isLoading ? 'Loading…' : 'Show older media'}
          </button>
        ) : null}
      </div>
    </SidePanel>
  );
}
