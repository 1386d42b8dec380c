import { and, eq } from 'drizzle-orm';
import { complianceConfirmations } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { badUserInput } from '../../graphql/errors.ts';

/** Spec 3 "Compliance message": complianceMessage, confirmMessage, confirmRequired. */
export interface ComplianceMessage {
  complianceMessage: string;
  confirmMessage: string | null;
  confirmRequired: boolean;
  version: string;
}

async function hasConfirmed(context: RequestContext, userId: number, version: string): Promise<boolean> {
  const [row] = await context.store.db
    .select({ version: complianceConfirmations.version })
    .from(complianceConfirmations)
    .where(and(eq(complianceConfirmations.userId, userId), eq(complianceConfirmations.version, version)));
  return row !== undefined;
}

/**
 * The operator's compliance message (decision 0019): null when none is set, and for a signed-in
 * person who confirmed this version of it. Signed-out visitors get it too, to show beside sign-up.
 */
export async function getComplianceMessage(context: RequestContext): Promise<ComplianceMessage | null> {
  const compliance = context.config.compliance;
  if (!compliance) return null;
  if (context.viewer && (await hasConfirmed(context, context.viewer.id, compliance.version))) return null;
  return {
    complianceMessage: compliance.message,
    confirmMessage: compliance.confirmMessage,
    confirmRequired: compliance.confirmMessage !== null,
    version: compliance.version,
  };
}

/**
 * Records that the person read (and, when asked, confirmed) the message of `version`. A version
 * that is no longer current is refused: they must see the new text first.
 */
export async function confirmCompliance(
  context: RequestContext,
  userId: number,
  version: string,
): Promise<void> {
  const compliance = context.config.compliance;
  if (!compliance) throw badUserInput('version', 'There is no message to confirm.');
  if (version !== compliance.version)
    throw badUserInput('version', 'This message has changed. Read the new one and confirm it.');
  await context.store.db.insert(complianceConfirmations).values({ userId, version }).onConflictDoNothing();
}
