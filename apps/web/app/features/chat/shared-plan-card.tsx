import { Link } from 'react-router';
import { formatPlanWhen } from '@plaza/core/plan-when';
import type { SharedPlan } from './chat-data.ts';

/** A plan shared into the chat (irl/event): its picture, title, when and where, leading to its page. */
export function SharedPlanCard({ plan }: { plan: SharedPlan }) {
  const where = [plan.place?.name, plan.place?.city].filter(Boolean).join(', ');
  return (
    <Link
      to={`/${encodeURIComponent(plan.slug)}/${encodeURIComponent(plan.key)}`}
      className="mt-1 flex w-80 max-w-full overflow-hidden rounded-3xl bg-white text-ink shadow-sm ring-1 ring-line/60 hover:ring-coral-strong"
    >
      {plan.image ? (
        <img src={plan.image} alt="" loading="lazy" className="w-24 shrink-0 bg-sand object-cover" />
      ) : null}
      <span className="min-w-0 p-3">
        <span className="block text-xs font-bold tracking-wide text-coral-strong uppercase">Plan</span>
        <span className="line-clamp-2 font-display text-base leading-snug font-extrabold">{plan.title}</span>
        <span className="mt-0.5 block text-xs font-semibold text-ink-soft">
          {formatPlanWhen({
            start: plan.start.utc,
            end: plan.end.utc,
            timezone: plan.timezone,
            allDay: plan.allDay,
          })}
          {where ? ` · ${where}` : ''}
        </span>
      </span>
    </Link>
  );
}
