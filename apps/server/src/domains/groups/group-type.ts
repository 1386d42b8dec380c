import { builder } from '../../graphql/builder.ts';

export interface GroupCard {
  id: number;
  key: string;
  slug: string;
  title: string;
  description: string;
  image: string | null;
  isPublic: boolean;
  memberCount: number;
}

/** A group as lists show it (spec 3 "Group"); the groups issue adds the rest of its fields. */
export const GroupRef = builder.objectRef<GroupCard>('Group').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    key: t.exposeString('key'),
    slug: t.exposeString('slug'),
    title: t.exposeString('title'),
    description: t.exposeString('description'),
    image: t.exposeString('image', { nullable: true }),
    isPublic: t.exposeBoolean('isPublic'),
    memberCount: t.exposeInt('memberCount'),
  }),
});
