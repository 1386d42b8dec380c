import { describe, expect, it } from 'vitest';
import { appHostLink } from './app-host-link.ts';

describe('appHostLink', () => {
  const here = 'https://plaza.example';

  it('keeps a link on the same host as a path', () => {
    expect(appHostLink('https://plaza.example/group/hikers/abc12345?k=1#top', here)).toBe(
      '/group/hikers/abc12345?k=1#top',
    );
    expect(appHostLink('/group/hikers/abc12345', here)).toBe('/group/hikers/abc12345');
  });

  it('sends a link to another app host through its login page with cookie-sync, path and hash encoded', () => {
    expect(appHostLink('https://clubs.example/group/hikers/abc12345#modal:group:edit:abc12345', here)).toBe(
      'https://clubs.example/login?cookie-sync=1&redirect-to=%2Fgroup%2Fhikers%2Fabc12345%23modal%3Agroup%3Aedit%3Aabc12345',
    );
  });

  it('leaves other schemes alone', () => {
    expect(appHostLink('mailto:hello@plaza.example', here)).toBe('mailto:hello@plaza.example');
  });
});
