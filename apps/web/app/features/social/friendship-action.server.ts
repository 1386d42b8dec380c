import type { RouterContextProvider } from 'react-router';
import { isFriendshipAction, type FriendshipStatus } from '@plaza/core/friendship';
import { plazaContext } from '../../context.ts';
import { mutationOutcome } from '../../graphql/mutation-outcome.ts';

export const FRIENDSHIP_INTENT = 'friendship';

export type FriendshipActionResult =
  | { intent: typeof FRIENDSHIP_INTENT; ok: true; userId: number; status: FriendshipStatus }
  | { intent: typeof FRIENDSHIP_INTENT; ok: false; userId: number | null; message: string };

const UPDATE_FRIENDSHIP = `mutation UpdateFriendship($userId: Int!, $action: FriendshipAction!) {
  updateFriendship(userId: $userId, action: $action) { friendshipStatus }
}`;

/** Runs one friendship action of a page's form (fields userId and action) as the signed-in visitor. */
export async function runFriendshipAction(
  form: FormData,
  context: Readonly<RouterContextProvider>,
): Promise<FriendshipActionResult> {
  const userId = Number(form.get('userId'));
  const action = form.get('action');
  if (!Number.isInteger(userId) || userId < 1 || !isFriendshipAction(action)) {
    return { intent: FRIENDSHIP_INTENT, ok: false, userId: null, message: 'That action is not possible.' };
  }
  const result = await context
    .get(plazaContext)
    .graphql<{ updateFriendship: { friendshipStatus: FriendshipStatus } }>(UPDATE_FRIENDSHIP, {
      userId,
      action,
    });
  const outcome = mutationOutcome(result);
  if (outcome.ok && result.data?.updateFriendship) {
    return {
      intent: FRIENDSHIP_INTENT,
      ok: true,
      userId,
      status: result.data.updateFriendship.friendshipStatus,
    };
  }
  const message = outcome.ok
    ? 'Something went wrong. Please try again.'
    : outcome.code === 'RATE_LIMITED'
      ? 'Too many changes for now. Please wait a while and try again.'
      : outcome.code === 'CONFLICT'
        ? 'That changed in the meantime. Reload the page to see where you stand.'
        : outcome.message;
  return { intent: FRIENDSHIP_INTENT, ok: false, userId, message };
}
