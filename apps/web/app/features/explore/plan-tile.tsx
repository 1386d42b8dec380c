import { Link } from 'react-router';
import { formatPlanWhen, planDateBadge } from '@plaza/core/plan-when';
import { PinIcon, RepeatIcon, UsersIcon } from '../../components/icons.tsx';
import { planHref } from '../plans/plan-data.ts';
import type { ExplorePlan } from './explore-data.ts';

/** Soft backdrops for plans without a picture, picked by key so a plan keeps its colour. */
const BACKDROPS = [
  'from-coral-soft to-sun-soft',
  'from-sky-soft to-mint-soft',
  'from-lilac-soft to-coral-soft',
  'from-sun-soft to-mint-soft',
];

function backdropOf(key: string): string {
  let sum = 0;
  for (const char of key) sum += char.charCodeAt(0);
  return BACKDROPS[sum % BACKDROPS.length]!;
}

/** A plan on the explore grid: its picture with a date badge, title, when, where and how many go. */
export function PlanTile({ plan }: { plan: ExplorePlan }) {
  const badge = planDateBadge({ start: plan.start.utc, timezone: plan.allDay ? 'UTC' : plan.timezone });
  const where = [plan.place?.name, plan.place?.city]
    .filter((part, i, all) => part && all.indexOf(part) === i)
    .join(', ');
  return (
    <li className="group relative flex flex-col overflow-hidden rounded-3xl border border-line bg-white transition-shadow focus-within:ring-2 focus-within:ring-ink hover:shadow-lg hover:shadow-plum/10">
      <div className={`relative aspect-[16/9] bg-gradient-to-br ${backdropOf(plan.key)}`}>
        {plan.image ? (
          <img src={plan.image} alt="" className="size-full object-cover" loading="lazy" />
        ) : null}
        <span className="absolute top-3 left-3 rounded-xl bg-white/95 px-2.5 py-1 text-center leading-tight shadow-sm">
          <span className="block text-[0.6875rem] font-bold tracking-wider text-coral-strong">
            {badge.month}
          </span>
          <span className="block text-lg font-extrabold">{badge.day}</span>
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <Link
          to={planHref(plan)}
          className="font-display text-lg leading-snug font-extrabold text-ink after:absolute after:inset-0 focus:outline-none group-hover:underline"
        >
          {plan.title}
        </Link>
        <p className="flex items-center gap-1 text-sm font-semibold text-coral-strong">
          {plan.recurring ? (
            <>
              <RepeatIcon className="size-3.5 shrink-0" />
              <span className="sr-only">Repeats: </span>
            </>
          ) : null}
          {formatPlanWhen({
            start: plan.start.utc,
            end: plan.end.utc,
            timezone: plan.timezone,
            allDay: plan.allDay,
          })}
        </p>
        {where ? (
          <p className="flex items-center gap-1 text-sm text-ink-soft">
            <PinIcon className="size-3.5 shrink-0" />
            <span className="truncate">{where}</span>
          </p>
        ) : null}
        {plan.attendingOrInterestedCount > 0 ? (
          <p className="mt-auto flex items-center gap-1 pt-1 text-sm text-ink-soft">
            <UsersIcon className="size-3.5 shrink-0" />
            {plan.attendingOrInterestedCount} going or interested
          </p>
        ) : null}
      </div>
    </li>
  );
}

export function PlanTileGrid({ plans }: { plans: ExplorePlan[] }) {
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {plans.map((plan) => (
        <PlanTile key={`${plan.key}:${plan.occurrence ?? ''}`} plan={plan} />
      ))}
    </ul>
  );
}
