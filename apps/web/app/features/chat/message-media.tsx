import type { ChatMedia } from './chat-data.ts';

function duration(ms: number | null): string {
  if (ms === null) return '';
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** A message's pictures (1x/2x/3x), videos and voice notes, playable in place. */
export function MessageMedia({ media, senderName }: { media: readonly ChatMedia[]; senderName: string }) {
  if (media.length === 0) return null;
  return (
    <div className={`mt-1 grid gap-1.5 ${media.length > 1 ? 'grid-cols-2' : 'grid-cols-1'}`}>
      {media.map((item) =>
        item.kind === 'image' ? (
          <a
            key={item.key}
            href={item.variants?.x3 ?? item.url}
            target="_blank"
            rel="noopener"
            className="block overflow-hidden rounded-2xl"
          >
            <img
              src={item.variants?.x1 ?? item.url}
              srcSet={
                item.variants
                  ? `${item.variants.x1} 1x, ${item.variants.x2} 2x, ${item.variants.x3} 3x`
                  : undefined
              }
              width={item.width ?? undefined}
              height={item.height ?? undefined}
              alt={`Picture from ${senderName}`}
              loading="lazy"
              className="max-h-80 w-full max-w-xs bg-sand object-cover"
            />
          </a>
        ) : item.kind === 'video' ? (
          <video
            key={item.key}
            src={item.url}
            controls
            preload="metadata"
            playsInline
            aria-label={`Video from ${senderName}`}
            className="max-h-80 w-full max-w-xs rounded-2xl bg-ink"
          />
        ) : (
          <div key={item.key} className="flex items-center gap-2 rounded-2xl bg-white p-2 ring-1 ring-line">
            <audio
              src={item.url}
              controls
              preload="metadata"
              aria-label={`Voice message from ${senderName}`}
              className="h-10 max-w-64"
            />
            <span className="text-xs font-bold text-ink-soft">{duration(item.durationMs)}</span>
          </div>
        ),
      )}
    </div>
  );
}
