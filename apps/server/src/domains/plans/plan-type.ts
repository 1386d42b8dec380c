import { builder } from '../../graphql/builder.ts';
import { sharedAcrossViewers } from '../../graphql/subscription-events.ts';
import type { PlanOccurrence } from './plan-occurrence.ts';

export interface PlanCard {
  id: number;
  key: string;
  slug: string;
  title: string;
  image: string | null;
  startsAt: Date;
  endsAt: Date;
  timezone: string;
  locationName: string | null;
  city: string | null;
  /** Set when the card shows one occurrence of a repeating plan (decision 0009). */
  occurrence?: PlanOccurrence;
}

/** A plan as lists show it (spec 3 "Plan"); plans/schema.ts adds the rest of its fields. */
export const PlanRef = builder.objectRef<PlanCard>('Plan').implement({
  // The plan's own row: the same for every viewer (a chat-list event's plan, decision 0031).
  extensions: sharedAcrossViewers([
    ...['id', 'key', 'slug', 'title', 'image', 'startsAt', 'endsAt', 'timezone', 'location', 'city'],
  ]),
  fields: (t) => ({
    id: t.exposeInt('id'),
    key: t.exposeString('key'),
    slug: t.exposeString('slug'),
    title: t.exposeString('title'),
    image: t.exposeString('image', {
      nullable: true,
      description: 'The plan’s picture, or its creator’s when it has none.',
    }),
    startsAt: t.string({ resolve: (plan) => plan.startsAt.toISOString() }),
    endsAt: t.string({ resolve: (plan) => plan.endsAt.toISOString() }),
    timezone: t.exposeString('timezone'),
    location: t.string({
      nullable: true,
      description: 'The place’s name.',
      resolve: (plan) => plan.locationName,
    }),
    city: t.exposeString('city', { nullable: true }),
  }),
});
