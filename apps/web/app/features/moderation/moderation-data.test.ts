import { describe, expect, it } from 'vitest';
import { actionsFor, statusFromSearch, type ModeratedContent } from './moderation-data.ts';

const content = (over: Partial<ModeratedContent> = {}): ModeratedContent => ({
  type: 'EVENT',
  typeId: 1,
  key: 'abcdefghij',
  title: 'Picnic',
  text: '',
  path: '/picnic/abcdefghij',
  place: null,
  hiddenAt: null,
  exploreStatus: 'ENABLED',
  authorSuspendedAt: null,
  author: { id: 2, username: 'ana', fullName: 'Ana', image: null },
  ...over,
});

const actions = (item: Parameters<typeof actionsFor>[0]) => actionsFor(item).map((b) => b.action);

describe('the actions offered for a queue item', () => {
  it('follow the content as it is now', () => {
    expect(actions({ type: 'EVENT', status: 'OPEN', content: content() })).toEqual([
      'HIDE',
      'BLOCK_EXPLORE',
      'SUSPEND_USER',
      'DISMISS',
    ]);
    expect(
      actions({
        type: 'EVENT',
        status: 'RESOLVED',
        content: content({
          hiddenAt: '2026-11-23T10:00:00Z',
          exploreStatus: 'BLOCKED',
          authorSuspendedAt: 'x',
        }),
      }),
    ).toEqual(['UNHIDE', 'ENABLE_EXPLORE', 'UNSUSPEND_USER']);
  });

  it('never offer explore for people or messages, nor suspending a deleted author', () => {
    expect(
      actions({
        type: 'CHAT_MESSAGE',
        status: 'OPEN',
        content: content({ type: 'CHAT_MESSAGE', author: null }),
      }),
    ).toEqual(['HIDE', 'DISMISS']);
    expect(actions({ type: 'USER', status: 'DISMISSED', content: content({ type: 'USER' }) })).toEqual([
      'HIDE',
      'SUSPEND_USER',
    ]);
  });

  it('only dismiss what is gone, and only while open', () => {
    expect(actions({ type: 'GROUP', status: 'OPEN', content: null })).toEqual(['DISMISS']);
    expect(actions({ type: 'GROUP', status: 'RESOLVED', content: null })).toEqual([]);
  });
});

describe('the queue tab of an address', () => {
  it('reads ?status=, open by default', () => {
    expect(statusFromSearch(new URLSearchParams(''))).toBe('OPEN');
    expect(statusFromSearch(new URLSearchParams('status=resolved'))).toBe('RESOLVED');
    expect(statusFromSearch(new URLSearchParams('status=DISMISSED'))).toBe('DISMISSED');
    expect(statusFromSearch(new URLSearchParams('status=nonsense'))).toBe('OPEN');
  });
});
