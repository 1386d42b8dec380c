import { lazy, type ComponentType } from 'react';
import { ChunkLoadError, reloadAfterChunkFailure } from './chunk-reload-guard.ts';

/**
 * A component whose code loads the first time it renders, or earlier through `preload` (on hover
 * or focus of what opens it), so parts that show only after an interaction or in rare states stay
 * out of the page's first scripts. Render it inside a Suspense boundary. A failed load is a chunk
 * load failure of spec 8, like a route module's: the page reloads at most once a minute, and
 * otherwise the error page shows.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loading: Promise<ComponentType<P>> | null = null;
  function start(): Promise<ComponentType<P>> {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  }
  const Part = lazy(async () => {
    try {
      return { default: await start() };
    } catch (error) {
      console.error('Part of the page could not be loaded', error);
      if (reloadAfterChunkFailure()) return new Promise<never>(() => {});
      throw new ChunkLoadError('Part of Plaza could not be loaded.');
    }
  });
  return Object.assign(Part, {
    preload(): void {
      start().catch(() => undefined);
    },
  });
}
