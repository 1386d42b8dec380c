import { describe, expect, it } from 'vitest';
import { decodeEntities } from './html-entities.ts';
import { parsePageMeta } from './parse-meta.ts';

const PAGE = 'https://example.org/blog/post?id=1';

describe('parsePageMeta', () => {
  it('prefers Open Graph, decodes entities and makes the image absolute', () => {
    const html = `<!doctype html><html><head>
      <title>Plain &amp; simple</title>
      <meta property="og:title" content="Caf&eacute; &quot;Plaza&quot; &#8212; opening&#x21;">
      <META PROPERTY='og:description' CONTENT='Meet   people
        in real life.'>
      <meta property=og:image content=/img/cover.jpg>
      <meta property="og:site_name" content="Plaza Blog" />
      <meta name="description" content="ignored: og wins">
    </head><body></body></html>`;
    expect(parsePageMeta(html, PAGE)).toEqual({
      title: 'Café "Plaza" — opening!',
      description: 'Meet people in real life.',
      image: 'https://example.org/img/cover.jpg',
      siteName: 'Plaza Blog',
    });
  });

  it('falls back to Twitter cards, then <title> and meta description', () => {
    expect(
      parsePageMeta(
        `<meta name="twitter:title" content="Card title"><meta name="twitter:image" content="//cdn.example.org/a.png">
         <title>Page</title><meta name="description" content="About it">`,
        PAGE,
      ),
    ).toEqual({
      title: 'Card title',
      description: 'About it',
      image: 'https://cdn.example.org/a.png',
      siteName: null,
    });
    expect(parsePageMeta('<title>\n  Only a title  </title>', PAGE)).toEqual({
      title: 'Only a title',
      description: null,
      image: null,
      siteName: null,
    });
  });

  it('ignores tags inside comments, scripts and styles, and never takes javascript: or data: images', () => {
    const html = `<!-- <meta property="og:title" content="commented"> -->
      <script>document.write('<meta property="og:title" content="scripted">')</script>
      <style>/* <title>styled</title> */</style>
      <meta property="og:image" content="javascript:alert(1)">
      <meta name="twitter:image" content="data:image/png;base64,AAAA">
      <title>Real</title>`;
    expect(parsePageMeta(html, PAGE)).toEqual({
      title: 'Real',
      description: null,
      image: null,
      siteName: null,
    });
  });

  it('trims long text with an ellipsis and survives broken markup', () => {
    const long = 'word '.repeat(400);
    const meta = parsePageMeta(`<meta property="og:description" content="${long}"><title>Unclosed`, PAGE);
    expect(meta.description!.length).toBeLessThanOrEqual(1000);
    expect(meta.description!.endsWith('…')).toBe(true);
    expect(meta.title).toBe('Unclosed');
    expect(parsePageMeta('<meta property="og:title" content="x', PAGE).title).toBeNull();
    expect(parsePageMeta('', PAGE)).toEqual({ title: null, description: null, image: null, siteName: null });
    expect(parsePageMeta('<meta property="og:title" content="   ">', PAGE).title).toBeNull();
  });
});

describe('decodeEntities', () => {
  it('decodes numeric and common named references and leaves the rest', () => {
    expect(decodeEntities('&lt;b&gt; &#39;x&#39; &#x1F600; &hellip; &unknown; &amp;amp')).toBe(
      "<b> 'x' 😀 … &unknown; &amp",
    );
    expect(decodeEntities('&#0; &#xD800; &#99999999;')).toBe('\ufffd \ufffd \ufffd');
  });
});
