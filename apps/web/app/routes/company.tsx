import { Link } from 'react-router';
import { buttonClass } from '../components/button-styles.ts';
import { CodeIcon, HeartIcon, ShieldIcon, UsersIcon } from '../components/icons.tsx';
import { PageIntro } from '../components/page-intro.tsx';
import { pageMeta } from '../features/meta/page-meta.ts';
import { contactEmailFor } from '../features/session/contact-email.ts';
import { useRootData } from '../root-data.ts';

export const meta = pageMeta({
  title: 'Company',
  description:
    'Plaza is an open, self-hostable social app for meeting people in real life, built by a small team of founding engineers.',
  path: '/company',
});

const BELIEFS = [
  {
    icon: HeartIcon,
    title: 'In person beats online',
    body: 'A good evening with people you like does more for you than any feed. We count success in plans that happen, not minutes in the app.',
  },
  {
    icon: ShieldIcon,
    title: 'Your attention is not for sale',
    body: 'No ads and no selling data, ever. The app has no infinite feed and no streaks, and it sends no notification unless something real changed.',
  },
  {
    icon: CodeIcon,
    title: 'Open by default',
    body: 'The code is public, anyone can run their own Plaza, and we write down the decisions behind the product where everyone can read them.',
  },
  {
    icon: UsersIcon,
    title: 'Small groups, real names',
    body: 'The best communities are the run club of twelve and the book club of eight. Plaza is built for them first, not for influencers.',
  },
];

const TEAM = [
  { area: 'Product and design', focus: 'Turns what organisers tell us into the next thing we build.' },
  {
    area: 'Server and data',
    focus: 'Keeps every message delivered exactly once, on one laptop or a cluster.',
  },
  { area: 'Web and apps', focus: 'Makes every page fast, accessible and readable on a five-year-old phone.' },
  {
    area: 'Trust and safety',
    focus: 'Builds the blocking, reporting and moderation tools that keep meetups safe.',
  },
];

/** Company (spec 2.1): mission, how we work in the open, and the team. */
export default function Company() {
  const contactEmail = contactEmailFor(useRootData());
  return (
    <>
      <PageIntro
        art={['🤝', '☕', '🧗', '🎲']}
        eyebrow="Company"
        title="We build Plaza so people spend more time together"
        lead="Plaza is a free, open-source social app for meeting people in real life. We are a small team of founding engineers who think the internet should get you out of the house, not keep you on your phone."
      />

      <section
        aria-labelledby="mission-title"
        className="mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-2"
      >
        <div>
          <h2 id="mission-title" className="font-display text-3xl font-extrabold tracking-tight sm:text-4xl">
            Our mission: more plans that actually happen
          </h2>
        </div>
        <div className="space-y-4 text-lg leading-relaxed text-ink-soft">
          <p>
            Most plans die in a group chat. Someone says “we should do this again”, ten people react with a
            thumbs up, and nobody picks a date. Plaza exists to close that gap: a plan has a time, a place and
            a clear answer from everyone invited, and a chat that stays about the plan.
          </p>
          <p>
            We care about the people who hold communities together: the friend who always books the table, the
            organiser of the Sunday run, the neighbour who starts the street cleanup. If Plaza makes their job
            easier, everyone else shows up more.
          </p>
        </div>
      </section>

      <section aria-labelledby="beliefs-title" className="bg-white/60 py-16 sm:py-24">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <h2 id="beliefs-title" className="font-display text-3xl font-extrabold tracking-tight sm:text-4xl">
            What we believe
          </h2>
          <ul className="mt-10 grid gap-5 sm:grid-cols-2">
            {BELIEFS.map((belief) => (
              <li key={belief.title} className="rounded-[1.75rem] bg-cream p-6 ring-1 ring-line sm:p-8">
                <span className="grid size-11 place-items-center rounded-2xl bg-coral-soft text-ink">
                  <belief.icon className="size-6" />
                </span>
                <h3 className="mt-4 font-display text-xl font-bold">{belief.title}</h3>
                <p className="mt-2 leading-relaxed text-ink-soft">{belief.body}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section
        aria-labelledby="open-title"
        className="mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-2"
      >
        <h2 id="open-title" className="font-display text-3xl font-extrabold tracking-tight sm:text-4xl">
          Built in the open
        </h2>
        <div className="space-y-4 text-lg leading-relaxed text-ink-soft">
          <p>
            Plaza is open-source software. A town, a university, a club or a company can run its own Plaza on
            one small server and keep its members' data there. The same code runs our own instance.
          </p>
          <p>
            Being open keeps us honest. If we ever broke our promises on privacy, you could read the code that
            proves it, and take your community somewhere that keeps them.
          </p>
          <p>
            How do we pay for it? Plaza is free for everyone. Later, creators will be able to run paid groups,
            and a small, published fee on those will fund development. See{' '}
            <Link
              to="/creators"
              className="font-semibold text-coral-strong underline underline-offset-2 hover:text-ink"
            >
              Creators
            </Link>
            .
          </p>
        </div>
      </section>

      <section aria-labelledby="team-title" className="on-dark bg-plum py-16 text-on-plum sm:py-24">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <h2 id="team-title" className="font-display text-3xl font-extrabold tracking-tight sm:text-4xl">
            A team of founding engineers
          </h2>
          <p className="mt-4 max-w-2xl text-lg leading-relaxed text-on-plum-soft">
            We are a small, remote team. Everyone writes code, talks to organisers, and runs Plaza for a group
            of their own. Each of us owns one part of the product:
          </p>
          <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {TEAM.map((member) => (
              <li key={member.area} className="rounded-[1.5rem] bg-plum-soft p-6 ring-1 ring-white/10">
                <h3 className="font-display text-lg font-bold text-sun">{member.area}</h3>
                <p className="mt-2 leading-relaxed text-on-plum-soft">{member.focus}</p>
              </li>
            ))}
          </ul>
          <div className="mt-12 flex flex-col gap-3 sm:flex-row">
            <a href={`mailto:${contactEmail}`} className={buttonClass('sun', 'lg')}>
              Get in touch
            </a>
            <Link to="/impact" className={buttonClass('on-dark', 'lg')}>
              How we measure impact
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
