import { Link } from 'react-router';
import type { SuggestedInvite } from './explore-data.ts';

/** The idea's day as the server chose it (its date is that day's start in UTC). */
const DAY = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/**
 * A plan idea (featuredContentSuggestions.suggestedInvites) that opens the plan form filled in. The
 * ideas' colours are deep (700 shades), so the text on them is white.
 */
export function IdeaCard({ idea }: { idea: SuggestedInvite }) {
  const href = `/event/create${idea.preset ? `#${encodeURIComponent(idea.preset)}` : ''}`;
  return (
    <li>
      <Link
        to={href}
        className="flex h-full flex-col justify-between gap-6 rounded-3xl p-5 text-white shadow-sm ring-1 ring-ink/5 transition-transform hover:-translate-y-0.5 motion-reduce:transition-none motion-reduce:hover:translate-y-0"
        style={{ backgroundColor: idea.color }}
      >
        <span className="font-display text-xl leading-tight font-extrabold">{idea.name}</span>
        <span className="text-sm font-semibold">
          {idea.date ? `${DAY.format(new Date(idea.date))} · ` : ''}Plan it <span aria-hidden="true">→</span>
        </span>
      </Link>
    </li>
  );
}
