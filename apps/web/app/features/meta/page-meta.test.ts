import { describe, expect, it } from 'vitest';
import { META_DESCRIPTION } from '@plaza/core/constants';
import { buildPageMeta, pageDescription, pageMeta } from './page-meta.ts';

type Tag = Record<string, string>;

function find(tags: ReturnType<typeof buildPageMeta>, key: string, value: string): Tag | undefined {
  return (tags as Tag[]).find((tag) => tag[key] === value);
}

describe('pageDescription', () => {
  it('falls back to the meta description of spec 1', () => {
    expect(pageDescription(undefined)).toBe(META_DESCRIPTION);
    expect(pageDescription('   ')).toBe(META_DESCRIPTION);
  });

  it('adds " - Tap to see details" to detail pages only, once', () => {
    expect(pageDescription('Sunday hike at Mount Tam', true)).toBe(
      'Sunday hike at Mount Tam - Tap to see details',
    );
    expect(pageDescription('Sunday hike - Tap to see details', true)).toBe(
      'Sunday hike - Tap to see details',
    );
    expect(pageDescription('Our company', false)).toBe('Our company');
  });
});

describe('buildPageMeta', () => {
  it('builds the canonical link and og:url from the public URL and the main path', () => {
    const tags = buildPageMeta(
      { title: 'Privacy policy', path: '/privacy-policy' },
      'https://plaza.example/',
    );
    expect(find(tags, 'rel', 'canonical')).toMatchObject({ href: 'https://plaza.example/privacy-policy' });
    expect(find(tags, 'property', 'og:url')).toMatchObject({
      content: 'https://plaza.example/privacy-policy',
    });
    expect(tags).toContainEqual({ title: 'Privacy policy | Plaza' });
  });

  it('points Open Graph and Twitter at the default share image with its size', () => {
    const tags = buildPageMeta({ path: '/' }, 'https://plaza.example');
    expect(find(tags, 'property', 'og:image')).toMatchObject({
      content: 'https://plaza.example/share/plaza-share.png',
    });
    expect(find(tags, 'name', 'twitter:image')).toMatchObject({
      content: 'https://plaza.example/share/plaza-share.png',
    });
    expect(find(tags, 'property', 'og:image:width')).toMatchObject({ content: '1200' });
    expect(find(tags, 'name', 'twitter:card')).toMatchObject({ content: 'summary_large_image' });
    expect(find(tags, 'name', 'description')).toMatchObject({ content: META_DESCRIPTION });
  });

  it('keeps an absolute image URL and marks detail pages as articles', () => {
    const tags = buildPageMeta(
      {
        title: 'Board games',
        path: '/g/board-games/k3y',
        isDetail: true,
        image: { url: 'https://cdn.example/a.png', alt: 'A' },
      },
      'https://plaza.example',
    );
    expect(find(tags, 'property', 'og:image')).toMatchObject({ content: 'https://cdn.example/a.png' });
    expect(find(tags, 'property', 'og:type')).toMatchObject({ content: 'article' });
    expect(find(tags, 'property', 'og:image:width')).toBeUndefined();
  });

  it('asks search engines to skip technical pages', () => {
    expect(find(buildPageMeta({ path: '/stripe-check', noIndex: true }, ''), 'name', 'robots')).toMatchObject(
      {
        content: 'noindex',
      },
    );
    expect(find(buildPageMeta({ path: '/faq' }, ''), 'name', 'robots')).toBeUndefined();
  });
});

describe('pageMeta', () => {
  it('reads the public URL from the root match', () => {
    const meta = pageMeta({ title: 'Download', path: '/download' });
    const tags = meta({
      matches: [
        {
          id: 'root',
          loaderData: { publicUrl: 'https://meet.example', viewer: null, oidc: null, contactEmail: 'a@b.c' },
        },
      ],
    });
    expect(find(tags, 'rel', 'canonical')).toMatchObject({ href: 'https://meet.example/download' });
  });
});
