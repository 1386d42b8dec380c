import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  ssr: { resolve: { conditions: ['module', 'node'] } },
  build: {
    rolldownOptions: {
      output: {
        // A phone on a slow network pays a round trip per file: a few larger chunks beat twenty
        // small ones (Lighthouse saw the stylesheet queued behind 20 modulepreloads).
        advancedChunks: {
          groups: [
            { name: 'vendor', test: /node_modules/, priority: 2 },
            {
              name: 'app',
              test: /\/(app\/(components|features|layouts|graphql)|packages\/core)\//,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
