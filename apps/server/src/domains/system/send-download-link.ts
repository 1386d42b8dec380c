import { and, count, eq, gt } from 'drizzle-orm';
import { normalizePhone } from '@plaza/core/phone';
import { downloadLinkRequests } from '../../db/schema/index.ts';
import { badUserInput, rateLimited } from '../../graphql/errors.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { smsAllowed } from './sms-opt-outs.ts';

export const DOWNLOAD_LINK_LIMITS = { perPhonePerHour: 3, perIpPerHour: 10 } as const;

export const DOWNLOAD_LINK_CONSENT_MESSAGE =
  'Tick the box to agree to one text message with the link. We only text a number when its owner asks.';
export const DOWNLOAD_LINK_OPTED_OUT_MESSAGE =
  'This number asked Plaza not to text it, so we will not send the link. Open the download page on your phone instead.';

/**
 * Texts a link to the app to a phone number (spec 1, `/sms`), a few times an hour at most, and
 * only with the asker's consent (decision 0014), never to a number that opted out.
 */
export async function sendDownloadLink(
  context: RequestContext,
  rawPhone: string,
  consent: boolean | null | undefined,
): Promise<void> {
  const phone = normalizePhone(rawPhone);
  if (!phone)
    throw badUserInput('phone', 'Enter a valid phone number, with its country code if outside the US.');
  if (consent !== true) throw badUserInput('consent', DOWNLOAD_LINK_CONSENT_MESSAGE);
  const { db } = context.store;
  if (!(await smsAllowed(db, phone.e164))) throw badUserInput('phone', DOWNLOAD_LINK_OPTED_OUT_MESSAGE);
  const since = new Date(Date.now() - 60 * 60 * 1000);
  const [[byPhone], [byIp]] = await Promise.all([
    db
      .select({ n: count() })
      .from(downloadLinkRequests)
      .where(and(eq(downloadLinkRequests.phone, phone.e164), gt(downloadLinkRequests.createdAt, since))),
    db
      .select({ n: count() })
      .from(downloadLinkRequests)
      .where(and(eq(downloadLinkRequests.clientIp, context.ip), gt(downloadLinkRequests.createdAt, since))),
  ]);
  if (
    (byPhone?.n ?? 0) >= DOWNLOAD_LINK_LIMITS.perPhonePerHour ||
    (byIp?.n ?? 0) >= DOWNLOAD_LINK_LIMITS.perIpPerHour
  ) {
    throw rateLimited(60 * 60);
  }
  await db.insert(downloadLinkRequests).values({ phone: phone.e164, clientIp: context.ip });
  await context.sms.send({
    to: phone.e164,
    text: `Here is your link to Plaza: ${context.config.publicUrl}/download . Reply STOP to opt out.`,
  });
}
