import type { RouterContextProvider } from 'react-router';
import { plazaContext } from '../../context.ts';
import { mutationOutcome } from '../../graphql/mutation-outcome.ts';

export interface GroupActionResult {
  intent: string;
  ok: boolean;
  message: string;
  field?: string | null;
}

const MUTATIONS: Record<string, { query: string; done: string }> = {
  join: { query: 'mutation Join($id: ID!) { joinGroup(id: $id) { viewerStatus } }', done: 'Welcome in.' },
  leave: { query: 'mutation Leave($id: ID!) { leaveGroup(id: $id) }', done: 'You left the group.' },
  approve: {
    query:
      'mutation Answer($id: ID!, $userId: Int!) { updateGroupMemberJoinStatus(id: $id, userId: $userId, status: true) }',
    done: 'Request approved.',
  },
  decline: {
    query:
      'mutation Answer($id: ID!, $userId: Int!) { updateGroupMemberJoinStatus(id: $id, userId: $userId, status: false) }',
    done: 'Request declined.',
  },
  remove: {
    query: 'mutation Remove($id: ID!, $userId: Int!) { removeGroupMember(id: $id, userId: $userId) }',
    done: 'Removed from the group.',
  },
  grant: {
    query:
      'mutation Role($id: ID!, $userId: Int!, $role: String!) { updateGroupMemberRole(id: $id, userId: $userId, role: $role) }',
    done: 'Role given.',
  },
  revoke: {
    query:
      'mutation Role($id: ID!, $userId: Int!, $role: String!) { updateGroupMemberRole(id: $id, userId: $userId, role: $role, revoke: true) }',
    done: 'Role taken back.',
  },
  removePlan: {
    query: 'mutation RemovePlan($id: ID!, $planId: Int!) { removeGroupPlan(id: $id, planId: $planId) }',
    done: 'The plan was removed from the group.',
  },
  delete: { query: 'mutation Delete($id: ID!) { deleteGroup(id: $id) }', done: 'The group was deleted.' },
};

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * The membership forms of a group page (join, leave, answer requests, remove, roles, remove a
 * plan, delete),
 * run as the signed-in visitor; the server decides who may (decision 0007) and says why not.
 */
export async function runGroupAction(
  form: FormData,
  groupId: number,
  context: Readonly<RouterContextProvider>,
): Promise<GroupActionResult> {
  const intent = text(form, 'intent');
  const mutation = MUTATIONS[intent];
  if (!mutation) return { intent, ok: false, message: 'That action is not possible.' };
  const userId = Number(text(form, 'userId'));
  const variables: Record<string, unknown> = { id: String(groupId) };
  if (mutation.query.includes('$userId')) {
    if (!Number.isInteger(userId) || userId < 1) return { intent, ok: false, message: 'Choose a member.' };
    variables.userId = userId;
  }
  if (mutation.query.includes('$planId')) {
    const planId = Number(text(form, 'planId'));
    if (!Number.isInteger(planId) || planId < 1) return { intent, ok: false, message: 'Choose a plan.' };
    variables.planId = planId;
  }
  if (mutation.query.includes('$role')) variables.role = text(form, 'role');
  const result = await context.get(plazaContext).graphql(mutation.query, variables);
  const outcome = mutationOutcome(result);
  if (outcome.ok) {
    const joined = (result.data as { joinGroup?: { viewerStatus: string | null } } | null)?.joinGroup;
    const message =
      joined?.viewerStatus === 'requested' ? 'Request sent. A moderator will answer soon.' : mutation.done;
    return { intent, ok: true, message };
  }
  return { intent, ok: false, message: outcome.message, field: outcome.field };
}
