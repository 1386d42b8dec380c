import type { ActivityType } from '@plaza/core/notifications';

/** The feed's page. */
export const ACTIVITY_HREF = '/profile/activity';
/** The notification settings page. */
export const NOTIFICATIONS_HREF = '/profile/notifications';

export const ACTIVITY_FIELDS = `id type action to href message timeAgo createdAt highlighted
  creator { id username fullName image }
  suggestion { kind title description image options users { id username fullName image } }`;

export interface ActivityPersonView {
  id: number;
  username: string;
  fullName: string;
  image: string | null;
}

export interface ActivityView {
  id: number;
  type: ActivityType;
  action: string;
  to: string;
  href: string;
  message: string;
  timeAgo: string;
  createdAt: string;
  highlighted: boolean;
  creator: ActivityPersonView | null;
  suggestion: {
    kind: 'GROUP' | 'PLAN' | 'POLL';
    title: string;
    description: string | null;
    image: string | null;
    options: string[] | null;
    users: ActivityPersonView[];
  } | null;
}

export interface ActivityPage {
  activities: ActivityView[];
  unreadCount: number;
  lastChecked: string | null;
  nextMarker: string | null;
}

/** Only paths inside Plaza are followed from an activity (a stored href is never trusted blindly). */
export function safeActivityHref(href: string): string {
  return href.startsWith('/') && !href.startsWith('//') ? href : '/profile/activity';
}

/** The feed's day headings: Today, Yesterday, This week, Earlier. */
export function activityPeriod(
  createdAt: string,
  now: Date,
): 'Today' | 'Yesterday' | 'This week' | 'Earlier' {
  const at = new Date(createdAt);
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  if (at.getTime() >= startOfToday) return 'Today';
  if (at.getTime() >= startOfToday - 86_400_000) return 'Yesterday';
  if (at.getTime() >= startOfToday - 6 * 86_400_000) return 'This week';
  return 'Earlier';
}
