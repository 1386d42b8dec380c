import { builder } from '../../graphql/builder.ts';
import { sharedAcrossViewers } from '../../graphql/subscription-events.ts';
import { groupLoaders } from './group-loaders.ts';

export interface GroupCard {
  id: number;
  key: string;
  slug: string;
  title: string;
  description: string;
  image: string | null;
  isPublic: boolean;
  /** The group query's skipPermissions: the permissions field then answers null. */
  skipPermissions?: boolean;
}

/** A group (spec 3 "Group") as lists show it; groups/schema.ts adds the rest of its fields. */
export const GroupRef = builder.objectRef<GroupCard>('Group').implement({
  // The group's own row: the same for every viewer (a chat-list event's group, decision 0031).
  extensions: sharedAcrossViewers(['id', 'key', 'slug', 'title', 'description', 'image', 'isPublic']),
  fields: (t) => ({
    id: t.exposeInt('id'),
    key: t.exposeString('key'),
    slug: t.exposeString('slug'),
    title: t.exposeString('title'),
    description: t.exposeString('description'),
    image: t.exposeString('image', { nullable: true }),
    isPublic: t.exposeBoolean('isPublic'),
    memberCount: t.int({
      // Through the request's loader (lists prime it), not the row's member_count: a row read before
      // a change of members in the same request (createGroup's, before its owner joins) is behind.
      resolve: (group, _args, context) => groupLoaders(context).memberCount.load(group.id),
    }),
  }),
});
