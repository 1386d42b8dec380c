import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../components/button-styles.ts';
import {
  ArrowRightIcon,
  BoxIcon,
  ChatIcon,
  CheckIcon,
  CodeIcon,
  CompassIcon,
  EyeIcon,
  FlagIcon,
  HeartIcon,
  UsersIcon,
  CalendarIcon,
} from '../components/icons.tsx';
import { ChatArt, ExploreArt, GroupsArt, RsvpArt } from '../features/marketing/feature-art.tsx';
import { HeroScene } from '../features/marketing/hero-scene.tsx';
import { pageMeta } from '../features/meta/page-meta.ts';
import { SIGN_UP_HREF } from '../features/session/auth-links.ts';

export const meta = pageMeta({ path: '/' });

const ACTIVITIES = [
  '🏃 Run clubs',
  '🎲 Board game nights',
  '⚽ Pickup soccer',
  '📚 Book clubs',
  '🎤 Karaoke',
  '🌊 Beach cleanups',
  '🏺 Pottery classes',
  '🧗 Climbing crews',
  '🍜 Supper clubs',
  '🎸 Open mics',
];

const STEPS = [
  {
    title: 'Make a plan',
    body: 'Add what, when and where. Make it repeat every week or month, or start a poll and let everyone pick the day.',
    icon: CalendarIcon,
    tint: 'bg-coral-soft',
  },
  {
    title: 'Invite your people',
    body: 'Share one link by text, post it to your group, or make it public so neighbours can find it. Everyone answers Attending, Interested or Next time.',
    icon: UsersIcon,
    tint: 'bg-sun-soft',
  },
  {
    title: 'Meet up',
    body: "Each plan has its own chat for the details: who's bringing snacks, where exactly to meet, and the photos afterwards.",
    icon: HeartIcon,
    tint: 'bg-mint-soft',
  },
];

const SAFETY = [
  {
    title: 'You choose who sees each plan',
    body: 'Public, your groups, your friends, or only the people you invite. Profiles can be private too.',
    icon: EyeIcon,
  },
  {
    title: 'Block and report in two taps',
    body: 'From any profile, plan, group or message. Reports go to the people who run your Plaza, not to an algorithm.',
    icon: FlagIcon,
  },
  {
    title: 'No ads. No data sales.',
    body: 'Plaza earns nothing from your attention. Product analytics run only if you say yes to them.',
    icon: HeartIcon,
  },
  {
    title: 'Take your data and go',
    body: 'Export everything you made, or delete your account, from your settings. No e-mail to support needed.',
    icon: BoxIcon,
  },
];

function SectionHeading({
  eyebrow,
  title,
  lead,
  id,
}: {
  eyebrow: string;
  title: string;
  lead?: string;
  id: string;
}) {
  return (
    <div className="max-w-2xl">
      <p className="text-sm font-bold tracking-widest text-coral-strong uppercase">{eyebrow}</p>
      <h2
        id={id}
        className="mt-3 font-display text-3xl leading-tight font-extrabold tracking-tight text-pretty sm:text-[2.75rem] sm:text-balance"
      >
        {title}
      </h2>
      {lead ? <p className="mt-4 text-lg leading-relaxed text-pretty text-ink-soft">{lead}</p> : null}
    </div>
  );
}

function FeatureCard({
  icon: Icon,
  title,
  children,
  art,
  className = '',
  tint,
}: {
  icon: (props: { className?: string }) => ReactNode;
  title: string;
  children: ReactNode;
  art: ReactNode;
  className?: string;
  tint: string;
}) {
  return (
    <article className={`flex min-w-0 flex-col gap-6 rounded-[2rem] p-6 sm:p-8 ${tint} ${className}`}>
      <div>
        <span className="grid size-11 place-items-center rounded-2xl bg-white text-coral-strong shadow-sm">
          <Icon className="size-6" />
        </span>
        <h3 className="mt-4 font-display text-2xl font-bold tracking-tight">{title}</h3>
        <p className="mt-2 text-[1.0625rem] leading-relaxed text-ink-soft">{children}</p>
      </div>
      <div className="mt-auto">{art}</div>
    </article>
  );
}

function Hero() {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(60rem_30rem_at_85%_-10%,var(--color-coral-soft),transparent_60%),radial-gradient(40rem_24rem_at_-10%_30%,var(--color-sun-soft),transparent_65%)]"
      />
      <div className="relative mx-auto grid max-w-6xl items-center gap-16 px-4 pt-12 pb-20 sm:px-6 sm:pt-16 lg:grid-cols-[1.1fr_1fr] lg:gap-12 lg:pt-24 lg:pb-28">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white/80 px-3 py-1 text-sm font-semibold text-ink shadow-sm ring-1 ring-line">
            <span className="size-2 rounded-full bg-coral" aria-hidden="true" />
            Free, open source, made for real life
          </p>
          <h1
            id="hero-title"
            className="mt-6 font-display text-[2.75rem] leading-[1.02] font-extrabold tracking-tight text-balance sm:text-6xl lg:text-[4.25rem]"
          >
            Turn “we should hang out” into plans that{' '}
            <span className="text-coral-strong">actually happen</span>.
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-pretty text-ink-soft sm:text-xl">
            Plaza brings friends, groups and neighbours together around real plans. Pick a time and place, see
            who's coming, and sort out the details in the plan's own chat. Can't make it? Tap{' '}
            <strong className="text-ink">Next time</strong> and you're in for the next one.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link to={SIGN_UP_HREF} className={buttonClass('primary', 'lg')}>
              Sign up free <ArrowRightIcon className="size-5" />
            </Link>
            <Link to="/download" className={buttonClass('secondary', 'lg')}>
              Get the app
            </Link>
          </div>
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-[0.9375rem] font-medium text-ink-soft">
            {['Free for everyone', 'No ads, ever', 'Run your own server'].map((item) => (
              <li key={item} className="flex items-center gap-1.5">
                <CheckIcon className="size-4 text-coral-strong" />
                {item}
              </li>
            ))}
          </ul>
        </div>
        <div className="px-4 pb-16 sm:px-10 lg:px-0">
          <HeroScene />
        </div>
      </div>
    </section>
  );
}

function ActivityStrip() {
  return (
    <section aria-labelledby="activities-title" className="border-y border-line bg-white/60">
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
        <h2 id="activities-title" className="text-center text-sm font-semibold text-ink-soft">
          Made for the things people do together
        </h2>
        <ul className="mt-4 flex flex-wrap justify-center gap-2">
          {ACTIVITIES.map((activity) => (
            <li
              key={activity}
              className="rounded-full bg-cream px-3.5 py-1.5 text-[0.9375rem] font-medium ring-1 ring-line"
            >
              {activity}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function HowItWorks() {
  return (
    <section
      id="how-it-works"
      aria-labelledby="how-title"
      className="mx-auto max-w-6xl px-4 py-20 sm:px-6 sm:py-28"
    >
      <SectionHeading
        id="how-title"
        eyebrow="How it works"
        title="From “anyone free Sunday?” to a plan, in three steps"
      />
      <ol className="mt-12 grid gap-5 md:grid-cols-3">
        {STEPS.map((step, index) => (
          <li
            key={step.title}
            className="relative rounded-[2rem] bg-white p-6 shadow-sm ring-1 ring-line sm:p-8"
          >
            <div className="flex items-center justify-between">
              <span className={`grid size-12 place-items-center rounded-2xl ${step.tint}`}>
                <step.icon className="size-6 text-ink" />
              </span>
              <span className="font-display text-5xl font-extrabold text-line" aria-hidden="true">
                {index + 1}
              </span>
            </div>
            <h3 className="mt-6 font-display text-xl font-bold">{step.title}</h3>
            <p className="mt-2 leading-relaxed text-ink-soft">{step.body}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

function Features() {
  return (
    <section aria-labelledby="features-title" className="bg-white/50 py-20 sm:py-28">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="features-title"
          eyebrow="What's inside"
          title="Built for showing up, not for scrolling"
          lead="Plans, groups, chat and explore work together, so the plan, the people and the conversation are always in one place."
        />
        <div className="mt-12 grid grid-cols-1 gap-5 lg:grid-cols-5">
          <FeatureCard
            icon={CalendarIcon}
            title="RSVPs that mean something"
            art={<RsvpArt />}
            tint="bg-coral-soft/60"
            className="lg:col-span-3"
          >
            Attending, Interested or Next time. “Next time” tells the host you'd love to come to the next one,
            and Plaza invites you when it's on. Repeating plans keep one chat across every date.
          </FeatureCard>
          <FeatureCard
            icon={UsersIcon}
            title="Groups for your people"
            art={<GroupsArt />}
            tint="bg-mint-soft"
            className="lg:col-span-2"
          >
            Your run club, climbing crew or the parents from school. Public or private, with join requests,
            member roles and all your plans in one place.
          </FeatureCard>
          <FeatureCard
            icon={ChatIcon}
            title="Chat with threads and polls"
            art={<ChatArt />}
            tint="bg-lilac-soft"
            className="lg:col-span-2"
          >
            Direct messages, group chats and a chat for every plan. Side conversations go into threads, and
            polls settle the date without fifty messages.
          </FeatureCard>
          <FeatureCard
            icon={CompassIcon}
            title="Explore what's on near you"
            art={<ExploreArt />}
            tint="bg-sky-soft"
            className="lg:col-span-3"
          >
            Browse public plans, groups and people around any place, from tonight to next month. Found
            something you like? Join in with one tap and say hi in the chat.
          </FeatureCard>
        </div>
      </div>
    </section>
  );
}

function Safety() {
  return (
    <section aria-labelledby="safety-title" className="mx-auto max-w-6xl px-4 py-20 sm:px-6 sm:py-28">
      <SectionHeading
        id="safety-title"
        eyebrow="Safety and privacy"
        title="Meeting people should feel safe"
        lead="Plaza is made for meeting in person, so control over who sees what comes first."
      />
      <ul className="mt-12 grid gap-5 sm:grid-cols-2">
        {SAFETY.map((item) => (
          <li key={item.title} className="flex gap-4 rounded-[1.75rem] bg-white p-6 ring-1 ring-line">
            <span className="grid size-11 shrink-0 place-items-center rounded-2xl bg-sand text-coral-strong">
              <item.icon className="size-6" />
            </span>
            <div>
              <h3 className="font-display text-lg font-bold">{item.title}</h3>
              <p className="mt-1 leading-relaxed text-ink-soft">{item.body}</p>
            </div>
          </li>
        ))}
      </ul>
      <p className="mt-8 text-ink-soft">
        Read the{' '}
        <Link
          to="/community-rules"
          className="font-semibold text-coral-strong underline underline-offset-2 hover:text-ink"
        >
          community rules
        </Link>{' '}
        and our{' '}
        <Link
          to="/privacy-policy"
          className="font-semibold text-coral-strong underline underline-offset-2 hover:text-ink"
        >
          privacy policy
        </Link>
        .
      </p>
    </section>
  );
}

function OpenSource() {
  return (
    <section aria-labelledby="open-title" className="on-dark bg-plum text-on-plum">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-20 sm:px-6 sm:py-28 lg:grid-cols-2">
        <div>
          <p className="text-sm font-bold tracking-widest text-sun uppercase">Open source</p>
          <h2
            id="open-title"
            className="mt-3 font-display text-3xl leading-tight font-extrabold tracking-tight text-balance sm:text-[2.75rem]"
          >
            Run your own Plaza
          </h2>
          <p className="mt-5 text-lg leading-relaxed text-on-plum-soft">
            Plaza is free software. Host it for your town, campus, club or company on one small server: a
            single command starts the database, chat and web app, with nothing else to install. Move to
            PostgreSQL and Redis when you grow. Your instance, your rules, your data.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link to="/faq#self-hosting" className={buttonClass('sun', 'lg')}>
              How self-hosting works
            </Link>
            <Link to="/company" className={buttonClass('on-dark', 'lg')}>
              Why we build in the open
            </Link>
          </div>
        </div>
        <div
          aria-hidden="true"
          className="rounded-[1.75rem] bg-plum-soft p-2 shadow-2xl ring-1 ring-white/10"
        >
          <div className="flex gap-1.5 px-3 py-2.5">
            <span className="size-3 rounded-full bg-coral" />
            <span className="size-3 rounded-full bg-sun" />
            <span className="size-3 rounded-full bg-mint" />
          </div>
          <pre className="overflow-x-auto rounded-2xl bg-plum p-5 font-mono text-[0.875rem] leading-7 text-on-plum">
            <span className="text-on-plum-soft"># one process, no other services</span>
            {'\n'}
            <span className="text-sun">$</span> npm start
            {'\n'}
            <span className="text-mint">✓</span> database ready (embedded)
            {'\n'}
            <span className="text-mint">✓</span> chat and realtime ready
            {'\n'}
            <span className="text-mint">✓</span> Plaza is open at your address
          </pre>
          <div className="flex items-center gap-2 px-3 py-3 text-sm text-on-plum-soft">
            <CodeIcon className="size-4 text-sun" /> Scale out: set DATABASE_URL and REDIS_URL
          </div>
        </div>
      </div>
    </section>
  );
}

function FinalCallToAction() {
  return (
    <section aria-labelledby="cta-title" className="mx-auto max-w-6xl px-4 py-20 sm:px-6 sm:py-28">
      <div className="relative overflow-hidden rounded-[2.5rem] bg-linear-to-br from-sun to-peach px-6 py-14 text-center sm:px-12 sm:py-20">
        <h2
          id="cta-title"
          className="mx-auto max-w-2xl font-display text-3xl leading-tight font-extrabold tracking-tight text-balance text-ink sm:text-5xl"
        >
          Your next good evening starts with a plan
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-lg text-ink">
          Sign up free on the web, or get the app for reminders and chat on your phone.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to={SIGN_UP_HREF} className={buttonClass('primary', 'lg')}>
            Sign up free
          </Link>
          <Link
            to="/download"
            className="inline-flex h-13 items-center justify-center rounded-full bg-white px-6 font-semibold text-ink hover:bg-cream"
          >
            Get the app
          </Link>
        </div>
      </div>
    </section>
  );
}

export default function Home() {
  return (
    <>
      <Hero />
      <ActivityStrip />
      <HowItWorks />
      <Features />
      <Safety />
      <OpenSource />
      <FinalCallToAction />
    </>
  );
}
