import type { Platform } from '../../graphql/context.ts';
import { unsubscribeLink } from '../system/email-subscription.ts';
import { NOTIFICATION_SETTINGS_PATH, type MailFooter } from './notification-mail.ts';
import { createUnsubscribeToken, unsubscribeScopeLabel, type UnsubscribeScope } from './unsubscribe-token.ts';

/** "Stop e-mails about friend requests", "Stop the daily digest". */
export function unsubscribeText(scope: UnsubscribeScope): string {
  if (scope === 'DIGEST') return 'Stop the daily digest';
  if (scope === 'ALL') return 'Stop all notification e-mails';
  return `Stop e-mails about ${unsubscribeScopeLabel(scope)}`;
}

/** The end of a notification mail: a fresh one-click link for its scope, and the settings page. */
export function unsubscribeFooter(
  platform: Pick<Platform, 'config' | 'auth'>,
  to: { userId: number; email: string },
  scope: UnsubscribeScope,
  now: Date,
): MailFooter {
  const { publicUrl } = platform.config;
  const token = createUnsubscribeToken(platform.auth.secret, { ...to, scope, issuedAt: now.getTime() });
  return {
    unsubscribeUrl: unsubscribeLink(publicUrl, to.email, token),
    unsubscribeText: unsubscribeText(scope),
    settingsUrl: new URL(NOTIFICATION_SETTINGS_PATH, publicUrl).toString(),
  };
}
