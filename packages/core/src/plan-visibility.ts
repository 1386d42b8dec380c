/**
 * The plan form's "Who can see it" choice as one value (decision 0019): `public`, `private`
 * (invite only) or `organization:<id>` (the people of an organization the creator belongs to, plus
 * those invited; spec 6).
 */
export type PlanVisibility = { isPublic: boolean; organizationId: number | null };

const ORGANIZATION_PREFIX = 'organization:';

export function planVisibilityValue(visibility: PlanVisibility): string {
  if (visibility.isPublic) return 'public';
  return visibility.organizationId === null
    ? 'private'
    : `${ORGANIZATION_PREFIX}${visibility.organizationId}`;
}

/** Reads a choice back; anything unknown is invite only, the narrowest. */
export function parsePlanVisibility(value: string | null | undefined): PlanVisibility {
  if (value === 'public') return { isPublic: true, organizationId: null };
  if (value?.startsWith(ORGANIZATION_PREFIX)) {
    const id = Number(value.slice(ORGANIZATION_PREFIX.length));
    if (Number.isInteger(id) && id > 0) return { isPublic: false, organizationId: id };
  }
  return { isPublic: false, organizationId: null };
}
