import { NavLink } from 'react-router';
import { ShieldIcon } from '../../components/icons.tsx';

const SECTIONS = [
  { to: '/admin/reports', label: 'Reports' },
  { to: '/admin/log', label: 'Log' },
] as const;

/** The top of the moderation area: its title, what it is for, and its two sections. */
export function ModerationHeader({ lead }: { lead: string }) {
  return (
    <header className="border-b border-line bg-linear-to-b from-lilac-soft/70 to-cream">
      <div className="mx-auto max-w-4xl px-4 pt-10 pb-0 sm:px-6 sm:pt-14">
        <p className="inline-flex items-center gap-2 rounded-full bg-white/80 px-3 py-1 text-sm font-semibold text-coral-strong shadow-sm ring-1 ring-line">
          <ShieldIcon className="size-4" /> Site administrators
        </p>
        <h1 className="mt-4 font-display text-4xl font-extrabold tracking-tight sm:text-5xl">Moderation</h1>
        <p className="mt-3 max-w-2xl text-lg text-ink-soft">{lead}</p>
        <nav aria-label="Moderation" className="mt-6">
          <ul className="flex gap-1">
            {SECTIONS.map((section) => (
              <li key={section.to}>
                <NavLink
                  to={section.to}
                  className={({ isActive }) =>
                    `inline-block rounded-t-2xl border-x border-t px-5 py-2.5 font-bold ${isActive ? 'border-line bg-cream text-ink' : 'border-transparent text-ink-soft hover:text-ink'}`
                  }
                >
                  {section.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
