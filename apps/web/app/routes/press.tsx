import { BrandMark } from '../components/brand-logo.tsx';
import { PageIntro } from '../components/page-intro.tsx';
import { pageMeta } from '../features/meta/page-meta.ts';
import { contactEmailFor } from '../features/session/contact-email.ts';
import { useRootData } from '../root-data.ts';

export const meta = pageMeta({
  title: 'Press',
  description: 'Plaza press kit: facts, boilerplate, logo and colours, plus the latest news from the team.',
  path: '/press',
});

const FACTS = [
  {
    label: 'What',
    value: 'A social app for meeting people in real life: plans with RSVPs, groups, chat and explore.',
  },
  { label: 'For', value: 'Friends, clubs, neighbourhoods and communities who want to meet in person.' },
  { label: 'Price', value: 'Free. No ads. Paid groups for creators are planned.' },
  { label: 'Platforms', value: 'Web, iPhone and Android.' },
  { label: 'Source', value: 'Open source. Anyone can run their own Plaza on one server.' },
  { label: 'Language', value: 'English.' },
];

const COLOURS = [
  { name: 'Coral', hex: '#E4572E', swatch: 'bg-coral' },
  { name: 'Plum', hex: '#24142B', swatch: 'bg-plum' },
  { name: 'Sun', hex: '#FFC857', swatch: 'bg-sun' },
  { name: 'Cream', hex: '#FFF8F0', swatch: 'bg-cream' },
];

const NEWS = [
  {
    kind: 'Release',
    title: 'Plaza opens its doors on the web',
    body: 'The public site is live: read what Plaza is about, get the app by text message, and open shared plans, groups and profiles from any device. Accounts, plans and chat follow in the next releases.',
  },
  {
    kind: 'Product',
    title: 'Why “Next time” is an answer',
    body: 'Most apps give you two options: going or not going. But “not this time” is often “yes, just not Sunday”. Next time tells the host you want in, keeps you in the loop, and invites you to the next date of a repeating plan. No guilt, no lost touch.',
  },
  {
    kind: 'Engineering',
    title: 'One command, one small server',
    body: 'A Plaza for your town should not need a platform team. Plaza starts with an embedded database, in-process messaging and local file storage, and moves to PostgreSQL, Redis and object storage with three settings when a community grows.',
  },
];

/** Press (spec 2.1): press kit facts, brand assets and the news section that the footer's Blog link opens. */
export default function Press() {
  const contactEmail = contactEmailFor(useRootData());
  return (
    <>
      <PageIntro
        art={['📣', '📰', '✨', '🎙️']}
        eyebrow="Press"
        title="Writing about Plaza?"
        lead="Everything you need in one place: the facts, a paragraph to quote, our logo and colours, and the latest news. For interviews and questions, write to us and a founder will answer."
        tint="lilac"
      >
        <a
          href={`mailto:${contactEmail}?subject=Press%20enquiry`}
          className="inline-flex h-13 items-center rounded-full bg-coral-strong px-6 font-semibold text-white hover:bg-ink"
        >
          Contact the team
        </a>
      </PageIntro>

      <section
        aria-labelledby="facts-title"
        className="mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-2"
      >
        <div>
          <h2 id="facts-title" className="font-display text-3xl font-extrabold tracking-tight sm:text-4xl">
            Fact sheet
          </h2>
          <dl className="mt-8 divide-y divide-line rounded-[1.75rem] bg-white ring-1 ring-line">
            {FACTS.map((fact) => (
              <div key={fact.label} className="grid gap-1 px-6 py-4 sm:grid-cols-[7rem_1fr]">
                <dt className="font-semibold">{fact.label}</dt>
                <dd className="text-ink-soft">{fact.value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <div>
          <h2 className="font-display text-3xl font-extrabold tracking-tight sm:text-4xl">About Plaza</h2>
          <blockquote className="mt-8 rounded-[1.75rem] bg-sun-soft p-6 text-lg leading-relaxed sm:p-8">
            Plaza is a free, open-source social app for meeting people in real life. Friends, groups and
            neighbours use it to make plans, answer Attending, Interested or Next time, and sort out the
            details in each plan's own chat. Plaza shows no ads and sells no data, and any community can run
            its own Plaza on a single server.
          </blockquote>
          <p className="mt-4 text-ink-soft">Free to quote in full or in part.</p>
        </div>
      </section>

      <section aria-labelledby="brand-title" className="bg-white/60 py-16 sm:py-24">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <h2 id="brand-title" className="font-display text-3xl font-extrabold tracking-tight sm:text-4xl">
            Logo and colours
          </h2>
          <p className="mt-4 max-w-2xl text-lg leading-relaxed text-ink-soft">
            The mark is a map pin holding two people meeting. Write the name as Plaza, with a capital P, never
            in all capitals. Please do not stretch, recolour or add effects to the mark.
          </p>
          <div className="mt-10 grid gap-5 lg:grid-cols-[1fr_1.4fr]">
            <div className="grid grid-cols-2 gap-4">
              <div className="grid aspect-square place-items-center rounded-[1.75rem] bg-cream ring-1 ring-line">
                <BrandMark className="size-24" />
              </div>
              <div className="on-dark grid aspect-square place-items-center rounded-[1.75rem] bg-plum">
                <BrandMark className="size-24" />
              </div>
            </div>
            <ul className="grid grid-cols-2 gap-4 sm:grid-cols-4">
              {COLOURS.map((colour) => (
                <li
                  key={colour.name}
                  className="flex flex-col overflow-hidden rounded-[1.5rem] bg-white ring-1 ring-line"
                >
                  <span
                    aria-hidden="true"
                    className={`block min-h-24 flex-1 ${colour.swatch} border-b border-line`}
                  />
                  <span className="block px-4 pt-3 font-semibold">{colour.name}</span>
                  <span className="block px-4 pb-4 font-mono text-sm text-ink-soft">{colour.hex}</span>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      <section
        id="news"
        aria-labelledby="news-title"
        className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24"
      >
        <h2 id="news-title" className="font-display text-3xl font-extrabold tracking-tight sm:text-4xl">
          News
        </h2>
        <p className="mt-4 max-w-2xl text-lg text-ink-soft">Notes from the team on what we ship and why.</p>
        <div className="mt-10 grid gap-5 md:grid-cols-3">
          {NEWS.map((item) => (
            <article
              key={item.title}
              className="flex flex-col rounded-[1.75rem] bg-white p-6 ring-1 ring-line sm:p-8"
            >
              <p className="text-sm font-bold tracking-widest text-coral-strong uppercase">{item.kind}</p>
              <h3 className="mt-3 font-display text-xl leading-snug font-bold">{item.title}</h3>
              <p className="mt-3 leading-relaxed text-ink-soft">{item.body}</p>
            </article>
          ))}
        </div>
      </section>
    </>
  );
}
