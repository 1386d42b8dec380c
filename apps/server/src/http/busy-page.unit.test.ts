import { BUSY_MESSAGE } from '@plaza/core/error-messages';
import { describe, expect, it } from 'vitest';
import { busyPageHtml } from './busy-page.ts';

describe('busyPageHtml', () => {
  it('says the server is busy and offers the same address again', () => {
    const html = busyPageHtml('/picnic-in-the-park/k3y?ref=share');
    expect(html).toContain('<h1>Something unexpected happened</h1>');
    expect(html).toContain(BUSY_MESSAGE);
    expect(html).toContain('<a class="again" href="/picnic-in-the-park/k3y?ref=share">Try again</a>');
    expect(html).not.toContain('<script');
  });

  it('escapes the address and keeps the button on this site', () => {
    expect(busyPageHtml('/s/"><img src=x onerror=alert(1)>')).toContain(
      'href="/s/&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"',
    );
    expect(busyPageHtml('//evil.example/path')).toContain('<a class="again" href="/">Try again</a>');
    expect(busyPageHtml('https://evil.example/')).toContain('<a class="again" href="/">Try again</a>');
  });
});
