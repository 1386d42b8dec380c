import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { uploadedImageSrcSet } from '@plaza/core/avatar';
import { formatPlanWhen, planDateBadge } from '@plaza/core/plan-when';
import { RepeatIcon } from '../../components/icons.tsx';
import { planHref, type PlanCard } from './plan-data.ts';

/** A plan in a list: a date badge (or its picture), its title, when and where, and who is going. */
export function PlanCardItem<P extends PlanCard>({
  plan,
  action,
}: {
  plan: P;
  action?: (plan: P) => ReactNode;
}) {
  const badge = planDateBadge({ start: plan.start.utc, timezone: plan.allDay ? 'UTC' : plan.timezone });
  const where = [plan.place?.name, plan.place?.city]
    .filter((p, i, all) => p && all.indexOf(p) === i)
    .join(', ');
  return (
    <li className="relative flex gap-3 rounded-2xl border border-line bg-white p-3 transition-shadow focus-within:ring-2 focus-within:ring-ink hover:shadow-md">
      <div className="relative size-16 shrink-0 overflow-hidden rounded-xl bg-sun-soft">
        {plan.image ? (
          <img
            src={plan.image}
            srcSet={uploadedImageSrcSet(plan.image)}
            alt=""
            className="size-full object-cover"
            loading="lazy"
          />
        ) : null}
        <span className="absolute inset-x-1 bottom-1 rounded-lg bg-white/95 px-1 text-center leading-tight shadow-sm">
          <span className="block text-[0.625rem] font-bold tracking-wider text-coral-strong">
            {badge.month}
          </span>
          <span className="block text-sm font-extrabold">{badge.day}</span>
        </span>
      </div>
      <div className="min-w-0">
        <Link
          to={planHref(plan)}
          className="block truncate font-bold text-ink after:absolute after:inset-0 focus:outline-none"
        >
          {plan.title}
        </Link>
        <p className="flex items-center gap-1 text-sm text-coral-strong">
          {plan.recurring ? (
            <>
              <RepeatIcon className="size-3.5 shrink-0" />
              <span className="sr-only">Repeats: </span>
            </>
          ) : null}
          <span className="truncate">
            {formatPlanWhen({
              start: plan.start.utc,
              end: plan.end.utc,
              timezone: plan.timezone,
              allDay: plan.allDay,
            })}
          </span>
        </p>
        <p className="truncate text-sm text-ink-soft">
          {[
            where,
            plan.attendingOrInterestedCount > 0
              ? `${plan.attendingOrInterestedCount} going or interested`
              : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
        {/* Above the card's stretched link, so it stays a button of its own. */}
        {action ? <div className="relative z-10 mt-1">{action(plan)}</div> : null}
      </div>
    </li>
  );
}

export function PlanCardList<P extends PlanCard>({
  plans,
  empty,
  action,
}: {
  plans: P[];
  empty: string;
  /** Something to do with each plan (a group's moderators remove it from the group). */
  action?: ((plan: P) => ReactNode) | undefined;
}) {
  if (plans.length === 0) return <p className="py-6 text-ink-soft">{empty}</p>;
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      {plans.map((plan) => (
        <PlanCardItem key={`${plan.key}:${plan.occurrence ?? ''}`} plan={plan} action={action} />
      ))}
    </ul>
  );
}
