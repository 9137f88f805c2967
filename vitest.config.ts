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
    // Vitest's default is one worker fewer than the CPUs: on the 2-core CI machine that is a
    // single worker, with the main process mostly waiting. Two workers took the unit project
    // from 168 s to 111 s there.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'machines/**/*.test.ts', 'contract/**/*.test.ts'],
          setupFiles: ['src/test/setup.ts'],
          // A component test on a loaded machine (CI beside other work, several runs on 2 cores)
          // can take many times its idle duration; Vitest's default 5 s failed green tests there.
          // Waits inside a test are on what the user sees (src/test/setup.ts, 20 s each), so this
          // limit only ends tests that hang.
          testTimeout: 60_000,
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
          // Two files at a time (maxWorkers): each opens its PGlite from the migrated snapshot, and
          // the Auth emulator is a server that several files can use at once.
        },
      },
    ],
  },
});
