import type { RootLoaderData } from '../../root-data.ts';

/**
 * The address behind "Get in touch". A Plaza that sets none is reached at hello@ its own host, so
 * a self-hosted instance never points visitors at someone else's inbox.
 */
export function defaultContactEmail(publicUrl: string): string {
  const host = URL.canParse(publicUrl) ? new URL(publicUrl).hostname : '';
  return `hello@${host || 'localhost'}`;
}

export function contactEmailFor(root: RootLoaderData | null): string {
  return root?.contactEmail ?? defaultContactEmail('');
}
