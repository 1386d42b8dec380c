import { describe, expect, it } from 'vitest';
import { showsFooter } from './footer-visibility.ts';

describe('showsFooter', () => {
  it('hides the footer on the chat home and every chat route', () => {
    for (const path of [
      '/chat',
      '/chat/',
      '/chat/d',
      '/chat/p/k3y12345/thread',
      '/chat/s/abc',
      '/Chat/g/x',
    ]) {
      expect(showsFooter(path), path).toBe(false);
    }
  });

  it('keeps it everywhere else, including paths that only start with "chat"', () => {
    for (const path of ['/', '/faq', '/chatter', '/group/chat/abc12345', '/s/chat']) {
      expect(showsFooter(path), path).toBe(true);
    }
  });
});
