export interface GroupAuditEvent {
  id: number;
  action: string;
  createdAt: string;
  actor: { fullName: string; username: string } | null;
  subject: { fullName: string; username: string } | null;
  details: Record<string, unknown> | null;
}

export const AUDIT_FIELDS =
  'id action createdAt details actor { fullName username } subject { fullName username }';

/** One line of the audit log in words, for the admins who read it (spec 3's event names). */
export function auditSentence(event: GroupAuditEvent): string {
  const actor = event.actor?.fullName ?? 'Someone';
  const subject = event.subject?.fullName ?? 'someone';
  const isSelf = event.actor && event.subject && event.actor.username === event.subject.username;
  const role = typeof event.details?.role === 'string' ? event.details.role : 'a role';
  switch (event.action) {
    case 'group.user.add':
      return isSelf ? `${subject} joined` : `${actor} added ${subject}`;
    case 'group.user.approve':
      return `${actor} approved ${subject}’s request to join`;
    case 'group.user.remove':
      return isSelf ? `${subject} left` : `${actor} removed ${subject}`;
    case 'group.update':
      return `${actor} changed the group’s settings`;
    case 'group.delete':
      return `${actor} deleted the group`;
    case 'group.role.user.grant':
      return `${actor} made ${subject} ${role === 'admin' ? 'an admin' : role === 'moderator' ? 'a moderator' : role}`;
    case 'group.role.user.revoke':
      return `${actor} took back ${subject}’s role`;
    case 'group.event.send':
      return `${actor} shared a plan with the group`;
    default:
      return `${actor}: ${event.action}`;
  }
}
