import type { OrganizationCard } from './organization-data.ts';

/**
 * "Verified by <organization>" for each organization a person belongs to (decision 0019): the
 * reason behind their verified badge, when the viewer may see it.
 */
export function OrganizationBadges({
  organizations,
  className = '',
}: {
  organizations: readonly OrganizationCard[];
  className?: string;
}) {
  if (organizations.length === 0) return null;
  return (
    <ul className={`flex flex-wrap gap-2 ${className}`} aria-label="Organizations">
      {organizations.map((organization) => (
        <li
          key={organization.id}
          className="inline-flex items-center gap-2 rounded-full bg-sky-soft py-1 pr-3 pl-1 text-sm font-bold text-[#0b4a6b]"
        >
          {organization.image ? (
            <img src={organization.image} alt="" className="size-6 rounded-full object-cover" />
          ) : (
            <span aria-hidden="true" className="grid size-6 place-items-center rounded-full bg-white text-xs">
              {organization.name.slice(0, 1).toUpperCase()}
            </span>
          )}
          Verified by {organization.name}
        </li>
      ))}
    </ul>
  );
}
