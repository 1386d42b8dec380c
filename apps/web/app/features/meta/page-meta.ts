import type { MetaDescriptor } from 'react-router';
import { META_DESCRIPTION, PAGE_DESCRIPTION_SUFFIX, PRODUCT_NAME } from '@plaza/core/constants';
import { rootDataFromMatches } from '../../root-data.ts';

/** The default share image (spec 9: a hero image), rendered by apps/web/scripts/render-share-image.ts. */
export const DEFAULT_SHARE_IMAGE = {
  path: '/share/plaza-share.png',
  width: 1200,
  height: 630,
  alt: 'Plaza: make plans, meet people, in real life.',
} as const;

export const HOME_TITLE = `${PRODUCT_NAME} · Make plans and meet people in real life`;

export interface PageMetaInput {
  /** Page title without the product name; the home page leaves it out. */
  title?: string;
  /** Defaults to the product's meta description (spec 1). */
  description?: string;
  /** The page's main path: an alias passes the path it stands in for, so the canonical link names it. */
  path: string;
  /** Absolute URL or a path on this Plaza; the default share image otherwise. */
  image?: { url: string; alt: string; width?: number; height?: number };
  /** Plan, group and profile pages: their descriptions invite a tap (spec 1). */
  isDetail?: boolean;
  /** Technical and personal pages stay out of search results. */
  noIndex?: boolean;
}

function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//.test(pathOrUrl)) return pathOrUrl;
  return `${publicUrl.replace(/\/+$/, '')}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

export function pageTitle(title: string | undefined): string {
  return title ? `${title} | ${PRODUCT_NAME}` : HOME_TITLE;
}

export function pageDescription(description: string | undefined, isDetail = false): string {
  const text = description?.trim() || META_DESCRIPTION;
  return isDetail && !text.endsWith(PAGE_DESCRIPTION_SUFFIX) ? `${text}${PAGE_DESCRIPTION_SUFFIX}` : text;
}

/** Every head tag of a page: title, description, canonical link, Open Graph and Twitter cards. */
export function buildPageMeta(input: PageMetaInput, publicUrl: string): MetaDescriptor[] {
  const title = pageTitle(input.title);
  const description = pageDescription(input.description, input.isDetail);
  const url = absoluteUrl(publicUrl, input.path);
  const image = input.image ?? { url: DEFAULT_SHARE_IMAGE.path, ...DEFAULT_SHARE_IMAGE };
  const imageUrl = absoluteUrl(publicUrl, image.url);
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:site_name', content: PRODUCT_NAME },
    { property: 'og:type', content: input.isDetail ? 'article' : 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: imageUrl },
    { property: 'og:image:alt', content: image.alt },
    { property: 'og:locale', content: 'en_US' },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: imageUrl },
    { name: 'twitter:image:alt', content: image.alt },
  ];
  if (image.width && image.height) {
    tags.push(
      { property: 'og:image:width', content: String(image.width) },
      { property: 'og:image:height', content: String(image.height) },
    );
  }
  if (input.noIndex) tags.push({ name: 'robots', content: 'noindex' });
  return tags;
}

/**
 * A route's `meta` export: `export const meta = pageMeta({ title: 'Company', path: '/company' })`.
 * The public URL comes from the root loader, so links stay right on every self-hosted Plaza.
 */
export function pageMeta(input: PageMetaInput) {
  return ({ matches }: { matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined> }) =>
    buildPageMeta(input, rootDataFromMatches(matches)?.publicUrl ?? '');
}
