export type GroupLookup = { type: 'key'; key: string } | { type: 'id'; id: string };

/**
 * Whether a group lookup value is a key or an id (spec 5): a key is a string of at least 8
 * characters that contains a letter or digit and differs from its own numeric form ("12345678"
 * is an id, "abcd1234" a key). Everything else non-empty is an id. Empty values give null, for
 * the caller to reject and log.
 */
export function parseGroupLookup(value: string | number | null | undefined): GroupLookup | null {
  if (typeof value === 'number') return Number.isFinite(value) ? { type: 'id', id: String(value) } : null;
  const text = value?.trim() ?? '';
  if (text === '') return null;
  const isKey = text.length >= 8 && /[A-Za-z0-9]/.test(text) && String(Number(text)) !== text;
  return isKey ? { type: 'key', key: text } : { type: 'id', id: text };
}
