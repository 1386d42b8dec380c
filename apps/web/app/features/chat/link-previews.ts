import { useEffect, useState } from 'react';
import { BATCH_MAX_KEYS, BATCH_WAIT_MS } from '@plaza/core/constants';
import { liveRequest } from '../../graphql/live-client.ts';

export interface LinkPreviewData {
  url: string;
  status: string;
  title: string | null;
  description: string | null;
  image: string | null;
  siteName: string | null;
}

const GET_OPEN_GRAPH = `query GetOpenGraph($urls: [String!]!) {
  getOpenGraph(urls: $urls) { url status title description image siteName }
}`;

// Spec 7.1: preview requests wait 10 ms (BATCH_WAIT_MS) to travel together, at most 250 URLs a call.

const known = new Map<string, Promise<LinkPreviewData | null>>();
const queue: Array<{ url: string; resolve: (preview: LinkPreviewData | null) => void }> = [];
let timer: ReturnType<typeof setTimeout> | null = null;

async function flush() {
  timer = null;
  const batch = queue.splice(0, BATCH_MAX_KEYS);
  if (queue.length > 0) timer = setTimeout(() => void flush(), BATCH_WAIT_MS);
  try {
    const result = await liveRequest<{ getOpenGraph: LinkPreviewData[] }>(GET_OPEN_GRAPH, {
      urls: [...new Set(batch.map((entry) => entry.url))],
    });
    const byUrl = new Map((result.data?.getOpenGraph ?? []).map((preview) => [preview.url, preview]));
    if (result.errors?.length) console.warn('Link previews failed', result.errors[0]?.message);
    for (const entry of batch) entry.resolve(byUrl.get(entry.url) ?? null);
  } catch (error) {
    // Spec 8: a failed batch is logged and the page keeps working, without previews.
    console.warn('Link previews failed', error);
    for (const entry of batch) {
      known.delete(entry.url);
      entry.resolve(null);
    }
  }
}

/** One URL's preview, fetched by the server (which refuses private addresses) in a shared batch. */
export function linkPreview(url: string): Promise<LinkPreviewData | null> {
  const held = known.get(url);
  if (held) return held;
  const promise = new Promise<LinkPreviewData | null>((resolve) => {
    queue.push({ url, resolve });
    if (queue.length >= BATCH_MAX_KEYS) {
      if (timer) clearTimeout(timer);
      void flush();
    } else if (!timer) {
      timer = setTimeout(() => void flush(), BATCH_WAIT_MS);
    }
  });
  known.set(url, promise);
  return promise;
}

export function useLinkPreview(url: string | null): LinkPreviewData | null {
  const [preview, setPreview] = useState<{ url: string; data: LinkPreviewData | null } | null>(null);
  useEffect(() => {
    if (!url) return;
    let isCurrent = true;
    void linkPreview(url).then((data) => {
      if (isCurrent) setPreview({ url, data });
    });
    return () => {
      isCurrent = false;
    };
  }, [url]);
  return preview && preview.url === url ? preview.data : null;
}
