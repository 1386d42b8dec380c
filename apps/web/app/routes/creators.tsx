import { data } from 'react-router';
import type { Route } from './+types/creators';
import { CheckIcon } from '../components/icons.tsx';
import { PageIntro } from '../components/page-intro.tsx';
import { plazaContext } from '../context.ts';
import { pageMeta } from '../features/meta/page-meta.ts';
import { NewsletterForm } from '../features/newsletter/newsletter-form.tsx';
import { subscribeEmailFromForm } from '../features/newsletter/subscribe-email.server.ts';

export const meta = pageMeta({
  title: 'Creators',
  description:
    'Paid groups, creator accounts and subscriptions are coming to Plaza. Here is what we are building, and the promises we make to creators and members.',
  path: '/creators',
});

export async function action({ request, context }: Route.ActionArgs) {
  const result = await subscribeEmailFromForm(context.get(plazaContext), await request.formData());
  return data(result, {
    status: result.status === 'subscribed' ? 200 : result.status === 'invalid' ? 400 : 502,
  });
}

const PLANNED = [
  {
    title: 'Creator accounts',
    body: 'A profile for coaches, hosts, artists and venues, with a verified badge and a page that lists all your groups and upcoming plans.',
  },
  {
    title: 'Paid groups',
    body: 'Charge a monthly or yearly membership for a group: a training club, a supper series, a members-only workshop. Members pay by card at checkout.',
  },
  {
    title: 'Subscriptions',
    body: 'Members see everything they pay for in one list, with the next charge date, and cancel in two taps.',
  },
];

const PROMISES = [
  'One fee, published up front, taken only from paid groups. Free groups stay free.',
  'Paying members never skip the waitlist of a plan. A seat is first come, first served.',
  'Members can cancel any time and keep access until the end of what they paid for.',
  'You own your member list and can export it whenever you like.',
  'More than one payment provider, so creators outside the big markets are not left out.',
];

/** Creators (spec 2.1): paid groups and creator accounts, honestly marked as coming soon. */
export default function Creators({ actionData }: Route.ComponentProps) {
  return (
    <>
      <PageIntro
        art={['🎟️', '🧑‍🍳', '🎨', '🎶']}
        eyebrow="Coming soon"
        title="Make a living doing what brings people together"
        lead="Run clubs, cooking classes, community choirs: many of the best plans are run by people who put real work into them. Creator accounts and paid groups will let them get paid on Plaza. They are not available yet. Here is what we are building."
        tint="sun"
      />

      <section aria-labelledby="planned-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
        <h2 id="planned-title" className="font-display text-3xl font-extrabold tracking-tight sm:text-4xl">
          What is coming
        </h2>
        <ul className="mt-10 grid gap-5 md:grid-cols-3">
          {PLANNED.map((item) => (
            <li key={item.title} className="rounded-[1.75rem] bg-white p-6 ring-1 ring-line sm:p-8">
              <p className="inline-block rounded-full bg-sun-soft px-3 py-1 text-sm font-semibold">
                Coming soon
              </p>
              <h3 className="mt-4 font-display text-xl font-bold">{item.title}</h3>
              <p className="mt-2 leading-relaxed text-ink-soft">{item.body}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="promises-title" className="bg-white/60 py-16 sm:py-24">
        <div className="mx-auto grid max-w-6xl gap-12 px-4 sm:px-6 lg:grid-cols-2">
          <div>
            <h2
              id="promises-title"
              className="font-display text-3xl font-extrabold tracking-tight sm:text-4xl"
            >
              Our promises to creators and members
            </h2>
            <p className="mt-4 text-lg leading-relaxed text-ink-soft">
              Paid features are how Plaza will pay for itself, so we are writing down the rules before we
              charge anyone.
            </p>
          </div>
          <ul className="space-y-4">
            {PROMISES.map((promise) => (
              <li key={promise} className="flex gap-3 text-lg leading-relaxed">
                <CheckIcon className="mt-1 size-5 shrink-0 text-coral-strong" />
                <span>{promise}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="notify-title" className="mx-auto max-w-3xl px-4 py-16 sm:px-6 sm:py-24">
        <div className="rounded-[2rem] bg-sun-soft p-6 sm:p-10">
          <h2 id="notify-title" className="font-display text-2xl font-extrabold tracking-tight sm:text-3xl">
            Want to know when it is ready?
          </h2>
          <p className="mt-3 mb-6 text-lg text-ink-soft">
            We write rarely: when creator tools open, and when something big changes.
          </p>
          <NewsletterForm result={actionData} label="Your e-mail address" />
        </div>
      </section>
    </>
  );
}
