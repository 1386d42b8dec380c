import { fullName } from '@plaza/core/profile';
import type { Platform } from '../../graphql/context.ts';
import type { ActivityChannel } from '../activity/activity-delivery.ts';
import { activityMail } from './notification-mail.ts';
import { unsubscribeFooter } from './unsubscribe-footer.ts';

/**
 * The e-mail channel of activities (decision 0014). The delivery job has already waited, and
 * dropped what was seen, muted or turned off meanwhile; this sends one plain mail to a verified
 * address, ending with a one-click link that stops this kind of e-mail. Plan reminders are left
 * out: the reminders domain mails those itself, with their answer links.
 */
export function emailActivityChannel(platform: Pick<Platform, 'config' | 'auth' | 'mail'>): ActivityChannel {
  return {
    name: 'EMAIL',
    async deliver({ activity, receiver, url }, now) {
      if (activity.type === 'PLAN_REMINDER') return;
      if (!receiver.email || !receiver.emailVerified) return;
      await platform.mail.send(
        activityMail({
          to: receiver.email,
          name: fullName(receiver.first, receiver.last, receiver.username),
          message: activity.message,
          url,
          footer: unsubscribeFooter(
            platform,
            { userId: receiver.id, email: receiver.email },
            activity.type,
            now,
          ),
        }),
      );
    },
  };
}
