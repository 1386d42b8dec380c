export const ELLIPSIS = '…';

/** Length counts UTF-16 code units, like String#length and most storage limits. */
function limitOf(maxLength: number): number {
  return Number.isFinite(maxLength) ? Math.max(0, Math.floor(maxLength)) : maxLength > 0 ? Infinity : 0;
}

/** Cuts before index `end` without splitting a surrogate pair (an emoji would turn into '\uFFFD'). */
function cutAt(text: string, end: number): string {
  const code = text.charCodeAt(end - 1);
  const splitsPair = end > 0 && code >= 0xd800 && code <= 0xdbff;
  return text.slice(0, splitsPair ? end - 1 : end);
}

/**
 * Shortens text to at most `maxLength` characters, ending with a single-character ellipsis when
 * cut. Whitespace before the ellipsis is dropped.
 */
export function truncate(text: string, maxLength: number): string {
  const limit = limitOf(maxLength);
  if (text.length <= limit) return text;
  if (limit === 0) return '';
  return cutAt(text, limit - 1).trimEnd() + ELLIPSIS;
}

/**
 * Like `truncate`, but cuts at the last word boundary that fits, so no word is shown in part.
 * A first word longer than the limit is cut inside, as there is no boundary to cut at.
 */
export function truncateWords(text: string, maxLength: number): string {
  const limit = limitOf(maxLength);
  if (text.length <= limit) return text;
  if (limit === 0) return '';
  const room = limit - 1;
  // The cut already falls between words when the next character is a space.
  if (/\s/.test(text.charAt(room))) return text.slice(0, room).trimEnd() + ELLIPSIS;
  const kept = text.slice(0, room);
  const lastSpace = kept.search(/\s\S*$/);
  const words = lastSpace === -1 ? '' : kept.slice(0, lastSpace).trimEnd();
  return (words === '' ? cutAt(text, room).trimEnd() : words) + ELLIPSIS;
}
