import type { FriendshipStatus } from '@plaza/core/friendship';
import type { GroupPermissions } from '@plaza/core/group-roles';

/** What a group card shows, in lists. */
export const GROUP_CARD_FIELDS = 'id key slug title image description isPublic memberCount shareUrl';

export interface GroupCard {
  id: number;
  key: string;
  slug: string;
  title: string;
  image: string | null;
  description: string;
  isPublic: boolean;
  memberCount: number;
  /** The group's address on its app host, which may be another Plaza host than this one. */
  shareUrl: string;
}

const PERMISSION_FIELDS =
  'view join requestToJoin leave invite createPlan manageRequests removeMembers removePlans update manageRoles readAudit delete checkout';

/** Everything the group page shows; permissions come from the server (decision 0007). */
export const GROUP_PAGE_FIELDS = `${GROUP_CARD_FIELDS} hasJoinRequests memberCountRequests planCount
  exploreStatus viewerStatus viewerRole chatKey notificationsMutedUntil hiddenByModerator
  creator { id fullName username image }
  hashtags { name emoji }
  location { name address city state }
  payment { price recurrence }
  pivot { friendCount friendSample { id fullName username image } }
  permissions { ${PERMISSION_FIELDS} }`;

export interface GroupMemberPerson {
  id: number;
  username: string;
  fullName: string;
  image: string | null;
  isPublic: boolean;
  isVerified: boolean;
  friendshipStatus: FriendshipStatus;
}

export const MEMBER_FIELDS =
  'role status joinDate user { id username fullName image isPublic isVerified friendshipStatus }';

export interface GroupMember {
  role: string;
  status: string;
  joinDate: string;
  user: GroupMemberPerson;
}

export interface GroupPage extends GroupCard {
  hasJoinRequests: boolean;
  memberCountRequests: number | null;
  planCount: number | null;
  exploreStatus: string;
  /** A moderator hid it (decision 0018): only its creator and site administrators see it. */
  hiddenByModerator: boolean;
  viewerStatus: string | null;
  viewerRole: string | null;
  chatKey: string | null;
  /** Until when the viewer muted push and e-mail about it (9999 for always); null if not muted. */
  notificationsMutedUntil: string | null;
  creator: { id: number; fullName: string; username: string; image: string | null } | null;
  hashtags: Array<{ name: string; emoji: string | null }>;
  location: { name: string | null; address: string | null; city: string | null; state: string | null } | null;
  payment: { price: number; recurrence: string | null } | null;
  pivot: {
    friendCount: number;
    friendSample: Array<{ id: number; fullName: string; username: string; image: string | null }>;
  };
  permissions: Pick<GroupPermissions, keyof GroupPermissions> | null;
}

/** The group page's address (spec 2.1): /group/<slug>/<key>. */
export function groupHref(group: { slug: string; key: string }, child = ''): string {
  return `/group/${encodeURIComponent(group.slug || 'group')}/${encodeURIComponent(group.key)}${child ? `/${child}` : ''}`;
}

/** The hash that opens the group edit modal (spec 2.3). */
export function groupEditHash(key: string): string {
  return `#modal:group:edit:${key}`;
}

export const ROLE_LABELS: Record<string, string> = {
  owner: 'Owner',
  admin: 'Admin',
  moderator: 'Moderator',
  member: 'Member',
};
