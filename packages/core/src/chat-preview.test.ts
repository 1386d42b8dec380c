import { describe, expect, it } from 'vitest';
import { lastChatPreview, lastChatTime } from './chat-preview.ts';

const NOW = Date.parse('2026-11-23T15:00:00Z');

describe('lastChatTime (spec 4)', () => {
  it('shows the clock time for a message from today', () => {
    expect(lastChatTime(Date.parse('2026-11-23T09:05:00Z'), NOW)).toBe('9:05 AM');
  });

  it('shows month and day for an older message', () => {
    expect(lastChatTime(Date.parse('2026-11-21T23:00:00Z'), NOW)).toBe('Nov 21');
  });

  it('decides "today" in the reader’s zone, not in UTC', () => {
    const lateLastNight = Date.parse('2026-11-23T02:00:00Z'); // 21:00 on Nov 22 in New York
    expect(lastChatTime(lateLastNight, NOW, 'UTC')).toBe('2:00 AM');
    expect(lastChatTime(lateLastNight, NOW, 'America/New_York')).toBe('Nov 22');
  });
});

describe('lastChatPreview (spec 4)', () => {
  const at = Date.parse('2026-11-23T10:00:00Z');

  it('keeps the text on one line', () => {
    expect(lastChatPreview({ text: ' Tacos\n\nFriday? ', timestamp: at }, NOW)).toEqual({
      when: '10:00 AM',
      text: 'Tacos Friday?',
      showsCamera: false,
    });
  });

  it('says "Image!" with a camera for a picture without text', () => {
    expect(lastChatPreview({ text: '', timestamp: at, hasPicture: true }, NOW)).toMatchObject({
      text: 'Image!',
      showsCamera: true,
    });
  });

  it('says "GIF!" for an animated picture', () => {
    expect(lastChatPreview({ text: '', timestamp: at, hasPicture: true, isGiphy: true }, NOW).text).toBe(
      'GIF!',
    );
  });

  it('prefers the text when a picture comes with words', () => {
    expect(lastChatPreview({ text: 'Look!', timestamp: at, hasPicture: true }, NOW)).toMatchObject({
      text: 'Look!',
      showsCamera: false,
    });
  });

  it('names other attachment kinds without text', () => {
    expect(lastChatPreview({ text: '', timestamp: at, attachmentKind: 'audio' }, NOW).text).toBe(
      'Voice message',
    );
    expect(lastChatPreview({ text: '', timestamp: at, attachmentKind: 'irl/unknown' }, NOW).text).toBe('');
  });
});
