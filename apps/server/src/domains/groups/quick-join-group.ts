import { groupInvitations } from '../../db/schema/index.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { badUserInput, plazaError, rateLimited } from '../../graphql/errors.ts';
import { smsAllowed } from '../system/sms-opt-outs.ts';
import { parseEmail, parsePhone } from '../users/contact-inputs.ts';
import { requireViewerUser } from '../users/require-viewer-user.ts';
import { findGroup } from './find-group.ts';
import { groupLink } from './invite-to-group.ts';
import { joinGroup } from './join-group.ts';

export type QuickJoinResult = 'member' | 'requested' | 'sent';

export const QUICK_JOINS_PER_HOUR = 20;

/**
 * For people arriving from a group's link (spec 7.3 quickJoinGroup). Signed in, it joins (or asks
 * to join) like joinGroup and notes the source. Signed out, it takes an e-mail address or phone
 * number and sends the link there, to open once signed in; the row keeps the source but, made by
 * the visitor themself, it invites nobody (a link must not open a private group). The text goes to
 * the visitor's own number at their request, so it needs nobody's opt-in, but a number that opted
 * out of Plaza's texts is not texted (CONFLICT).
 */
export async function quickJoinGroup(
  context: RequestContext,
  input: { key: string; phone?: string | null; email?: string | null; source?: string | null },
): Promise<QuickJoinResult> {
  const source = input.source?.trim().slice(0, 40) || 'link';
  const limit = await context.rateLimits.hit([
    {
      name: 'group-quick-join',
      subject: context.viewer ? `user:${context.viewer.id}` : `ip:${context.ip}`,
      limit: QUICK_JOINS_PER_HOUR,
      windowSeconds: 3600,
    },
  ]);
  if (!limit.allowed) throw rateLimited(limit.retryAfterSeconds);
  const access = await findGroup(context, { key: input.key });
  if (context.viewer) {
    const user = await requireViewerUser(context);
    return joinGroup(context, user, access, source);
  }
  const email = input.email?.trim() ? parseEmail(input.email) : null;
  const phone = !email && input.phone?.trim() ? parsePhone(input.phone) : null;
  if (!email && !phone) throw badUserInput('email', 'Give an e-mail address or a phone number.');
  const target = (email ?? phone)!;
  if (phone && !(await smsAllowed(context.store.db, phone)))
    throw plazaError(
      'CONFLICT',
      'This number asked not to receive texts from Plaza. Give an e-mail address instead.',
    );
  const [row] = await context.store.db
    .insert(groupInvitations)
    .values({ groupId: access.group.id, channel: email ? 'EMAIL' : 'PHONE', target, source })
    .onConflictDoNothing()
    .returning({ id: groupInvitations.id });
  if (row) {
    const title = access.group.title || 'a group';
    const link = `${groupLink(context, access.group)}?signin=1`;
    if (email)
      await context.mail.send({
        to: email,
        subject: `Join ${title} on Plaza`,
        text: `Open ${title} and sign in with this address to join: ${link}\n\nIf you did not ask for this, ignore this e-mail.\n`,
      });
    else await context.sms.send({ to: phone!, text: `Join ${title} on Plaza: ${link}` });
  }
  return 'sent';
}
