import { sql, type SQL } from 'drizzle-orm';

// SQL for the people side of organizations (decision 0019); the plan side is
// inPlanOrganization in plans/plan-visibility-sql.ts.

/** True when the person in `userColumn` shares an organization with the viewer. */
export function sharesOrganizationWith(viewerId: number, userColumn: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM organization_accounts soa JOIN organization_accounts smine
    ON smine.organization_id = soa.organization_id AND smine.user_id = ${viewerId}
    WHERE soa.user_id = ${userColumn})`;
}

/** True when the person is verified: by the site (`isVerifiedColumn`), or by belonging to an organization. */
export function isVerifiedUser(userColumn: SQL, isVerifiedColumn: SQL): SQL {
  return sql`(${isVerifiedColumn} OR EXISTS (SELECT 1 FROM organization_accounts vba WHERE vba.user_id = ${userColumn}))`;
}
