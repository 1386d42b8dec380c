/** Explore status of a plan or group (spec 4). */
export const EXPLORE_STATUSES = ['BLOCKED', 'ENABLED', 'DISABLED'] as const;

export type ExploreStatus = (typeof EXPLORE_STATUSES)[number];

/** How a form shows the status: blocked as null, enabled as true, disabled as false. */
export type ExploreStatusFormValue = boolean | null;

export function isExploreStatus(value: unknown): value is ExploreStatus {
  return typeof value === 'string' && (EXPLORE_STATUSES as readonly string[]).includes(value);
}

export function exploreStatusToForm(status: ExploreStatus): ExploreStatusFormValue {
  if (status === 'BLOCKED') return null;
  return status === 'ENABLED';
}

export function exploreStatusFromForm(value: ExploreStatusFormValue): ExploreStatus {
  if (value === null) return 'BLOCKED';
  return value ? 'ENABLED' : 'DISABLED';
}
