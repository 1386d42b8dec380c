import { describe, it, expect, vi } from 'vitest';
import { memberNamesLabel, threadParticipantsLabel, type UserId } from './name-list.ts';

describe('memberNamesLabel', () => {
  it('lists up to 2 names', () => {
    expect(memberNamesLabel([])).toBe('');
    expect(memberNamesLabel(['Ana'])).toBe('Ana');
    expect(memberNamesLabel(['Ana', 'Bo'])).toBe('Ana and Bo');
  });

  it('adds "and N others" after 2 names', () => {
    expect(memberNamesLabel(['Ana', 'Bo', 'Cy', 'Di'])).toBe('Ana, Bo and 2 others');
    expect(memberNamesLabel(['Ana', 'Bo'], 12)).toBe('Ana, Bo and 10 others');
    expect(memberNamesLabel(['Ana'], 5)).toBe('Ana and 4 others');
  });

  it('says "1 other" for a single other member', () => {
    expect(memberNamesLabel(['Ana', 'Bo', 'Cy'])).toBe('Ana, Bo and 1 other');
  });

  it('uses "+N" when compact', () => {
    expect(memberNamesLabel(['Ana', 'Bo', 'Cy', 'Di'], 4, { compact: true })).toBe('Ana, Bo +2');
    expect(memberNamesLabel(['Ana', 'Bo'], 2, { compact: true })).toBe('Ana and Bo');
    expect(memberNamesLabel([], 3, { compact: true })).toBe('+3');
  });

  it('counts members whose names are unknown', () => {
    expect(memberNamesLabel([], 3)).toBe('3 others');
    expect(memberNamesLabel(['', 'Bo'], 2)).toBe('Bo and 1 other');
  });

  it('never counts fewer members than names', () => {
    expect(memberNamesLabel(['Ana', 'Bo', 'Cy'], 1)).toBe('Ana and Bo');
  });
});

describe('threadParticipantsLabel', () => {
  const usernames: Record<string, string> = { '1': 'plaza', '2': 'ana', '3': 'bo', '4': 'cy', '5': 'di' };
  const lookup = (id: UserId) => usernames[String(id)];
  const viewer = 9;

  it('says "only you" for the viewer alone', () => {
    expect(threadParticipantsLabel([9], viewer, lookup)).toBe('only you');
    expect(threadParticipantsLabel(['9'], viewer, lookup)).toBe('only you');
  });

  it('names users as @username and the viewer as you', () => {
    expect(threadParticipantsLabel([2], viewer, lookup)).toBe('@ana');
    expect(threadParticipantsLabel([9, 2], viewer, lookup)).toBe('you and @ana');
    expect(threadParticipantsLabel([2, 3], viewer, lookup)).toBe('@ana and @bo');
  });

  it('lists three users as "a, b and c"', () => {
    expect(threadParticipantsLabel([2, 9, 3], viewer, lookup)).toBe('@ana, you and @bo');
  });

  it('names only the first 2 of more than 3 users, and looks up only those', () => {
    const spy = vi.fn(lookup);
    expect(threadParticipantsLabel([2, 3, 4, 5], viewer, spy)).toBe('@ana, @bo and 2 others');
    expect(spy.mock.calls.map(([id]) => id)).toEqual([2, 3]);
    expect(threadParticipantsLabel([9, 2, 3, 4, 5], viewer, lookup)).toBe('you, @ana and 3 others');
  });

  it('counts unresolved users as others, singular for one', () => {
    expect(threadParticipantsLabel([2, 77], viewer, lookup)).toBe('@ana and 1 other');
    expect(threadParticipantsLabel([77, 2, 3, 4], viewer, lookup)).toBe('@ana and 3 others');
  });

  it('says "others" when no name resolves', () => {
    expect(threadParticipantsLabel([77, 78], viewer, lookup)).toBe('others');
    expect(threadParticipantsLabel([77, 78, 2, 3], viewer, lookup)).toBe('others');
  });

  it('counts a repeated user once and is empty without users', () => {
    expect(threadParticipantsLabel([2, 2, '2'], viewer, lookup)).toBe('@ana');
    expect(threadParticipantsLabel([], viewer, lookup)).toBe('');
  });

  it('does not double the @ of a username that has one', () => {
    expect(threadParticipantsLabel([2], viewer, () => '@ana')).toBe('@ana');
  });

  it('treats every user as someone else without a viewer', () => {
    expect(threadParticipantsLabel([9], null, () => 'zoe')).toBe('@zoe');
  });
});
