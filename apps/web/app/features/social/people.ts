import type { FriendshipStatus } from '@plaza/core/friendship';

/** The fields every people list and card asks for. */
export const PERSON_FIELDS = 'id username fullName image isPublic isVerified friendshipStatus';

export interface PersonCard {
  id: number;
  username: string;
  fullName: string;
  image: string | null;
  isPublic: boolean;
  isVerified: boolean;
  friendshipStatus: FriendshipStatus;
}

/** The sections of a public profile (spec 2.1 and 2.4): the path below `/<username>` of each. */
export const PROFILE_SECTIONS = [
  { id: 'user', label: 'Profile', path: '' },
  { id: 'events', label: 'Plans', path: '/events' },
  { id: 'groups', label: 'Groups', path: '/groups' },
  { id: 'friends', label: 'Friends', path: '/friends' },
] as const;

export type ProfileSection = (typeof PROFILE_SECTIONS)[number]['id'];

export function profileHref(username: string, section: ProfileSection = 'user'): string {
  const found = PROFILE_SECTIONS.find((s) => s.id === section);
  return `/${encodeURIComponent(username)}${found?.path ?? ''}`;
}
