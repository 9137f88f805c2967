import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, searchForWorkspaceRoot } from 'vite';

// The API runs on its own port in dev (scripts/start.ts --dev); Vite proxies /api to it so the
// browser only ever sees one origin, exactly as in production where Fastify serves the build.
const apiTarget = process.env.FAMJAM_API_ORIGIN ?? 'http://127.0.0.1:8787';

/**
 * What the dev server (and Vitest) may read from disk: the project, plus the VTIMEZONE files
 * that Export to Calendar imports raw from @touch4it/ical-timezones (calendarFile.ts). Vite
 * checks real paths, and where node_modules is a symlink (git worktrees sharing one) those
 * files lie outside the project; allowing that one folder keeps the rest of the disk closed.
 */
export const fsAllow = [
  searchForWorkspaceRoot(process.cwd()),
  realpathSync(
    fileURLToPath(new URL('./node_modules/@touch4it/ical-timezones/zones', import.meta.url)),
  ),
];

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    vanillaExtractPlugin(),
    // The app speaks English only (SPEC's texts): react-aria's built-in strings for its other
    // 30-odd locales (date pickers, dialogs, live announcements) would ship on every route.
    // Only production builds are stripped, so dev and tests behave as the library ships.
    { ...optimizeLocales.vite({ locales: ['en-US'] }), apply: 'build' },
  ],
  server: { proxy: { '/api': apiTarget }, fs: { allow: fsAllow } },
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
          // src/api joins them: once the profile route existed, the API client and its callers
          // came apart into five small chunks of their own (/ +1.8 KB). React Query's hooks stay
          // out: grouped in, /auth (which uses none) would load 3 KB more.
          groups: [
            {
              name: 'ui',
              test: /[\\/]src[\\/](ui|features[\\/]events|api)[\\/]/,
              minShareCount: 2,
            },
          ],
        },
      },
    },
  },
});
