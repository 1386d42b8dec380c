import type { PlazaServerContext } from '../../context.ts';

const MODEL_CHAT_PATH = /^\/chat\/(g|p)\/([^/]+)(?:\/|$)/i;

const CHAT_PUBLIC_PAGE = `query ChatPublicPage($key: String!) { chatPublicPage(key: $key) { type key slug } }`;

interface ChatPublicPageAnswer {
  chatPublicPage: { type: string; key: string; slug: string } | null;
}

/**
 * A private page's public alternative for a signed-out visitor (spec 2.3): the chat of a public
 * group leads to the group page, the chat of a public plan to the plan page; null for any other page.
 */
export async function publicRedirectOf(pathname: string, server: PlazaServerContext): Promise<string | null> {
  const match = MODEL_CHAT_PATH.exec(pathname);
  if (!match) return null;
  let key: string;
  try {
    key = decodeURIComponent(match[2]!);
  } catch {
    return null;
  }
  const result = await server.graphql<ChatPublicPageAnswer>(CHAT_PUBLIC_PAGE, { key });
  const page = result.data?.chatPublicPage;
  if (!page || page.type !== match[1]!.toLowerCase()) return null;
  const slug = encodeURIComponent(page.slug || (page.type === 'g' ? 'group' : 'plan'));
  const pageKey = encodeURIComponent(page.key);
  return page.type === 'g' ? `/group/${slug}/${pageKey}` : `/${slug}/${pageKey}`;
}
