import { decodeEntities } from './html-entities.ts';

export interface PageMeta {
  title: string | null;
  description: string | null;
  image: string | null;
  siteName: string | null;
}

export const META_LIMITS = { title: 300, description: 1000, siteName: 100, image: 2048 } as const;

/** Attributes of one start tag, names lowercased, values entity-decoded. */
function attributesOf(source: string): Map<string, string> {
  const attributes = new Map<string, string>();
  const pattern = /([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
  for (const match of source.matchAll(pattern)) {
    const name = match[1]!.toLowerCase();
    if (!attributes.has(name)) attributes.set(name, decodeEntities(match[2] ?? match[3] ?? match[4] ?? ''));
  }
  return attributes;
}

function clean(value: string | undefined, max: number): string | null {
  if (value === undefined) return null;
  const text = value
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (text === '') return null;
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/** `value` resolved against the page, if it is then an http(s) URL of sensible length. */
function absoluteHttpUrl(value: string | undefined, base: string): string | null {
  if (!value?.trim()) return null;
  try {
    const url = new URL(value.trim(), base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.href.length <= META_LIMITS.image ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Reads a page's preview fields from its HTML text: Open Graph, then Twitter cards, then the
 * `<title>` and meta description. A tolerant scan of tags, never a DOM and never running
 * anything; comments, scripts, styles and templates are skipped. Entities are decoded, text
 * trimmed to META_LIMITS, and the image made absolute against `pageUrl` (http and https only).
 */
export function parsePageMeta(html: string, pageUrl: string): PageMeta {
  const text = html
    .replace(/<!--[\s\S]*?(-->|$)/g, ' ')
    .replace(/<(script|style|template|svg)\b[\s\S]*?(<\/\1\s*>|$)/gi, ' ');
  const meta = new Map<string, string>();
  let title: string | undefined;
  for (const match of text.matchAll(/<(meta|title)\b([^>]*)>/gi)) {
    if (match[1]!.toLowerCase() === 'title') {
      if (title !== undefined) continue;
      const start = match.index + match[0].length;
      const end = text.slice(start).search(/<\/title\s*>/i);
      title = decodeEntities(text.slice(start, end === -1 ? start + 2000 : start + end));
      continue;
    }
    const attributes = attributesOf(match[2]!);
    const key = (attributes.get('property') ?? attributes.get('name') ?? '').trim().toLowerCase();
    const content = attributes.get('content');
    if (key && content !== undefined && !meta.has(key)) meta.set(key, content);
  }
  const first = (...keys: string[]) => keys.map((key) => meta.get(key)).find((v) => v?.trim());
  return {
    title: clean(first('og:title', 'twitter:title') ?? title, META_LIMITS.title),
    description: clean(
      first('og:description', 'twitter:description', 'description'),
      META_LIMITS.description,
    ),
    image:
      absoluteHttpUrl(
        first('og:image:secure_url', 'og:image:url', 'og:image', 'twitter:image', 'twitter:image:src'),
        pageUrl,
      ) ?? null,
    siteName: clean(first('og:site_name', 'application-name'), META_LIMITS.siteName),
  };
}
