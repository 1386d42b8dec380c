import { describe, expect, it } from 'vitest';
import { parseHashtags } from './group-save.server.ts';

describe('parseHashtags', () => {
  it('reads words with an optional emoji after them, dropping # and empty parts', () => {
    expect(parseHashtags('#hiking 🥾, outdoors, , coffee☕')).toEqual([
      { name: 'hiking', emoji: '🥾' },
      { name: 'outdoors' },
      { name: 'coffee', emoji: '☕' },
    ]);
  });

  it('keeps an emoji made of several code points whole', () => {
    expect(parseHashtags('family 👨‍👩‍👧')).toEqual([{ name: 'family', emoji: '👨‍👩‍👧' }]);
  });

  it('drops a part that is only an emoji, since a hashtag needs a name', () => {
    expect(parseHashtags('🎉, board games')).toEqual([{ name: 'board games' }]);
  });
});
