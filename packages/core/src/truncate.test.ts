import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { ELLIPSIS, truncate, truncateWords } from './truncate.ts';

const anyText = fc.string({ unit: 'grapheme', maxLength: 80 });
const words = fc
  .array(fc.stringMatching(/^(?:[a-zé]|😀){1,8}$/), { maxLength: 12 })
  .map((list) => list.join(' '));
const maxLength = fc.integer({ min: 0, max: 100 });

function hasLoneSurrogate(text: string): boolean {
  return /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);
}

describe.each([
  ['truncate', truncate],
  ['truncateWords', truncateWords],
])('%s', (_name, cut) => {
  it('leaves text that fits unchanged', () => {
    expect(cut('Sunday hike', 11)).toBe('Sunday hike');
    expect(cut('', 0)).toBe('');
  });

  it('gives nothing for a limit below one', () => {
    expect(cut('Sunday hike', 0)).toBe('');
    expect(cut('Sunday hike', -3)).toBe('');
  });

  it('treats an infinite limit as no limit and NaN as zero', () => {
    expect(cut('Sunday hike', Infinity)).toBe('Sunday hike');
    expect(cut('Sunday hike', Number.NaN)).toBe('');
  });

  it('never exceeds the limit', () => {
    fc.assert(fc.property(anyText, maxLength, (text, max) => cut(text, max).length <= max));
  });

  it('keeps a prefix of the text and marks a cut with one ellipsis', () => {
    fc.assert(
      fc.property(anyText, maxLength, (text, max) => {
        const result = cut(text, max);
        if (result === text) return true;
        if (result === '') return max === 0;
        return result.endsWith(ELLIPSIS) && text.startsWith(result.slice(0, -1));
      }),
    );
  });

  it('never splits an emoji', () => {
    fc.assert(
      fc.property(
        anyText,
        maxLength,
        (text, max) => hasLoneSurrogate(text) || !hasLoneSurrogate(cut(text, max)),
      ),
    );
    expect(cut('ab😀cd', 4)).toBe('ab…');
  });

  it('returns text unchanged exactly when it fits', () => {
    fc.assert(
      fc.property(anyText, maxLength, (text, max) => (cut(text, max) === text) === text.length <= max),
    );
  });
});

describe('truncate', () => {
  it('cuts to the limit with a single-character ellipsis', () => {
    expect(truncate('Sunday hike in the hills', 10)).toBe('Sunday hi…');
    expect(truncate('abcdef', 1)).toBe(ELLIPSIS);
    expect(ELLIPSIS).toHaveLength(1);
  });

  it('drops whitespace before the ellipsis', () => {
    expect(truncate('Sunday hike', 8)).toBe('Sunday…');
  });
});

describe('truncateWords', () => {
  it('cuts at the last word boundary', () => {
    expect(truncateWords('Sunday hike in the hills', 15)).toBe('Sunday hike in…');
    expect(truncateWords('Sunday hike in the hills', 14)).toBe('Sunday hike…');
    expect(truncateWords('Sunday hike in the hills', 12)).toBe('Sunday hike…');
    expect(truncateWords('Sunday hike in the hills', 11)).toBe('Sunday…');
  });

  it('cuts inside a first word longer than the limit', () => {
    expect(truncateWords('Supercalifragilistic day', 8)).toBe('Superca…');
  });

  it('shows only whole words', () => {
    fc.assert(
      fc.property(words, maxLength, (text, max) => {
        const result = truncateWords(text, max);
        if (result === text || result === '') return true;
        const shown = result.slice(0, -1).split(' ');
        const original = text.split(' ');
        // Every shown word is whole, except a single first word cut because nothing else fits.
        return shown.length === 1 && shown[0] !== original[0]
          ? (original[0] ?? '').startsWith(shown[0] ?? '')
          : shown.every((word, index) => word === original[index]);
      }),
    );
  });
});
