import { data, redirect } from 'react-router';
import { plazaContext } from '../context.ts';
import { chatHref } from '../features/chat/chat-data.ts';
import type { Route } from './+types/chat-s';

const CHAT_TYPE = `query ChatType($key: String!) { chat(key: $key) { key type } }`;

/** /chat/s/<key> (spec 2.1): a chat link that does not name its kind leads to the chat's own address. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const result = await context
    .get(plazaContext)
    .graphql<{ chat: { key: string; type: string } | null }>(CHAT_TYPE, { key: params.key });
  const chat = result.data?.chat;
  if (!chat) throw data(null, { status: 404 });
  throw redirect(chatHref(chat));
}

export default function ChatShortLink() {
  return null;
}
