/**
 * The Vitest config Stryker runs (stryker.config.mjs): only the machines' own model tests, in
 * Node, each run with its own module graph. With STRYKER_MACHINE=<id> only that machine's test
 * file (machines/testing/mutationEntry.ts): chosen there rather than with Stryker's `testFiles`
 * option, because Stryker 9.6 then activates a "static" mutant (one in the machine's config,
 * evaluated on import) only after the import, so every such mutant survived.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'machines-mutation',
    environment: 'node',
    // It imports machines/<id>.test.ts (all six without STRYKER_MACHINE; never charts.test.ts,
    // which only compares the generated Mermaid pages): see the file for why.
    include: ['machines/testing/mutationEntry.ts'],
    setupFiles: ['src/test/waitLimits.ts'],
    testTimeout: 120_000,
  },
});
