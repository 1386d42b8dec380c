import { CheckIcon, PinIcon, RepeatIcon } from '../../components/icons.tsx';
import { AvatarStack } from './avatar-stack.tsx';

const GOING = [
  { initial: 'M', colorIndex: 1 },
  { initial: 'J', colorIndex: 9 },
  { initial: 'A', colorIndex: 18 },
  { initial: 'R', colorIndex: 4 },
];

function SunriseArt() {
  return (
    <svg
      viewBox="0 0 320 120"
      className="h-full w-full"
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
    >
      <defs>
        <linearGradient id="hero-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#FFB38A" />
          <stop offset="0.6" stopColor="#FFD9A0" />
          <stop offset="1" stopColor="#FFF1D6" />
        </linearGradient>
      </defs>
      <rect width="320" height="120" fill="url(#hero-sky)" />
      <circle cx="206" cy="78" r="30" fill="#FFC857" />
      <path d="M0 96 58 44l40 30 46-46 58 52 38-26 80 46v20H0Z" fill="#E4572E" opacity="0.85" />
      <path d="M0 110 70 70l52 28 60-38 70 44 68-30v46H0Z" fill="#B93A1B" />
      <path d="M0 120 90 92l70 16 80-22 80 20v14Z" fill="#2A1B2E" opacity="0.9" />
    </svg>
  );
}

/** The hero's picture of a plan: date, place, who is going, and the three answers (decorative). */
export function HeroScene() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-[25rem] text-ink select-none">
      <div className="absolute -inset-x-3 inset-y-5 rotate-[5deg] rounded-[2.25rem] bg-linear-to-br from-sun via-peach to-coral" />
      <div className="relative rounded-[2rem] bg-white p-4 shadow-[0_30px_60px_-20px_rgb(42_27_46/0.35)] ring-1 ring-line sm:p-5">
        <div className="h-28 overflow-hidden rounded-2xl sm:h-32">
          <SunriseArt />
        </div>
        <div className="mt-4 flex items-start gap-3">
          <div className="grid w-14 shrink-0 overflow-hidden rounded-xl text-center ring-1 ring-line">
            <span className="bg-coral-strong py-0.5 text-[0.6875rem] font-bold tracking-wider text-white">
              SUN
            </span>
            <span className="py-1 font-display text-2xl font-extrabold">14</span>
          </div>
          <div className="min-w-0">
            <p className="font-display text-lg leading-tight font-bold">Sunrise hike &amp; coffee</p>
            <p className="mt-1 flex items-center gap-1 text-sm text-ink-soft">
              <PinIcon className="size-4 shrink-0" /> 7:30 AM · East Peak trailhead
            </p>
            <p className="mt-1 flex items-center gap-1 text-sm font-medium text-coral-strong">
              <RepeatIcon className="size-4 shrink-0" /> Every Sunday
            </p>
          </div>
        </div>
        <div className="mt-4 flex items-center gap-2">
          <AvatarStack people={GOING} size="size-7" />
          <p className="text-sm text-ink-soft">
            <span className="font-semibold text-ink">Maya, Jon</span> and 9 others are going
          </p>
        </div>
        <div className="mt-4 grid grid-cols-3 gap-2 text-[0.8125rem] font-semibold">
          <span className="flex items-center justify-center gap-1 rounded-full bg-ink py-2 text-white">
            <CheckIcon className="size-4" /> Attending
          </span>
          <span className="rounded-full bg-sand py-2 text-center text-ink">Interested</span>
          <span className="rounded-full bg-sand py-2 text-center text-ink">Next time</span>
        </div>
      </div>

      <div className="absolute -top-5 -right-1 w-40 rotate-[5deg] rounded-2xl bg-white p-3 shadow-lg ring-1 ring-line sm:-right-8 sm:w-44">
        <p className="text-[0.6875rem] font-bold tracking-wider text-coral-strong uppercase">Poll</p>
        <p className="mt-0.5 text-sm leading-tight font-semibold">Brunch after?</p>
        <div className="mt-2 space-y-1.5 text-xs">
          <div className="relative overflow-hidden rounded-full bg-sand">
            <div className="absolute inset-y-0 left-0 w-[82%] rounded-full bg-mint" />
            <p className="relative flex justify-between px-2 py-1 font-semibold">
              <span>Yes!</span>
              <span>9</span>
            </p>
          </div>
          <div className="relative overflow-hidden rounded-full bg-sand">
            <div className="absolute inset-y-0 left-0 w-[30%] rounded-full bg-lilac" />
            <p className="relative flex justify-between px-2 py-1 font-semibold">
              <span>Can't</span>
              <span>2</span>
            </p>
          </div>
        </div>
      </div>

      <div className="absolute -bottom-16 -left-1 max-w-[14rem] -rotate-[3deg] rounded-2xl rounded-bl-md bg-plum px-3.5 py-2.5 text-on-plum shadow-lg sm:-left-10">
        <p className="text-[0.6875rem] font-bold text-sun">Jon · in the plan chat</p>
        <p className="mt-0.5 text-sm leading-snug">I can drive 3 people. Leaving Mission St at 6:45 🚗</p>
      </div>
    </div>
  );
}
