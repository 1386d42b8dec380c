import type { FriendshipAction } from '@plaza/core/friendship';
import type { TiePair } from '@plaza/core/friendship-transitions';
import { recordActivity, type ActivityInput } from '../record-activity.ts';
import {
  afterCommit,
  friendsPath,
  loadNamedUser,
  nameOf,
  profilePath,
  settleActivities,
  type TriggerPlatform,
} from './trigger-support.ts';

/** One key per asker: a request, re-asked after a cancel, is one row; so is a follow, re-followed. */
export const followRequestKey = (askerId: number) => `follow-request:${askerId}`;
const followKey = (followerId: number) => `follow:${followerId}`;
const acceptedKey = (accepterId: number) => `follow-accepted:${accepterId}`;

/**
 * Tells the other person what a friendship action did (decision 0006's transitions; `before` and
 * `after` are the pair's ties seen from the actor). A new request reaches the person asked; a
 * request answered or withdrawn no longer counts in anyone's badge; an accepted request, a follow
 * back and a new follower reach the person concerned.
 */
export async function friendshipActivities(
  platform: TriggerPlatform,
  actorId: number,
  targetId: number,
  action: FriendshipAction,
  before: TiePair,
  after: TiePair,
): Promise<void> {
  await afterCommit(platform, 'friendship', async () => {
    // The actor withdrew their request (CANCEL, or a block): it never was, for the person asked.
    if (before.out === 'REQUESTED' && after.out !== 'REQUESTED')
      await settleActivities(platform, [targetId], followRequestKey(actorId), 'delete');
    // The actor answered the target's request (accepted, ignored or blocked): it is dealt with.
    if (before.in === 'REQUESTED' && after.in !== 'REQUESTED')
      await settleActivities(platform, [actorId], followRequestKey(targetId), 'read');
    // A "wants to be your friend" of a public profile is a follow: unfollowing takes it back,
    // following back answers it.
    if (before.out === 'FOLLOWING' && after.out !== 'FOLLOWING')
      await settleActivities(platform, [targetId], followRequestKey(actorId), 'delete');
    if (before.in === 'FOLLOWING' && before.out !== 'FOLLOWING' && after.out === 'FOLLOWING')
      await settleActivities(platform, [actorId], followRequestKey(targetId), 'read');

    const actor = await loadNamedUser(platform.store.db, actorId);
    if (!actor) return;
    const name = nameOf(actor);
    const about = { receiverId: targetId, creatorId: actorId, model: { type: 'User' as const, id: actorId } };
    let input: ActivityInput | null = null;
    if (before.out !== 'REQUESTED' && after.out === 'REQUESTED') {
      // "Add friend" and "Ask to follow" on a private profile both ask; accepting makes friends.
      input =
        action === 'FRIENDS'
          ? {
              ...about,
              type: 'FRIEND_REQUEST',
              action: 'requested',
              to: name,
              href: friendsPath(),
              message: `${name} wants to be your friend`,
              collapseKey: followRequestKey(actorId),
            }
          : {
              ...about,
              type: 'FOLLOW_REQUEST',
              action: 'requested',
              to: name,
              href: friendsPath(),
              message: `${name} asked to follow you`,
              collapseKey: followRequestKey(actorId),
            };
    } else if (before.in === 'REQUESTED' && after.in === 'FOLLOWING') {
      // The actor let the target follow them (ACCEPT), and followed back too (FRIENDS).
      const friends = after.out === 'FOLLOWING';
      input = {
        ...about,
        type: friends ? 'FRIEND_ACCEPTED' : 'FOLLOW_ACCEPTED',
        action: 'accepted',
        to: name,
        href: profilePath(actor),
        message: friends ? `${name} accepted your friend request` : `${name} accepted your follow request`,
        collapseKey: acceptedKey(actorId),
      };
    } else if (before.out !== 'FOLLOWING' && after.out === 'FOLLOWING') {
      if (after.in === 'FOLLOWING') {
        // The target already followed the actor: following back makes them friends.
        input = {
          ...about,
          type: 'FRIEND_ACCEPTED',
          action: 'accepted',
          to: name,
          href: profilePath(actor),
          message: `${name} followed you back: you are friends now`,
          collapseKey: acceptedKey(actorId),
        };
      } else if (action === 'FRIENDS') {
        // A public profile is followed at once; following back makes friends.
        input = {
          ...about,
          type: 'FRIEND_REQUEST',
          action: 'requested',
          to: name,
          href: friendsPath('followers'),
          message: `${name} wants to be your friend`,
          collapseKey: followRequestKey(actorId),
        };
      } else {
        input = {
          ...about,
          type: 'FOLLOW',
          action: 'followed',
          to: name,
          href: profilePath(actor),
          message: `${name} started following you`,
          collapseKey: followKey(actorId),
        };
      }
    }
    if (input) await recordActivity(platform, input);
  });
}
