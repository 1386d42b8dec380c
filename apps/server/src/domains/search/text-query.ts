import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rows } from '../social/social-sql.ts';
import type { Param } from './search-sql.ts';

/**
 * pg_trgm word similarity a vocabulary word needs to stand in for a misspelt query word: 0.4
 * forgives one wrong letter inside a short word ("narwal" scores 0.57 against "narwhal"; pg_trgm's
 * default 0.6 would not).
 */
const WORD_SIMILARITY_THRESHOLD = 0.4;
/** Near words tried per query word: the closest first. */
const ALTERNATIVES_PER_WORD = 4;
/** Shorter words have too few trigrams to be matched by likeness. */
const SHORTEST_FUZZY_WORD = 3;
const WORD = /^[\p{L}\p{N}]+$/u;

/** The words of a query, lower-cased: runs of letters and digits (only these reach to_tsquery). */
export function queryWords(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * The words of the query as a prefix tsquery ("pic nic" → "pic:* & nic:*"); only letters and
 * digits reach `to_tsquery`, so its syntax cannot be injected. Null when the text has no word.
 */
export function prefixQuery(text: string): string | null {
  const words = queryWords(text);
  return words.length === 0 ? null : words.map((word) => `${word}:*`).join(' & ');
}

/** What rows must match, as tsquery texts (decision 0015). */
export interface TextMatch {
  /** Rows must match this: every word as a prefix, or (when `exact` is set) also by a near word. */
  match: string;
  /** Set when `match` carries near words for typos: rows matching these prefixes rank first. */
  exact: string | null;
  /** Every word whole ("pic & nic"): a row holding the whole word ranks above a longer one. */
  whole: string;
}

/** A TextMatch as a statement reads it: each text, or the placeholder it is filled in for. */
export interface TextParams {
  match: Param<string>;
  exact: Param<string> | null;
  whole: Param<string>;
}

/** The prefix match of `words` (at least one), without typo alternatives. */
export function exactMatch(words: readonly string[]): TextMatch {
  return {
    match: words.map((word) => `${word}:*`).join(' & '),
    exact: null,
    whole: words.join(' & '),
  };
}

/**
 * The match of `words` that also forgives typos: each word of three or more characters may be
 * replaced by one of its nearest words in `search_words` (trigram word similarity at least 0.4,
 * found through the GiST index). Null when no word has such a neighbour.
 */
export async function typoTolerantMatch(db: Database, words: readonly string[]): Promise<TextMatch | null> {
  const fuzzy = [...new Set(words.filter((word) => [...word].length >= SHORTEST_FUZZY_WORD))];
  if (fuzzy.length === 0) return null;
  const near = await rows<{ word: string; alternative: string }>(
    db,
    sql`SELECT q.word, v.word AS alternative
      FROM unnest(CAST(ARRAY[${sql.join(
        fuzzy.map((word) => sql`${word}`),
        sql`, `,
      )}] AS text[])) AS q(word)
      CROSS JOIN LATERAL (SELECT w.word FROM search_words w ORDER BY w.word <->> q.word
        LIMIT ${ALTERNATIVES_PER_WORD}) v
      WHERE word_similarity(q.word, v.word) >= ${WORD_SIMILARITY_THRESHOLD}`,
  );
  const alternatives = new Map<string, string[]>();
  for (const { word, alternative } of near) {
    // A word the prefix already matches adds nothing; anything but letters and digits never
    // reaches to_tsquery (the vocabulary holds none, this keeps it so).
    if (alternative.startsWith(word) || !WORD.test(alternative)) continue;
    alternatives.set(word, [...(alternatives.get(word) ?? []), alternative]);
  }
  if (alternatives.size === 0) return null;
  const exact = exactMatch(words);
  return {
    ...exact,
    match: words
      .map((word) => {
        const others = alternatives.get(word);
        return others ? `(${[`${word}:*`, ...others].join(' | ')})` : `${word}:*`;
      })
      .join(' & '),
    exact: exact.match,
  };
}

function tsquery(text: Param<string>): SQL {
  return sql`to_tsquery('simple'::regconfig, ${text})`;
}

/** `alias`.search_tsv matches the text. */
export function matches(alias: string, text: TextParams): SQL {
  return sql`${sql.raw(alias)}.search_tsv @@ ${tsquery(text.match)}`;
}

/** 0 for rows matching the words as typed, 1 for rows found through a near word; null without near words. */
export function tierOf(alias: string, text: TextParams): SQL | null {
  return text.exact === null
    ? null
    : sql`(CASE WHEN ${sql.raw(alias)}.search_tsv @@ ${tsquery(text.exact)} THEN 0 ELSE 1 END)`;
}

/**
 * Relevance in tenths: ts_rank over the weighted search_tsv (a word in a title or name counts most,
 * in a description least) plus the same for whole words; rounded so the next keys break near ties.
 */
export function relevanceOf(alias: string, text: TextParams): SQL {
  const tsv = sql`${sql.raw(alias)}.search_tsv`;
  return sql`floor((ts_rank(${tsv}, ${tsquery(text.match)}) + ts_rank(${tsv}, ${tsquery(text.whole)})) * 10 + 0.5)`;
}
