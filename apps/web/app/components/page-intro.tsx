import type { ReactNode } from 'react';

const TINTS = {
  coral: 'from-coral-soft/80',
  sun: 'from-sun-soft',
  mint: 'from-mint-soft',
  lilac: 'from-lilac-soft',
  sky: 'from-sky-soft',
  sand: 'from-sand',
} as const;

/** Where the decorative tiles of an intro sit, and their colours. */
const TILE_PLACES = [
  'top-2 left-6 size-28 rotate-[-8deg] bg-coral-soft',
  'top-0 right-4 size-24 rotate-[6deg] bg-sun-soft',
  'bottom-4 left-20 size-24 rotate-[5deg] bg-mint-soft',
  'right-14 bottom-0 size-32 rotate-[-4deg] bg-lilac-soft',
];

/** A playful cluster of emoji tiles beside an intro on wide screens (decorative). */
function IntroTiles({ emoji }: { emoji: readonly string[] }) {
  return (
    <div aria-hidden="true" className="relative hidden h-72 w-full max-w-sm justify-self-end lg:block">
      {emoji.slice(0, TILE_PLACES.length).map((symbol, index) => (
        <span
          key={symbol}
          className={`absolute grid place-items-center rounded-[1.75rem] text-5xl shadow-[0_20px_40px_-20px_rgb(42_27_46/0.35)] ring-1 ring-line ${TILE_PLACES[index]}`}
        >
          {symbol}
        </span>
      ))}
    </div>
  );
}

/** The top of a marketing or information page: eyebrow, the page's one h1, and a lead paragraph. */
export function PageIntro({
  eyebrow,
  title,
  lead,
  tint = 'coral',
  art,
  children,
}: {
  eyebrow: string;
  title: ReactNode;
  lead: ReactNode;
  tint?: keyof typeof TINTS;
  /** Up to four emoji drawn as tiles beside the title on wide screens. */
  art?: readonly string[];
  children?: ReactNode;
}) {
  return (
    <section
      className={`relative overflow-hidden border-b border-line bg-linear-to-b ${TINTS[tint]} to-cream`}
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-40 -right-40 size-[36rem] rounded-full bg-[radial-gradient(closest-side,rgb(255_200_87/0.35),transparent)]"
      />
      <div className="relative mx-auto grid max-w-6xl items-center gap-10 px-4 pt-14 pb-16 sm:px-6 sm:pt-20 sm:pb-20 lg:grid-cols-[1.6fr_1fr]">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white/80 px-3 py-1 text-sm font-semibold text-coral-strong shadow-sm ring-1 ring-line">
            {eyebrow}
          </p>
          <h1 className="mt-5 max-w-3xl font-display text-[2.5rem] leading-[1.05] font-extrabold tracking-tight text-balance sm:text-6xl">
            {title}
          </h1>
          <p className="mt-5 max-w-2xl text-lg leading-relaxed text-pretty text-ink-soft sm:text-xl">
            {lead}
          </p>
          {children ? <div className="mt-8">{children}</div> : null}
        </div>
        {art ? <IntroTiles emoji={art} /> : null}
      </div>
    </section>
  );
}
