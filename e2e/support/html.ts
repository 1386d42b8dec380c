/** Reading server-rendered HTML as it arrives, before any JavaScript runs. */

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#x27': "'",
  '#39': "'",
  nbsp: ' ',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x27|#39|amp|lt|gt|quot|nbsp);/g, (_match, name: string) => ENTITIES[name] ?? '');
}

function textOf(html: string): string {
  return decodeEntities(html.replace(/<[^>]+>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
}

/** Texts of every h1 in the document. */
export function h1Texts(html: string): string[] {
  return [...html.matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/g)].map((match) => textOf(match[1] ?? ''));
}

/** The value of an attribute on the first tag that matches all the given attributes. */
export function attributeOf(
  html: string,
  tag: string,
  match: Record<string, string>,
  attribute: string,
): string | null {
  for (const found of html.matchAll(new RegExp(`<${tag}\\b[^>]*>`, 'g'))) {
    const element = found[0];
    const has = (name: string, value: string) => element.includes(`${name}="${value}"`);
    if (Object.entries(match).every(([name, value]) => has(name, value))) {
      const value = new RegExp(`\\s${attribute}="([^"]*)"`).exec(element)?.[1];
      return value === undefined ? null : decodeEntities(value);
    }
  }
  return null;
}
