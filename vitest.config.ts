import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { fsAllow } from './vite.config.ts';

// Two projects: `unit` (client components in jsdom, domain, machines' model-based tests) and
// `api` (Fastify via app.inject on a fresh PGlite and the real Auth emulator, started by
// scripts/with-auth-emulator.ts). `npm test` runs both; see scripts/test.ts.
export default defineConfig({
  plugins: [react(), vanillaExtractPlugin()],
  server: { fs: { allow: fsAllow } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'machines/**/*.test.ts', 'contract/**/*.test.ts'],
          setupFiles: ['src/test/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          environment: 'node',
          include: ['server/**/*.test.ts', 'scripts/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Creates and migrates one PGlite per run; every test database starts as a copy of it.
          globalSetup: ['server/test/pgliteSnapshot.ts'],
          // One PGlite per file is heavy on a 2-core machine; run files one after another.
          fileParallelism: false,
        },
      },
    ],
  },
});
