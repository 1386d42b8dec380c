import { redirect } from 'react-router';
import { plazaContext } from '../context.ts';
import { chatHref, isChatType } from '../features/chat/chat-data.ts';
import { mutationOutcome } from '../graphql/mutation-outcome.ts';
import { pageMeta } from '../features/meta/page-meta.ts';
import ChatHome from './chat.tsx';
import type { Route } from './+types/chat-type';

export const meta = pageMeta({ title: 'Chat', path: '/chat', noIndex: true });

const OPEN_DM = `mutation OpenDirectChat($userId: Int!) { openDirectChat(userId: $userId) { key type } }`;

/** /chat/<type> lists one kind of chat (spec 2.1); another type falls back to /chat (spec 8). */
export function loader({ params }: Route.LoaderArgs) {
  if (!isChatType(params.type)) throw redirect('/chat');
  return null;
}

/** POST /chat/d with userId opens (or makes) the direct-message chat with that person. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (params.type !== 'd') throw new Response('Not found', { status: 404 });
  const form = await request.formData();
  const userId = Number(form.get('userId'));
  if (!Number.isInteger(userId) || userId <= 0)
    return { ok: false as const, message: 'Pick someone to message.' };
  const result = await context
    .get(plazaContext)
    .graphql<{ openDirectChat: { key: string; type: string } | null }>(OPEN_DM, { userId });
  const chat = result.data?.openDirectChat;
  if (chat) throw redirect(chatHref(chat));
  const outcome = mutationOutcome(result);
  return { ok: false as const, message: outcome.ok ? 'Could not open this chat.' : outcome.message };
}

export default ChatHome;
