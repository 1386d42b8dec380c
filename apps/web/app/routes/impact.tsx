import { Link } from 'react-router';
import { CheckIcon } from '../components/icons.tsx';
import { PageIntro } from '../components/page-intro.tsx';
import { pageMeta } from '../features/meta/page-meta.ts';

export const meta = pageMeta({
  title: 'Impact',
  description:
    'Why meeting in person matters, and how Plaza measures plans that happen without tracking the people who make them.',
  path: '/impact',
});

const MEASURES = [
  {
    value: 'Plans that happened',
    body: 'A plan whose start time has passed with at least two people attending. This is the number we want to grow.',
  },
  {
    value: 'First meetings',
    body: 'Times someone attended a plan with a person they had no connection to before. New faces, not just old friends.',
  },
  {
    value: 'Plans that repeat',
    body: 'Repeating plans that reached their third date. A weekly run that lasts is worth more than a one-off party.',
  },
  {
    value: 'Groups that meet',
    body: 'Groups with at least one plan that happened in the last month. Groups that only chat do not count.',
  },
];

const PRINCIPLES = [
  'Counts, not profiles: each measure is a total computed from plans and RSVPs, never a timeline of one person.',
  'No third-party trackers, pixels or advertising tags on any Plaza page.',
  'Product events (which buttons get used) are recorded only with your consent, and never sold or shared.',
  'Published numbers are rounded, and no number describes fewer than 50 people.',
  'A self-hosted Plaza keeps its numbers to itself; nothing is sent to us.',
];

const NOT_MEASURED = [
  'Time spent in the app',
  'Daily opens or streaks',
  'Notification open rates as a goal',
  'How many messages you send',
];

/** Impact (spec 2.1): why in-person matters and how Plaza measures it without tracking people. */
export default function Impact() {
  return (
    <>
      <PageIntro
        art={['🌱', '🫶', '🍲', '🚲']}
        eyebrow="Impact"
        title="Time together is the point"
        lead="Plaza succeeds when people meet, not when they scroll. Here is why we care about meeting in person, and how we measure it without watching anyone."
        tint="mint"
      />

      <section
        aria-labelledby="why-title"
        className="mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-2"
      >
        <h2 id="why-title" className="font-display text-3xl font-extrabold tracking-tight sm:text-4xl">
          Why meeting in person matters
        </h2>
        <div className="space-y-4 text-lg leading-relaxed text-ink-soft">
          <p>
            People with strong social ties live longer and healthier lives, and loneliness harms health about
            as much as well-known risks do. In 2023 the U.S. Surgeon General issued an advisory on the
            epidemic of loneliness and isolation, and the World Health Organization set up a commission on
            social connection.
          </p>
          <p>
            Online contact helps, but it does not replace sitting at the same table. The moments that build
            friendships are small and physical: the walk to the trailhead, the second round of a board game,
            the chat while cleaning up.
          </p>
          <p>Plaza's job is to make those moments easy to start, easy to say yes to, and easy to repeat.</p>
        </div>
      </section>

      <section aria-labelledby="measure-title" className="bg-white/60 py-16 sm:py-24">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <h2
            id="measure-title"
            className="max-w-2xl font-display text-3xl font-extrabold tracking-tight sm:text-4xl"
          >
            What we measure
          </h2>
          <p className="mt-4 max-w-2xl text-lg leading-relaxed text-ink-soft">
            Four numbers, all about the real world. Each is computed from plans and answers people already
            share with their group, so measuring them needs no extra data about anyone.
          </p>
          <dl className="mt-10 grid gap-5 sm:grid-cols-2">
            {MEASURES.map((measure) => (
              <div key={measure.value} className="rounded-[1.75rem] bg-mint-soft p-6 sm:p-8">
                <dt className="font-display text-xl font-bold">{measure.value}</dt>
                <dd className="mt-2 leading-relaxed text-ink-soft">{measure.body}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section
        aria-labelledby="how-title"
        className="mx-auto grid max-w-6xl gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-2"
      >
        <div>
          <h2 id="how-title" className="font-display text-3xl font-extrabold tracking-tight sm:text-4xl">
            How we measure without tracking you
          </h2>
          <ul className="mt-8 space-y-4">
            {PRINCIPLES.map((principle) => (
              <li key={principle} className="flex gap-3 text-lg leading-relaxed">
                <CheckIcon className="mt-1 size-5 shrink-0 text-coral-strong" />
                <span>{principle}</span>
              </li>
            ))}
          </ul>
        </div>
        <div className="self-start rounded-[2rem] bg-plum p-8 text-on-plum on-dark">
          <h2 className="font-display text-2xl font-bold text-sun">What we will never optimise for</h2>
          <ul className="mt-5 space-y-3 text-lg">
            {NOT_MEASURED.map((item) => (
              <li key={item} className="flex items-center gap-3">
                <span aria-hidden="true" className="h-0.5 w-4 rounded-full bg-sun" />
                {item}
              </li>
            ))}
          </ul>
          <p className="mt-6 leading-relaxed text-on-plum-soft">
            If a change makes people spend more time in Plaza but go out less, we will not ship it. Read more
            in our{' '}
            <Link
              to="/privacy-policy"
              className="font-semibold text-sun underline underline-offset-2 hover:text-white"
            >
              privacy policy
            </Link>
            .
          </p>
        </div>
      </section>
    </>
  );
}
