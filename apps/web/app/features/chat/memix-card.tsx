import type { ChatMedia } from './chat-data.ts';

const CAPTION =
  'absolute inset-x-2 text-center font-display text-xl leading-tight font-black tracking-wide text-white uppercase [text-shadow:0_0_3px_#000,0_2px_4px_#000] [overflow-wrap:anywhere]';

/** A memix (irl/memix): the picture with its captions drawn over it, and the captions as its text alternative. */
export function MemixCard({
  memix,
  senderName,
}: {
  memix: { top: string; bottom: string; image: ChatMedia };
  senderName: string;
}) {
  const variants = memix.image.variants;
  return (
    <figure className="relative mt-1 w-72 max-w-full overflow-hidden rounded-3xl bg-ink">
      <img
        src={variants?.x1 ?? memix.image.url}
        srcSet={variants ? `${variants.x1} 1x, ${variants.x2} 2x, ${variants.x3} 3x` : undefined}
        width={memix.image.width ?? undefined}
        height={memix.image.height ?? undefined}
        alt={`Memix from ${senderName}: ${[memix.top, memix.bottom].filter(Boolean).join(' / ')}`}
        loading="lazy"
        className="block w-full"
      />
      {memix.top ? (
        <figcaption aria-hidden="true" className={`${CAPTION} top-2`}>
          {memix.top}
        </figcaption>
      ) : null}
      {memix.bottom ? (
        <p aria-hidden="true" className={`${CAPTION} bottom-2`}>
          {memix.bottom}
        </p>
      ) : null}
    </figure>
  );
}
