import { readdirSync, readFileSync } from 'node:fs';
import { sep } from 'node:path';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';
import { fsAllow } from './vite.config.ts';

// Three projects: `unit` (client code in jsdom), `unit-node` (domain, contract, the machines'
// model-based tests: no DOM, so no jsdom to build per file, which was most of their time) and `api` (Fastify via app.inject on a fresh PGlite and the real Auth emulator, started
// by scripts/with-auth-emulator.ts). `npm test` runs them all; see scripts/test.ts.

/**
 * Folders of code that never touches the browser (state machines, the API contract, domain
 * rules, design tokens): their tests run in Node, without a jsdom built per file. Everything
 * else in src/ runs in jsdom, so a new test there never has to say it needs a DOM.
 */
const noDomTests = [
  'machines/**/*.test.ts',
  'contract/**/*.test.ts',
  'src/domain/**/*.test.ts',
  'src/styles/**/*.test.ts',
];

// A test on a loaded machine (CI beside other work, several runs on 2 cores) can take many times
// its idle duration; Vitest's default 5 s failed green component tests there, and at load 16 on
// the shared 2-core machine one LocationDialog test (1 to 4 s idle) took 43 s. Waits inside a
// test are on what it expects (src/test/waitLimits.ts, 20 s each), so this only ends tests that
// hang.
const unitTestTimeoutMs = 120_000;

/**
 * Test files that replace a module with vi.mock (src/test/testAuth.ts's pattern). A mock applies
 * only where the module is imported after it, so these cannot share a worker's modules with
 * other files: they run in the `-isolated` projects. Found by reading the files, so a new one
 * needs no list kept by hand.
 */
function testsThatMockModules(folders: readonly string[]): string[] {
  return folders.flatMap((folder) =>
    readdirSync(folder, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.test\.tsx?$/.test(file))
      .map((file) => `${folder}/${file.split(sep).join('/')}`)
      .filter((path) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(path, 'utf8'))),
  );
}
const moduleMockingUnitTests = testsThatMockModules(['src']);
const moduleMockingApiTests = testsThatMockModules(['server', 'scripts']);

/** What both jsdom projects share (the shared-module one and the one for vi.mock files). */
const jsdomTests = {
  environment: 'jsdom',
  setupFiles: ['src/test/waitLimits.ts', 'src/test/setup.ts'],
  testTimeout: unitTestTimeoutMs,
};

/** What both API projects share. */
const apiTests = {
  environment: 'node',
  // For a loaded machine: at load 20 on the shared 2-core machine, api-postgres (beside unit)
  // had 8 tests over the former 30 s and a hook over 60 s. Only hung tests reach these.
  testTimeout: 120_000,
  hookTimeout: 180_000,
  // Creates and migrates one PGlite per run; every test database starts as a copy of it.
  globalSetup: ['server/test/pgliteSnapshot.ts'],
};

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
          ...jsdomTests,
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, ...noDomTests, ...moduleMockingUnitTests],
          // Files share their worker's jsdom and modules instead of building them again each:
          // the unit projects took 1 min 5 s instead of 2 min 2 s (82 files, quiet machine,
          // 2026-11-26). betweenFiles.ts puts back what a file changes in the process; a file
          // that replaces a module (vi.mock) needs its own module graph: unit-isolated below.
          isolate: false,
          setupFiles: [...jsdomTests.setupFiles, 'src/test/betweenFiles.ts'],
        },
      },
      {
        extends: true,
        test: { name: 'unit-isolated', ...jsdomTests, include: moduleMockingUnitTests },
      },
      {
        extends: true,
        test: {
          name: 'unit-node',
          environment: 'node',
          include: noDomTests,
          isolate: false,
          setupFiles: ['src/test/waitLimits.ts', 'src/test/betweenFiles.ts'],
          testTimeout: unitTestTimeoutMs,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          ...apiTests,
          include: ['server/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...moduleMockingApiTests],
          // Files share their worker's modules instead of importing Fastify, PGlite, drizzle and
          // firebase-admin again each (about 2.5 s a file): the project took 2 min 56 s instead
          // of 4 min 30 s (58 files, quiet machine, 1 run each, 2026-11-26). Every file builds
          // its own app and database (server/test/helpers.ts), so no state is shared that
          // matters; a file that replaces a module (vi.mock) needs its own module graph and runs
          // in api-isolated below. Two files at a time (maxWorkers): the Auth emulator is a
          // server that several files can use at once.
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'api-isolated', ...apiTests, include: moduleMockingApiTests },
      },
    ],
  },
});
