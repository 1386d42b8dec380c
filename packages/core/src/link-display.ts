type Wrapper = { host: RegExp; path: string; params: readonly string[] };

/** Known redirect wrappers: only these hosts and paths are unwrapped, by the listed parameters. */
const WRAPPERS: readonly Wrapper[] = [
  {
    host: /^(?:www\.)?google\.(?:com|[a-z]{2}|co\.[a-z]{2}|com\.[a-z]{2})$/,
    path: '/url',
    params: ['q', 'url', 'u'],
  },
  { host: /^(?:l|lm|m|www)\.facebook\.com$/, path: '/l.php', params: ['u', 'url', 'q'] },
  { host: /^l\.messenger\.com$/, path: '/l.php', params: ['u', 'url', 'q'] },
  { host: /^l\.instagram\.com$/, path: '/', params: ['u', 'url', 'q'] },
  { host: /^(?:www\.|m\.)?youtube\.com$/, path: '/redirect', params: ['q', 'url', 'u'] },
];

// Wrapped wrappers exist (a Google result pointing at a Facebook share); a bound keeps it cheap.
const MAX_UNWRAP_DEPTH = 3;

function parseWebUrl(value: string): URL | null {
  if (!URL.canParse(value)) return null;
  const url = new URL(value);
  return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
}

function wrappedTarget(url: URL): string | null {
  const wrapper = WRAPPERS.find((w) => w.host.test(url.hostname) && url.pathname === w.path);
  if (!wrapper) return null;
  for (const param of wrapper.params) {
    const target = url.searchParams.get(param);
    // Only a web address is taken, so a wrapper can never turn a link into javascript: or data:.
    if (target !== null && parseWebUrl(target)) return target;
  }
  return null;
}

/** The link a redirect wrapper points to, or the link itself when it is not a known wrapper. */
export function unwrapLink(link: string): string {
  let current = link.trim();
  for (let depth = 0; depth < MAX_UNWRAP_DEPTH; depth++) {
    const url = parseWebUrl(current);
    const target = url && wrappedTarget(url);
    if (!target) break;
    current = target;
  }
  return current;
}

/** A link as shown to people: unwrapped, without scheme, leading "www." or trailing slash. */
export function displayLink(link: string): string {
  return unwrapLink(link)
    .replace(/^[a-z][a-z\d+.-]*:\/\//i, '')
    .replace(/^(?:mailto|tel):/i, '')
    .replace(/^www\./i, '')
    .replace(/\/$/, '');
}

export type TextSegment = { type: 'text'; text: string };
export type LinkSegment = { type: 'link'; text: string; href: string };
export type LinkifiedSegment = TextSegment | LinkSegment;

const LINK_CANDIDATE = /\b(?:https?:\/\/|ftp:\/\/|file:\/\/|mailto:)[^\s<>"]+/gi;
const SCHEME_ONLY = /^(?:[a-z]+:\/\/|mailto:)$/i;
const TRAILING_PUNCTUATION = new Set(['.', ',', ';', ':', '!', '?', "'", '"', '*']);
const CLOSING_OPENING: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

function count(text: string, char: string): number {
  return text.split(char).length - 1;
}

/** Drops punctuation that ends the sentence rather than the link, keeping balanced brackets. */
function trimLinkEnd(candidate: string): string {
  let link = candidate;
  for (;;) {
    const last = link.at(-1) ?? '';
    const opening = CLOSING_OPENING[last];
    if (
      TRAILING_PUNCTUATION.has(last) ||
      (opening !== undefined && count(link, last) > count(link, opening))
    ) {
      link = link.slice(0, -1);
    } else {
      return link;
    }
  }
}

/**
 * Splits chat text into plain text and the http(s), ftp, file and mailto links in it (spec 5).
 * The segments' texts joined give back the input. Rendering is the caller's job.
 */
export function linkify(text: string): LinkifiedSegment[] {
  const segments: LinkifiedSegment[] = [];
  let plainStart = 0;
  for (const match of text.matchAll(LINK_CANDIDATE)) {
    const link = trimLinkEnd(match[0]);
    if (SCHEME_ONLY.test(link)) continue;
    if (match.index > plainStart) segments.push({ type: 'text', text: text.slice(plainStart, match.index) });
    segments.push({ type: 'link', text: link, href: link });
    plainStart = match.index + link.length;
  }
  if (plainStart < text.length) segments.push({ type: 'text', text: text.slice(plainStart) });
  return segments;
}
