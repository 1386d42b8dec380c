/** A group's or plan's hashtags as chips: the emoji when there is one, else "#". */
export function HashtagList({
  hashtags,
}: {
  hashtags: ReadonlyArray<{ name: string; emoji: string | null }>;
}) {
  if (hashtags.length === 0) return null;
  return (
    <ul className="mt-4 flex flex-wrap gap-2" aria-label="Hashtags">
      {hashtags.map((tag) => (
        <li key={tag.name} className="rounded-full bg-sand px-3 py-1 text-sm font-semibold">
          {tag.emoji ? `${tag.emoji} ` : '#'}
          {tag.name}
        </li>
      ))}
    </ul>
  );
}
