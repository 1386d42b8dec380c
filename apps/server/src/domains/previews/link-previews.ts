import { inArray } from 'drizzle-orm';
import { linkPreviews } from '../../db/schema/index.ts';
import type { Platform } from '../../graphql/context.ts';
import { badUserInput } from '../../graphql/errors.ts';
import { parsePageMeta, type PageMeta } from './parse-meta.ts';
import { PreviewFetchError, fetchHtml, type FetchFailure } from './safe-fetch.ts';

export const PREVIEW_LIMITS = {
  /** Spec 7.1: clients batch link previews up to 250 per call. */
  urlsPerCall: 250,
  /** Pages fetched afresh in one call; the others answer rate_limited until asked again. */
  fetchesPerCall: 50,
  /** Calls that fetch anything, per person and hour. */
  fetchingCallsPerHour: 120,
  concurrency: 4,
  /** No new fetch starts this long after a call began; later URLs answer rate_limited. */
  startFetchesWithinMs: 8000,
  maxUrlLength: 2048,
  maxBytes: 1024 * 1024,
  maxRedirects: 5,
  okForMs: 24 * 60 * 60 * 1000,
  failedForMs: 60 * 60 * 1000,
} as const;

export type PreviewStatus = 'ok' | FetchFailure | 'rate_limited';

export interface LinkPreview extends PageMeta {
  /** The URL as asked. */
  url: string;
  status: PreviewStatus;
}

type Stored = PageMeta & { status: PreviewStatus };
const EMPTY: PageMeta = { title: null, description: null, image: null, siteName: null };

/** The cache key of a URL worth fetching: http(s), no credentials, no fragment; else null. */
export function normalizePreviewUrl(raw: string): string | null {
  const text = raw.trim();
  if (text.length === 0 || text.length > PREVIEW_LIMITS.maxUrlLength) return null;
  try {
    const url = new URL(text);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.username || url.password || !url.hostname) return null;
    url.hash = '';
    return url.href.length <= PREVIEW_LIMITS.maxUrlLength ? url.href : null;
  } catch {
    return null;
  }
}

type PreviewPlatform = Pick<Platform, 'config' | 'logger' | 'rateLimits' | 'store'>;

async function fetchPreview(platform: PreviewPlatform, url: string): Promise<Stored> {
  const { config } = platform;
  try {
    const page = await fetchHtml(url, {
      allowLoopback: config.previews.allowLoopback,
      timeoutMs: config.previews.timeoutMs,
      maxBytes: PREVIEW_LIMITS.maxBytes,
      maxRedirects: PREVIEW_LIMITS.maxRedirects,
      userAgent: `PlazaLinkPreview/1.0 (+${config.publicUrl})`,
    });
    return { status: 'ok', ...parsePageMeta(page.html, page.url) };
  } catch (error) {
    const status = error instanceof PreviewFetchError ? error.status : 'failed';
    platform.logger.info({ url, status, reason: (error as Error).message }, 'link preview not fetched');
    return { status, ...EMPTY };
  }
}

/** Fetches running in this process, so concurrent asks for one URL share a fetch. */
const inFlight = new Map<string, Promise<Stored>>();

function fetchAndStore(platform: PreviewPlatform, url: string): Promise<Stored> {
  let running = inFlight.get(url);
  if (!running) {
    running = (async () => {
      const stored = await fetchPreview(platform, url);
      const row = { url, ...stored, fetchedAt: new Date() };
      await platform.store.db
        .insert(linkPreviews)
        .values(row)
        .onConflictDoUpdate({ target: linkPreviews.url, set: row });
      return stored;
    })().finally(() => inFlight.delete(url));
    inFlight.set(url, running);
  }
  return running;
}

/** Runs `work` over `items` with at most `limit` at a time. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Link previews for `urls` (getOpenGraph), one per URL in the order asked. Each distinct URL is
 * read from link_previews if fetched within 24 hours (1 hour for a failure), else fetched safely
 * (safe-fetch.ts) with a few at a time and stored; fetches not started within 8 s of the call
 * (or past 50 per call, or over the hourly limit) answer rate_limited, to be asked again. A
 * URL that is not http(s) answers `invalid` and stores nothing.
 */
export async function getLinkPreviews(
  platform: PreviewPlatform,
  viewerId: number,
  urls: readonly string[],
): Promise<LinkPreview[]> {
  if (urls.length > PREVIEW_LIMITS.urlsPerCall) {
    throw badUserInput('urls', `Ask for at most ${PREVIEW_LIMITS.urlsPerCall} links at a time.`);
  }
  const keys = urls.map(normalizePreviewUrl);
  const distinct = [...new Set(keys.filter((key): key is string => key !== null))];
  const found = new Map<string, Stored>();
  if (distinct.length > 0) {
    const rows = await platform.store.db
      .select()
      .from(linkPreviews)
      .where(inArray(linkPreviews.url, distinct));
    const now = Date.now();
    for (const row of rows) {
      const age = now - row.fetchedAt.getTime();
      const fresh = age < (row.status === 'ok' ? PREVIEW_LIMITS.okForMs : PREVIEW_LIMITS.failedForMs);
      if (fresh) {
        const { title, description, image, siteName } = row;
        found.set(row.url, { status: row.status as PreviewStatus, title, description, image, siteName });
      }
    }
  }
  const missing = distinct.filter((key) => !found.has(key));
  if (missing.length > 0) {
    const limit = await platform.rateLimits.hit([
      {
        name: 'previews:user',
        subject: String(viewerId),
        limit: PREVIEW_LIMITS.fetchingCallsPerHour,
        windowSeconds: 3600,
      },
    ]);
    const toFetch = limit.allowed ? missing.slice(0, PREVIEW_LIMITS.fetchesPerCall) : [];
    const lastStart = Date.now() + PREVIEW_LIMITS.startFetchesWithinMs;
    await eachLimited(toFetch, PREVIEW_LIMITS.concurrency, async (key) => {
      if (Date.now() > lastStart) return;
      found.set(key, await fetchAndStore(platform, key));
    });
  }
  return urls.map((url, index) => {
    const key = keys[index];
    const stored = key ? (found.get(key) ?? { status: 'rate_limited' as const, ...EMPTY }) : null;
    return { url, ...(stored ?? { status: 'invalid' as const, ...EMPTY }) };
  });
}
