import { Link } from 'react-router';
import { buttonClass } from '../components/button-styles.ts';
import { pageMeta } from '../features/meta/page-meta.ts';
import { useRootData } from '../root-data.ts';

export const meta = pageMeta({ title: 'Chat', path: '/chat', noIndex: true });

/** Private: the root middleware has already sent signed-out visitors to sign in. */
export function loader() {
  return null;
}

/** The chat home, for now an honest empty state until chats arrive. */
export default function ChatHome() {
  const viewer = useRootData()?.viewer;
  const firstName = viewer?.first || viewer?.fullName || 'there';
  return (
    <div className="mx-auto flex max-w-3xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <div aria-hidden="true" className="relative mb-8 h-36 w-56">
        <span className="absolute top-2 left-0 rounded-3xl rounded-bl-md bg-coral-soft px-5 py-3 text-lg font-bold text-[#7a2810] shadow-sm">
          Tacos Friday? 🌮
        </span>
        <span className="absolute right-0 bottom-2 rounded-3xl rounded-br-md bg-mint-soft px-5 py-3 text-lg font-bold text-[#1d5a40] shadow-sm">
          I&apos;m in! 🙌
        </span>
        <span className="absolute top-14 left-20 size-3 rounded-full bg-sun" />
      </div>
      <h1 className="font-display text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">
        Hi {firstName}, your chats will appear here
      </h1>
      <p className="mt-4 max-w-xl text-lg text-ink-soft text-pretty">
        When you join a plan or a group, or message a friend, the conversation lands here. Chats are on their
        way to the web; in the meantime, make your profile feel like you.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/profile" className={buttonClass('primary', 'lg')}>
          Edit your profile
        </Link>
        <Link to="/download" className={buttonClass('secondary', 'lg')}>
          Get the app
        </Link>
      </div>
    </div>
  );
}
