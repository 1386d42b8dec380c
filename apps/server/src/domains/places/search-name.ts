/** Letters that NFKD does not split into a base letter and a mark. */
const FOLDED: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  þ: 'th',
  ı: 'i',
};

/**
 * What place searches compare: lower case, accents and marks removed, punctuation as spaces, single
 * spaces. "Zürich" and "zurich" meet; letters of other scripts are kept.
 */
export function searchNameOf(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[ßæœøđðłþı]/g, (letter) => FOLDED[letter] ?? '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** A LIKE pattern's literal part: %, _ and the escape character match only themselves. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
