import { describe, expect, it } from 'vitest';
import { chatManagement } from './chat-manage.ts';
import { GROUP_ROLES } from './group-roles.ts';

describe('chatManagement', () => {
  it('lets either person remove a direct message; nobody slows one', () => {
    expect(chatManagement({ type: 'd', read: true })).toEqual({ remove: true, setRateLimit: false });
  });

  it.each([
    ['owner', { remove: true, setRateLimit: true }],
    ['admin', { remove: true, setRateLimit: true }],
    ['moderator', { remove: false, setRateLimit: true }],
    ['member', { remove: false, setRateLimit: false }],
    [null, { remove: false, setRateLimit: false }],
  ] as const)('group role %s', (role, expected) => {
    expect(chatManagement({ type: 'g', read: true, groupRole: role })).toEqual(expected);
  });

  it('covers every group role', () => {
    for (const role of GROUP_ROLES)
      expect(chatManagement({ type: 'g', read: true, groupRole: role })).toHaveProperty('remove');
  });

  it('gives a plan chat to its creator only', () => {
    expect(chatManagement({ type: 'p', read: true, isPlanCreator: true })).toEqual({
      remove: true,
      setRateLimit: true,
    });
    expect(chatManagement({ type: 'p', read: true, isPlanCreator: false })).toEqual({
      remove: false,
      setRateLimit: false,
    });
  });

  it('gives nothing to someone who may not read the chat', () => {
    for (const type of ['d', 'g', 'p'] as const)
      expect(chatManagement({ type, read: false, groupRole: 'owner', isPlanCreator: true })).toEqual({
        remove: false,
        setRateLimit: false,
      });
  });
});
