import { Link } from 'react-router';
import { hashtagPath } from '@plaza/core/explore-path';
import type { HashtagCategoryCard } from './explore-data.ts';

/**
 * An interest category with its hashtags, each leading to the hashtag explorer. Explore's main view
 * shows the first few of each (`limit`); /explore/tags shows them all with a larger heading.
 */
export function CategoryCard({
  category,
  limit,
  headingLevel,
}: {
  category: HashtagCategoryCard;
  limit?: number;
  headingLevel: 'h2' | 'h3';
}) {
  const Heading = headingLevel;
  const tags = limit === undefined ? category.hashtags : category.hashtags.slice(0, limit);
  return (
    <li className={`rounded-3xl bg-white ring-1 ring-line ${headingLevel === 'h2' ? 'p-5' : 'p-4'}`}>
      <Heading className={`font-display font-extrabold ${headingLevel === 'h2' ? 'text-xl' : 'text-lg'}`}>
        {category.name}
      </Heading>
      <ul className={`flex flex-wrap gap-1.5 ${headingLevel === 'h2' ? 'mt-3' : 'mt-2'}`}>
        {tags.map((tag) => (
          <li key={tag.name}>
            <Link
              to={hashtagPath(tag.name)}
              className="inline-flex items-center gap-1 rounded-full bg-sand px-3 py-1 text-sm font-semibold hover:bg-sun-soft"
            >
              {tag.emoji ? <span aria-hidden="true">{tag.emoji}</span> : null}#{tag.name}
            </Link>
          </li>
        ))}
      </ul>
    </li>
  );
}
