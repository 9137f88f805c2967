import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API runs on its own port in dev (scripts/start.ts --dev); Vite proxies /api to it so the
// browser only ever sees one origin, exactly as in production where Fastify serves the build.
const apiTarget = process.env.FAMJAM_API_ORIGIN ?? 'http://127.0.0.1:8787';

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    vanillaExtractPlugin(),
  ],
  server: { proxy: { '/api': apiTarget } },
  build: {
    outDir: 'dist/client',
    sourcemap: true,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The design system and the event card, with the libraries they use, as one chunk.
          // Left to itself Rolldown cuts every module two routes share into its own small chunk
          // (EventCard, the constants, useQuery...), and each file gzips on its own: once home and
          // search both list events, / went 1.5 KB over its budget in overhead alone (README,
          // "Size budget"). Every screen uses these; lazily loaded parts stay in their own chunks.
          groups: [
            { name: 'ui', test: /[\\/]src[\\/](ui|features[\\/]events)[\\/]/, minShareCount: 2 },
          ],
        },
      },
    },
  },
});
