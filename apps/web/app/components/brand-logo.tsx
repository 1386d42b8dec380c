/**
 * Plaza's mark: a map pin holding two people meeting. Drawn inline so it costs no request and
 * stays sharp at every size; the same drawing is the favicon (public/favicon.svg).
 */
export function BrandMark({ className = 'size-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="9" fill="#E4572E" />
      <path
        d="M16 5.5c-4.97 0-9 3.86-9 8.62 0 6.3 9 12.38 9 12.38s9-6.08 9-12.38c0-4.76-4.03-8.62-9-8.62Z"
        fill="#FFF8F0"
      />
      <circle cx="12.75" cy="13.9" r="2.45" fill="#E4572E" />
      <circle cx="19.25" cy="13.9" r="2.45" fill="#FFC857" />
      <path
        d="M11.6 19.2c2.6 1.5 6.2 1.5 8.8 0"
        stroke="#2A1B2E"
        strokeWidth="1.6"
        strokeLinecap="round"
        fill="none"
      />
    </svg>
  );
}

export function BrandWordmark({ tone = 'ink' }: { tone?: 'ink' | 'light' }) {
  return (
    <span className="inline-flex items-center gap-2">
      <BrandMark />
      <span
        className={`font-display text-[1.375rem] leading-none font-extrabold tracking-tight ${tone === 'light' ? 'text-on-plum' : 'text-ink'}`}
      >
        Plaza
      </span>
    </span>
  );
}
