import { displayLink, linkify } from '@plaza/core/link-display';
import { useLinkPreview } from './link-previews.ts';

/** The first web link of a message, as the server read its Open Graph tags; nothing when it has none. */
export function LinkPreviewCard({ text }: { text: string }) {
  const first = linkify(text).find(
    (segment) => segment.type === 'link' && /^https?:\/\//i.test(segment.href),
  );
  const url = first?.type === 'link' ? first.href : null;
  const preview = useLinkPreview(url);
  if (!url || !preview || preview.status !== 'ok' || !preview.title) return null;
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener nofollow"
      className="mt-1 flex w-80 max-w-full overflow-hidden rounded-2xl bg-white text-ink shadow-sm ring-1 ring-line/60 hover:ring-coral-strong"
    >
      {preview.image ? (
        <img
          src={preview.image}
          alt=""
          loading="lazy"
          referrerPolicy="no-referrer"
          className="w-24 shrink-0 bg-sand object-cover"
        />
      ) : null}
      <span className="min-w-0 p-3">
        <span className="block truncate text-xs font-bold text-ink-soft">
          {preview.siteName ?? displayLink(url)}
        </span>
        <span className="line-clamp-2 text-sm font-bold">{preview.title}</span>
        {preview.description ? (
          <span className="mt-0.5 line-clamp-2 text-xs text-ink-soft">{preview.description}</span>
        ) : null}
      </span>
    </a>
  );
}
