import { describe, expect, it } from 'vitest';
import { deepLinkTargets } from './deep-link-targets.ts';

describe('deepLinkTargets', () => {
  it('opens the home page for a bare /deeplink', () => {
    expect(deepLinkTargets(undefined, '')).toEqual({ webPath: '/', appUrl: 'plaza://' });
  });

  it('keeps the key path and passes the query through, k included', () => {
    expect(deepLinkTargets('group/board-games/abc12345', '?g=abc12345&k=XyZ')).toEqual({
      webPath: '/group/board-games/abc12345?g=abc12345&k=XyZ',
      appUrl: 'plaza://group/board-games/abc12345?g=abc12345&k=XyZ',
    });
    expect(deepLinkTargets('maria', 'username=maria').webPath).toBe('/maria?username=maria');
  });

  it('never leads off the site', () => {
    expect(deepLinkTargets('//evil.example/x', '').webPath).toBe('/');
    expect(deepLinkTargets('https://evil.example', '').webPath).toBe('/');
    expect(deepLinkTargets('\\evil.example', '').webPath).toBe('/');
    expect(deepLinkTargets('a b', '').webPath).toBe('/');
  });
});
