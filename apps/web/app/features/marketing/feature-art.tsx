import { CheckIcon, PinIcon, RepeatIcon } from '../../components/icons.tsx';
import { AvatarStack } from './avatar-stack.tsx';

/** Small drawn scenes for the home page's feature cards; all decorative. */

export function RsvpArt() {
  const rows = [
    { initial: 'M', colorIndex: 1, name: 'Maya', answer: 'Attending', tone: 'bg-ink text-white', icon: true },
    {
      initial: 'S',
      colorIndex: 13,
      name: 'Sam',
      answer: 'Interested',
      tone: 'bg-sun-soft text-ink',
      icon: false,
    },
    {
      initial: 'P',
      colorIndex: 22,
      name: 'Priya',
      answer: 'Next time',
      tone: 'bg-lilac-soft text-ink',
      icon: false,
    },
  ];
  return (
    <div aria-hidden="true" className="space-y-2.5">
      {rows.map((row) => (
        <div
          key={row.name}
          className="flex items-center gap-3 rounded-2xl bg-white p-2.5 pr-3 shadow-sm ring-1 ring-line"
        >
          <AvatarStack people={[row]} size="size-9" />
          <p className="flex-1 font-semibold">{row.name}</p>
          <span
            className={`flex items-center gap-1 rounded-full px-3 py-1 text-sm font-semibold ${row.tone}`}
          >
            {row.icon ? <CheckIcon className="size-4" /> : null}
            {row.answer}
          </span>
        </div>
      ))}
      <p className="flex items-center gap-2 pl-2 text-sm font-medium text-ink-soft">
        <RepeatIcon className="size-4 text-coral-strong" /> Priya is invited to next Sunday's hike
      </p>
    </div>
  );
}

export function GroupsArt() {
  const groups = [
    { name: 'Mission Run Club', meta: '214 members · 3 plans this week', hue: 'bg-coral-soft', emoji: '🏃' },
    { name: 'Thursday Board Games', meta: '38 members · private', hue: 'bg-mint-soft', emoji: '🎲' },
    { name: 'Ocean Beach Cleanup', meta: '96 members · monthly', hue: 'bg-sky-soft', emoji: '🌊' },
  ];
  return (
    <div aria-hidden="true" className="space-y-2.5">
      {groups.map((group, index) => (
        <div
          key={group.name}
          className="flex items-center gap-3 rounded-2xl bg-white p-2.5 shadow-sm ring-1 ring-line"
        >
          <span className={`grid size-11 shrink-0 place-items-center rounded-xl text-xl ${group.hue}`}>
            {group.emoji}
          </span>
          <div className="min-w-0 flex-1">
            <p className="truncate font-semibold">{group.name}</p>
            <p className="truncate text-sm text-ink-soft">{group.meta}</p>
          </div>
          <AvatarStack
            size="size-6"
            people={[
              { initial: 'K', colorIndex: 3 + index * 5 },
              { initial: 'L', colorIndex: 8 + index * 5 },
            ]}
          />
        </div>
      ))}
    </div>
  );
}

export function ChatArt() {
  return (
    <div aria-hidden="true" className="space-y-2.5 text-[0.9375rem]">
      <div className="flex items-end gap-2">
        <AvatarStack people={[{ initial: 'A', colorIndex: 18 }]} size="size-7" />
        <div className="max-w-[80%] rounded-2xl rounded-bl-md bg-white px-3.5 py-2 shadow-sm ring-1 ring-line">
          Who's bringing the frisbee? 🥏
          <p className="mt-1.5 flex items-center gap-1.5 text-xs font-semibold text-coral-strong">
            <span className="flex -space-x-1.5">
              <span className="size-4 rounded-full bg-mint ring-2 ring-white" />
              <span className="size-4 rounded-full bg-lilac ring-2 ring-white" />
            </span>
            4 replies in thread
          </p>
        </div>
      </div>
      <div className="ml-auto w-fit max-w-[80%] rounded-2xl rounded-br-md bg-coral-strong px-3.5 py-2 text-white">
        Got it. Also bringing lemonade!
      </div>
      <div className="rounded-2xl bg-white p-3 shadow-sm ring-1 ring-line">
        <p className="text-xs font-bold tracking-wider text-coral-strong uppercase">Poll · which day?</p>
        <div className="mt-2 space-y-1.5 text-sm">
          {[
            { label: 'Saturday', votes: 7, width: 'w-[70%]', fill: 'bg-sun' },
            { label: 'Sunday', votes: 3, width: 'w-[30%]', fill: 'bg-sky' },
          ].map((option) => (
            <div key={option.label} className="relative overflow-hidden rounded-lg bg-sand">
              <div className={`absolute inset-y-0 left-0 ${option.width} ${option.fill}`} />
              <p className="relative flex justify-between px-2.5 py-1 font-semibold">
                <span>{option.label}</span>
                <span>{option.votes}</span>
              </p>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

export function ExploreArt() {
  return (
    <div aria-hidden="true" className="relative h-full min-h-64 overflow-hidden rounded-2xl ring-1 ring-line">
      <svg
        viewBox="0 0 400 260"
        className="absolute inset-0 h-full w-full"
        preserveAspectRatio="xMidYMid slice"
      >
        <rect width="400" height="260" fill="#F3EBDD" />
        <path d="M250 0c-10 60 40 90 150 100V0Z" fill="#DCF0FA" />
        <path d="M0 170c60-10 90 20 130 60l-10 30H0Z" fill="#D7F2E6" />
        <circle cx="90" cy="70" r="42" fill="#D7F2E6" />
        <g stroke="#FFFFFF" strokeWidth="10" strokeLinecap="round" fill="none">
          <path d="M-10 120 410 150" />
          <path d="M170 -10 200 270" />
          <path d="M-10 30 260 230" />
          <path d="M300 120 330 270" />
        </g>
        <g stroke="#E7D6C4" strokeWidth="3" fill="none">
          <path d="M20 220 380 60" />
        </g>
      </svg>
      <span className="absolute top-[38%] left-[44%] grid size-11 -translate-x-1/2 -translate-y-full place-items-center rounded-full rounded-br-none bg-coral-strong text-white shadow-md rotate-45">
        <span className="-rotate-45 text-lg">🎨</span>
      </span>
      <span className="absolute top-[22%] left-[74%] grid size-10 -translate-x-1/2 -translate-y-full place-items-center rounded-full rounded-br-none bg-ink text-white shadow-md rotate-45">
        <span className="-rotate-45 text-base">🎤</span>
      </span>
      <span className="absolute top-[70%] left-[22%] grid size-10 -translate-x-1/2 -translate-y-full place-items-center rounded-full rounded-br-none bg-ink text-white shadow-md rotate-45">
        <span className="-rotate-45 text-base">⚽</span>
      </span>
      <span className="absolute top-[44%] left-[44%] size-4 -translate-x-1/2 rounded-full bg-sky ring-4 ring-white" />
      <div className="absolute right-3 bottom-3 left-3 flex gap-2 sm:left-auto sm:w-64">
        <div className="flex-1 rounded-2xl bg-white p-3 shadow-lg ring-1 ring-line">
          <p className="text-xs font-bold tracking-wider text-coral-strong uppercase">Tonight · 7 PM</p>
          <p className="mt-0.5 font-semibold">Pottery wheel drop-in</p>
          <p className="mt-0.5 flex items-center gap-1 text-sm text-ink-soft">
            <PinIcon className="size-3.5" /> 0.8 km · 6 spots left
          </p>
        </div>
      </div>
    </div>
  );
}
