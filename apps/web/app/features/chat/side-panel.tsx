import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The frame of a chat's side view: a title and a way back to the conversation. */
export function SidePanel({
  title,
  backTo,
  children,
}: {
  title: string;
  backTo: string;
  children: ReactNode;
}) {
  return (
    <section aria-label={title} className="flex min-h-0 flex-1 flex-col">
      <div className="flex items-center gap-2 border-b border-line px-4 py-3">
        <h2 className="flex-1 font-display text-lg font-extrabold">{title}</h2>
        <Link
          to={backTo}
          className="grid size-10 place-items-center rounded-full hover:bg-ink/5"
          aria-label="Close and go back to the conversation"
        >
          <svg
            viewBox="0 0 24 24"
            className="size-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.2"
            aria-hidden="true"
          >
            <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
          </svg>
        </Link>
      </div>
      {children}
    </section>
  );
}
