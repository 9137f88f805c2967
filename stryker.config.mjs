// @ts-check
/**
 * Mutation testing of the six state machines (`npm run test:mutation`, see docs/machines/README.md).
 *
 * Stryker changes one thing at a time in machines/*.ts (a guard's condition, an assign, a target,
 * a string) and runs the machines' own tests against each change: a change that no test notices
 * ("survived") is behaviour the tests do not pin. Only each machine's test beside it runs
 * (stryker.config.vitest.ts): the component tests in src/ also use the machines, but a machine's
 * promises must be checked by its own test.
 */
/**
 * One machine (STRYKER_MACHINE=shake, as scripts/lib/mutationTesting.ts runs them) or all of
 * them. Nearly all of a machine's mutants are "static" (its config is evaluated when the file is
 * imported), and Stryker runs every test it was given for each of those: one machine's own test
 * file instead of all six is what makes a run take minutes, not an hour. The tests are chosen by
 * stryker.config.vitest.ts from the same variable.
 */
const machine = process.env.STRYKER_MACHINE;
const runName = machine ?? 'all';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: {
    configFile: 'stryker.config.vitest.ts',
    related: false,
  },
  mutate:
    machine === undefined
      ? ['machines/*.ts', '!machines/*.test.ts', '!machines/testing/**']
      : [`machines/${machine}.ts`],
  coverageAnalysis: 'perTest',
  // tsconfig.json has no `extends` or `references` to rewrite for the sandbox, and Stryker's
  // rewriter needs TypeScript's JavaScript API, which TypeScript 7 (native) no longer has: point it
  // at a file that does not exist, so it is skipped.
  tsconfigFile: 'tsconfig.stryker-none.json',
  // Two workers: the shared machine has two cores (override with --concurrency 1 beside other work).
  concurrency: 2,
  // Everything Stryker writes stays under .tmp/ (ignored by git and Biome).
  tempDirName: `.tmp/stryker-${runName}`,
  incrementalFile: `.tmp/mutation/${runName}.incremental.json`,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: `.tmp/mutation/${runName}.html` },
  jsonReporter: { fileName: `.tmp/mutation/${runName}.json` },
  clearTextReporter: {
    allowColor: false,
    logTests: false,
    reportMutants: true,
    reportScoreTable: true,
  },
  // The copy Stryker tests in needs only what the machines' tests import (and vitest.config.ts
  // reads: it lists src/, server/ and scripts/ for their vi.mock files).
  ignorePatterns: [
    '.tmp',
    'dist',
    'e2e',
    'public',
    'test-results',
    'playwright-report',
    '.data',
    'docs',
  ],
  // Each machine file on its own: 90 % is the goal for every one of them.
  thresholds: { high: 95, low: 90, break: 90 },
};
