import { Link, useRouteLoaderData } from 'react-router';
import { buttonClass } from '../components/button-styles.ts';
import { pageMeta } from '../features/meta/page-meta.ts';
import { useRootData } from '../root-data.ts';
import type { loader as layoutLoader } from './chat-layout.tsx';

export const meta = pageMeta({ title: 'Chat', path: '/chat', noIndex: true });

/**
 * The chat home (spec 2.1): beside the list on wide screens, a welcome that says what to do; on a
 * phone the list itself is the screen.
 */
export default function ChatHome() {
  const viewer = useRootData()?.viewer;
  const layout = useRouteLoaderData<typeof layoutLoader>('routes/chat-layout');
  const hasChats = (layout?.chats.length ?? 0) > 0;
  const firstName = viewer?.first || viewer?.fullName || 'there';
  return (
    <div className="flex flex-1 flex-col items-center justify-center px-6 py-12 text-center">
      <div aria-hidden="true" className="relative mb-8 h-36 w-56">
        <span className="absolute top-2 left-0 rounded-3xl rounded-bl-md bg-coral-soft px-5 py-3 text-lg font-bold text-[#7a2810] shadow-sm">
          Tacos Friday? 🌮
        </span>
        <span className="absolute right-0 bottom-2 rounded-3xl rounded-br-md bg-mint-soft px-5 py-3 text-lg font-bold text-[#1d5a40] shadow-sm">
          I&apos;m in! 🙌
        </span>
        <span className="absolute top-14 left-20 size-3 rounded-full bg-sun" />
      </div>
      <h2 className="font-display text-3xl font-extrabold tracking-tight text-balance">
        {hasChats ? 'Pick a chat to get going' : `Hi ${firstName}, your chats will appear here`}
      </h2>
      <p className="mt-4 max-w-md text-lg text-ink-soft text-pretty">
        {hasChats
          ? 'Your direct messages, groups and plans are on the left, newest first.'
          : 'Message a friend, join a group or make a plan: the conversation lands here.'}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/profile/friends" className={buttonClass('primary', 'lg')}>
          Message a friend
        </Link>
        <Link to="/event/create" className={buttonClass('secondary', 'lg')}>
          Make a plan
        </Link>
      </div>
    </div>
  );
}
