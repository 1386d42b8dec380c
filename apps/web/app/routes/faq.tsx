import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageIntro } from '../components/page-intro.tsx';
import { pageMeta } from '../features/meta/page-meta.ts';
import { contactEmailFor } from '../features/session/contact-email.ts';
import { useRootData } from '../root-data.ts';

export const meta = pageMeta({
  title: 'FAQ',
  description:
    'Answers about Plaza: price, self-hosting, privacy, who sees your plans, what “Next time” means, blocking, reporting, deleting your account and accessibility.',
  path: '/faq',
});

interface Topic {
  id: string;
  title: string;
  questions: Array<{ question: string; answer: ReactNode }>;
}

const linkClass = 'font-semibold text-coral-strong underline underline-offset-2 hover:text-ink';

function topics(contactEmail: string): Topic[] {
  const mail = (
    <a href={`mailto:${contactEmail}`} className={linkClass}>
      {contactEmail}
    </a>
  );
  return [
    {
      id: 'basics',
      title: 'The basics',
      questions: [
        {
          question: 'What is Plaza?',
          answer:
            'Plaza is a social app for meeting people in real life. You make plans, invite friends or groups, and everyone answers Attending, Interested or Next time. Every plan and group has its own chat, and Explore shows what is on near a place.',
        },
        {
          question: 'Is Plaza free?',
          answer:
            'Yes. Making plans, joining groups, chatting and exploring are free, with no ads. Later, creators will be able to offer paid groups; joining those will cost what the creator asks, and everything else stays free.',
        },
        {
          question: 'Do I need the app?',
          answer: (
            <>
              No. Everything works in a browser. The app adds reminders before your plans and chat
              notifications. Get it on the{' '}
              <Link to="/download" className={linkClass}>
                download page
              </Link>
              .
            </>
          ),
        },
      ],
    },
    {
      id: 'plans',
      title: 'Plans and RSVPs',
      questions: [
        {
          question: 'Who sees my plans?',
          answer:
            'You decide for each plan. A public plan can be found by anyone, also in Explore. A group plan is seen by the members of that group. A private plan is seen only by the people you invite and the people they are allowed to bring. Your profile can be public or private too.',
        },
        {
          question: 'What does “Next time” mean?',
          answer:
            'It means “I can’t make this one, but I’d love to come to the next”. The host sees you are interested in the plan, you stay in the plan’s chat, and when the plan repeats (or the host makes a new date) you are invited automatically. It is a friendly no, not a silent one.',
        },
        {
          question: 'What is the difference between Attending and Interested?',
          answer:
            'Attending tells the host to count on you. Interested means you might come: you get updates and can read the chat, and you can switch to Attending any time.',
        },
        {
          question: 'Can a plan repeat?',
          answer:
            'Yes: daily, weekly on chosen days, monthly or yearly, with an optional end date. When you edit a repeating plan, Plaza asks whether the change applies to all repeating plans or only this one.',
        },
      ],
    },
    {
      id: 'groups-chat',
      title: 'Groups and chat',
      questions: [
        {
          question: 'How do groups work?',
          answer:
            'A group is a community with a chat, members and plans. Public groups can be found in Explore and joined by anyone; private groups can ask new members to request to join. Group admins can give members roles and choose who may post plans, photos or polls.',
        },
        {
          question: 'What are threads and polls?',
          answer:
            'Reply to any message in a thread to keep side conversations out of the main chat. A poll lets the chat vote on a question, such as which day works best, and shows the result to everyone.',
        },
      ],
    },
    {
      id: 'safety',
      title: 'Safety and privacy',
      questions: [
        {
          question: 'How do I block or report someone?',
          answer: (
            <>
              Open their profile, or press and hold one of their messages, and choose Block or Report. Blocked
              people cannot message you, see your profile or invite you, and they are not told. Reports go to
              the moderators of the Plaza you use, who act under our{' '}
              <Link to="/community-rules" className={linkClass}>
                community rules
              </Link>
              . In danger? Call your local emergency number first.
            </>
          ),
        },
        {
          question: 'What does Plaza do with my data?',
          answer: (
            <>
              Only what is needed to run the app: your profile, your plans, groups, messages and answers. No
              ads and no data sales; product analytics only with your consent. The{' '}
              <Link to="/privacy-policy" className={linkClass}>
                privacy policy
              </Link>{' '}
              lists everything we store.
            </>
          ),
        },
        {
          question: 'How do I delete my account?',
          answer:
            'In the app or on the web, open your profile settings and choose Delete account. You can export your data first. Your profile, plans and answers are deleted right away; messages you sent in group chats are shown as from a deleted user, and backups are cleared within 30 days.',
        },
      ],
    },
    {
      id: 'self-hosting',
      title: 'Self-hosting',
      questions: [
        {
          question: 'Can I run my own Plaza?',
          answer:
            'Yes. Plaza is open-source software. A town, campus, club or company can run its own Plaza with its own address, rules and moderators. Members’ data then stays on that server, under that operator’s control.',
        },
        {
          question: 'What does it need?',
          answer:
            'A small server with Node.js. One command starts everything, with an embedded database, so there is nothing else to install. As a community grows, point Plaza at PostgreSQL and Redis and run several copies side by side.',
        },
      ],
    },
    {
      id: 'accessibility',
      title: 'Accessibility',
      questions: [
        {
          question: 'Our accessibility commitment',
          answer: (
            <>
              Plaza should work for everyone who wants to meet people, whatever device or assistive technology
              they use. We aim for WCAG 2.2 level AA on every page: everything works with a keyboard, with
              visible focus; pages have landmarks, headings and labelled forms for screen readers; text meets
              contrast requirements; layouts work from 320 pixels wide and at 200% zoom; and animation is
              reduced when your system asks for it. Every page is checked automatically before each release.
            </>
          ),
        },
        {
          question: 'Found a barrier?',
          answer: (
            <>
              Please tell us at {mail} with the page and what happened. We treat accessibility problems as
              bugs, answer within five working days, and tell you when the fix ships.
            </>
          ),
        },
      ],
    },
  ];
}

/** FAQ (spec 2.1), with the #accessibility and #self-hosting sections other pages link to. */
export default function Faq() {
  const contactEmail = contactEmailFor(useRootData());
  const list = topics(contactEmail);
  return (
    <>
      <PageIntro
        art={['💬', '🙋', '💡', '🧭']}
        eyebrow="FAQ"
        title="Questions, answered"
        lead="The short answers to what people ask us most. Something missing? Write to us and we will add it."
        tint="sky"
      >
        <nav aria-label="FAQ topics">
          <ul className="flex flex-wrap gap-2">
            {list.map((topic) => (
              <li key={topic.id}>
                <a
                  href={`#${topic.id}`}
                  className="inline-block rounded-full bg-white px-4 py-2 text-[0.9375rem] font-semibold ring-1 ring-line hover:ring-ink"
                >
                  {topic.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </PageIntro>
      <div className="mx-auto max-w-4xl px-4 py-14 sm:px-6 sm:py-20">
        {list.map((topic) => (
          <section
            key={topic.id}
            id={topic.id}
            aria-labelledby={`${topic.id}-title`}
            className="mb-16 last:mb-0"
          >
            <h2 id={`${topic.id}-title`} className="font-display text-3xl font-extrabold tracking-tight">
              {topic.title}
            </h2>
            <div className="mt-6 space-y-4">
              {topic.questions.map((item) => (
                <div key={item.question} className="rounded-[1.5rem] bg-white p-6 ring-1 ring-line sm:p-7">
                  <h3 className="font-display text-lg font-bold">{item.question}</h3>
                  <p className="mt-2 leading-relaxed text-ink-soft">{item.answer}</p>
                </div>
              ))}
            </div>
          </section>
        ))}
      </div>
    </>
  );
}
