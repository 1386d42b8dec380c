import { sql } from 'drizzle-orm';
import type { PlanCard } from './plan-type.ts';

/**
 * The columns of a plan card read straight from SQL: `p` a plan joined with `u` its creator, whose
 * photo stands in for a plan without an image.
 */
export const PLAN_CARD_COLUMNS = sql`p.id, p.key, p.slug, p.title, COALESCE(p.image, u.image) AS image,
  p.starts_at, p.ends_at, p.timezone, p.location_name, p.city`;

export interface PlanCardSqlRow {
  id: number;
  key: string;
  slug: string;
  title: string;
  image: string | null;
  starts_at: string | Date;
  ends_at: string | Date;
  timezone: string;
  location_name: string | null;
  city: string | null;
}

export function planCardOf(row: PlanCardSqlRow): PlanCard {
  return {
    id: Number(row.id),
    key: row.key,
    slug: row.slug,
    title: row.title,
    image: row.image,
    startsAt: new Date(row.starts_at),
    endsAt: new Date(row.ends_at),
    timezone: row.timezone,
    locationName: row.location_name,
    city: row.city,
  };
}
