import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import type { Rolldown } from 'vite';

type ChunkingContext = Rolldown.ChunkingContext;

/** The root route and the client entry run on every page; the default layout on all but a few. */
const FIRST_LOADED = /\/app\/(root\.tsx|entry\.client\.tsx|layouts\/default-layout\.tsx)(\?|$)/;

/**
 * True when one of those imports the module statically, directly or not. They stay in chunks of
 * their own: the client entry hydrates as it runs, so it must run after the route modules.
 */
function isFirstLoaded(id: string, ctx: ChunkingContext, seen = new Set<string>()): boolean {
  if (seen.has(id)) return false;
  seen.add(id);
  return (ctx.getModuleInfo(id)?.importers ?? []).some(
    (importer) => FIRST_LOADED.test(importer) || isFirstLoaded(importer, ctx, seen),
  );
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  ssr: { resolve: { conditions: ['module', 'node'] } },
  build: {
    rolldownOptions: {
      output: {
        // A phone on a slow network pays a round trip per file: a few larger chunks beat twenty
        // small ones (Lighthouse saw the stylesheet queued behind 20 modulepreloads). But one chunk
        // of all app code made every page load every feature (chat, forms, the sign-in flow). So:
        // React and the router; what the root route and the default layout import; and the rest,
        // a chunk per set of pages that use it. Parts shown only after an interaction or in rare
        // states (dialogs, the sign-in modal) are imported lazily where they are used.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie-es|@remix-run[\\/]route-pattern)[\\/]/,
              priority: 2,
            },
            { name: (id, ctx) => (isFirstLoaded(id, ctx) ? 'app' : null), priority: 1 },
          ],
        },
      },
    },
  },
});
