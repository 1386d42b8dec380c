import { AVATAR_COLORS } from '@plaza/core/avatar';

/** Overlapping initials in Plaza's avatar colours, for illustrations of people (decorative). */
export function AvatarStack({
  people,
  size = 'size-8',
  ring = 'ring-white',
}: {
  people: ReadonlyArray<{ initial: string; colorIndex: number }>;
  size?: string;
  ring?: string;
}) {
  return (
    <span className="flex -space-x-2">
      {people.map((person) => {
        const color = AVATAR_COLORS[person.colorIndex % AVATAR_COLORS.length] ?? AVATAR_COLORS[0];
        return (
          <span
            key={`${person.initial}-${person.colorIndex}`}
            className={`${size} grid place-items-center rounded-full text-xs font-bold ring-2 ${ring}`}
            style={{ background: color?.background, color: color?.text }}
          >
            {person.initial}
          </span>
        );
      })}
    </span>
  );
}
