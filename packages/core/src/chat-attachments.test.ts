import { describe, expect, it } from 'vitest';
import { attachmentPermission, checkMemixCaptions, maySendMessage } from './chat-attachments.ts';
import { NO_CHAT_PERMISSIONS, type ChatPermissions } from './chat-permissions.ts';

describe('attachmentPermission', () => {
  it.each([
    ['image', false, 'image'],
    ['image', true, 'threadImage'],
    ['video', false, 'video'],
    ['video', true, 'threadVideo'],
    ['audio', false, 'audio'],
    ['audio', true, 'threadAudio'],
    ['irl/poll', false, 'pollCreate'],
    ['irl/poll', true, 'threadPollCreate'],
    ['irl/prompt', false, 'promptCreate'],
    ['irl/prompt', true, null],
    ['irl/memix', false, 'memix'],
    ['irl/memix', true, 'threadMemix'],
    ['irl/event', false, 'sendMessage'],
    ['irl/event', true, 'threadMessage'],
  ] as const)('%s in a thread: %s needs %s', (kind, inThread, needed) => {
    expect(attachmentPermission(kind, inThread)).toBe(needed);
  });
});

describe('maySendMessage', () => {
  const writer: ChatPermissions = { ...NO_CHAT_PERMISSIONS, read: true, sendMessage: true };

  it('needs the message permission of the main chat or of threads', () => {
    expect(maySendMessage(writer, [], false)).toBe(true);
    expect(maySendMessage(writer, [], true)).toBe(false);
    expect(maySendMessage({ ...writer, threadMessage: true }, [], true)).toBe(true);
    expect(maySendMessage({ ...NO_CHAT_PERMISSIONS, read: true }, [], false)).toBe(false);
  });

  it('needs each attachment kind’s permission as well', () => {
    expect(maySendMessage(writer, ['image'], false)).toBe(false);
    expect(maySendMessage({ ...writer, image: true }, ['image'], false)).toBe(true);
    expect(maySendMessage({ ...writer, image: true }, ['image', 'audio'], false)).toBe(false);
    const threads = { ...writer, threadMessage: true, image: true, promptCreate: true };
    expect(maySendMessage(threads, ['image'], true)).toBe(false);
    expect(maySendMessage(threads, ['irl/prompt'], true)).toBe(false);
  });
});

describe('checkMemixCaptions', () => {
  it('trims the captions and needs at least one', () => {
    expect(checkMemixCaptions('  when the train is late ', '')).toEqual({
      top: 'when the train is late',
      bottom: '',
    });
    expect(checkMemixCaptions(' ', '\n')).toBe('Write a caption above or below the picture.');
  });

  it('keeps each caption to 80 characters', () => {
    expect(checkMemixCaptions('a'.repeat(80), 'b'.repeat(80))).toEqual({
      top: 'a'.repeat(80),
      bottom: 'b'.repeat(80),
    });
    expect(checkMemixCaptions('a'.repeat(81), '')).toBe('Keep each caption to 80 characters.');
  });
});
