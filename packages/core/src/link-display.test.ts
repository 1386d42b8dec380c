import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { displayLink, linkify, unwrapLink } from './link-display.ts';

describe('unwrapLink', () => {
  it('unwraps a Google redirect', () => {
    expect(unwrapLink('https://www.google.com/url?q=https://example.com/page%3Fa%3D1&sa=D')).toBe(
      'https://example.com/page?a=1',
    );
    expect(unwrapLink('https://www.google.co.uk/url?url=https%3A%2F%2Fexample.com')).toBe(
      'https://example.com',
    );
  });

  it('unwraps a Facebook redirect', () => {
    expect(unwrapLink('https://l.facebook.com/l.php?u=https%3A%2F%2Fexample.com%2Fevent&h=AT0')).toBe(
      'https://example.com/event',
    );
    expect(unwrapLink('https://lm.facebook.com/l.php?u=http%3A%2F%2Fexample.org')).toBe('http://example.org');
  });

  it('unwraps other known wrappers by their generic parameter', () => {
    expect(unwrapLink('https://l.instagram.com/?u=https%3A%2F%2Fexample.com&e=x')).toBe(
      'https://example.com',
    );
    expect(unwrapLink('https://www.youtube.com/redirect?q=https%3A%2F%2Fexample.com')).toBe(
      'https://example.com',
    );
  });

  it('unwraps a wrapper inside a wrapper', () => {
    const inner = 'https://l.facebook.com/l.php?u=' + encodeURIComponent('https://example.com/x');
    expect(unwrapLink('https://www.google.com/url?q=' + encodeURIComponent(inner))).toBe(
      'https://example.com/x',
    );
  });

  it('leaves links on other hosts or paths alone', () => {
    expect(unwrapLink('https://example.com/url?q=https://elsewhere.com')).toBe(
      'https://example.com/url?q=https://elsewhere.com',
    );
    expect(unwrapLink('https://www.google.com/search?q=https://example.com')).toBe(
      'https://www.google.com/search?q=https://example.com',
    );
    expect(unwrapLink('https://evilgoogle.com/url?q=https://example.com')).toBe(
      'https://evilgoogle.com/url?q=https://example.com',
    );
  });

  it('does not unwrap to anything but a web address', () => {
    const wrapped = 'https://www.google.com/url?q=javascript:alert(1)';
    expect(unwrapLink(wrapped)).toBe(wrapped);
    expect(unwrapLink('https://www.google.com/url?q=plain%20words')).toBe(
      'https://www.google.com/url?q=plain%20words',
    );
  });

  it('leaves text that is no URL alone', () => {
    expect(unwrapLink('example.com/url?q=https://x.com')).toBe('example.com/url?q=https://x.com');
  });
});

describe('displayLink', () => {
  it('strips the scheme, a leading www. and a trailing slash', () => {
    expect(displayLink('https://www.example.com/')).toBe('example.com');
    expect(displayLink('http://example.com/events/')).toBe('example.com/events');
    expect(displayLink('ftp://files.example.com/a.txt')).toBe('files.example.com/a.txt');
    expect(displayLink('mailto:ana@example.com')).toBe('ana@example.com');
  });

  it('keeps www inside the address and slashes before the end', () => {
    expect(displayLink('https://example.com/www./a/?b=1')).toBe('example.com/www./a/?b=1');
    expect(displayLink('https://wwwexample.com')).toBe('wwwexample.com');
  });

  it('shows the target of a redirect-wrapped link', () => {
    expect(displayLink('https://www.google.com/url?q=https://www.example.com/')).toBe('example.com');
  });

  it('leaves a host with a port alone', () => {
    expect(displayLink('localhost:3000/chat')).toBe('localhost:3000/chat');
  });
});

describe('linkify', () => {
  it('returns plain text as one text segment, and nothing for empty text', () => {
    expect(linkify('see you at 8')).toEqual([{ type: 'text', text: 'see you at 8' }]);
    expect(linkify('')).toEqual([]);
  });

  it('recognises http(s), ftp, file and mailto links', () => {
    const text =
      'a https://x.com b http://y.org/p?q=1#h c ftp://f.net/file d file:///tmp/x e mailto:ana@example.com';
    expect(
      linkify(text)
        .filter((s) => s.type === 'link')
        .map((s) => s.text),
    ).toEqual([
      'https://x.com',
      'http://y.org/p?q=1#h',
      'ftp://f.net/file',
      'file:///tmp/x',
      'mailto:ana@example.com',
    ]);
  });

  it('splits text around a link', () => {
    expect(linkify('Tickets: https://example.com/t. See you!')).toEqual([
      { type: 'text', text: 'Tickets: ' },
      { type: 'link', text: 'https://example.com/t', href: 'https://example.com/t' },
      { type: 'text', text: '. See you!' },
    ]);
  });

  it('leaves sentence punctuation and unbalanced brackets out of the link', () => {
    expect(linkify('(see https://example.com/a)')[1]).toEqual({
      type: 'link',
      text: 'https://example.com/a',
      href: 'https://example.com/a',
    });
    expect(linkify('https://en.wikipedia.org/wiki/Walk_(sport)!')[0]).toMatchObject({
      text: 'https://en.wikipedia.org/wiki/Walk_(sport)',
    });
    expect(linkify('Is it http://example.com?')[1]).toMatchObject({ text: 'http://example.com' });
  });

  it('does not link other schemes, bare domains or a scheme alone', () => {
    for (const text of [
      'javascript:alert(1)',
      'www.example.com',
      'example.com',
      'data:text/html,x',
      'https:// x',
      'mailto: x',
    ]) {
      expect(linkify(text).every((s) => s.type === 'text')).toBe(true);
    }
  });

  it('does not start a link inside a word', () => {
    expect(linkify('xhttps://example.com')).toEqual([{ type: 'text', text: 'xhttps://example.com' }]);
  });

  it('ends a link at a quote or angle bracket', () => {
    expect(linkify('<https://example.com>')[1]).toMatchObject({ text: 'https://example.com' });
    expect(linkify('"https://example.com"')[1]).toMatchObject({ text: 'https://example.com' });
  });

  it('gives back the input when the segments are joined, with no empty or adjacent text segments', () => {
    const piece = fc.oneof(
      fc.string(),
      fc.constantFrom(
        'https://example.com/a',
        'mailto:a@b.c',
        'ftp://x.y',
        ' ',
        '(',
        ')',
        '.',
        'http://',
        'file:///p',
      ),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 10 }), (pieces) => {
        const text = pieces.join('');
        const segments = linkify(text);
        const adjacentText = segments.some((s, i) => s.type === 'text' && segments[i + 1]?.type === 'text');
        return (
          segments.map((s) => s.text).join('') === text &&
          segments.every((s) => s.text !== '') &&
          !adjacentText &&
          segments.every(
            (s) => s.type === 'text' || (s.href === s.text && /^(?:https?|ftp|file|mailto):/i.test(s.href)),
          )
        );
      }),
    );
  });
});
