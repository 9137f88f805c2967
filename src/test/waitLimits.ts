import { vi } from 'vitest';

/*
 * Setup of both unit projects (vitest.config.ts): how long a test waits for what it expects
 * (vi.waitFor here; findBy* and waitFor through src/test/setup.ts) before failing. The defaults,
 * 1 s, are exceeded on a loaded machine (CI beside other work, several runs on 2 cores) by a
 * lazy chunk or a re-render; a wait returns as soon as its condition holds, so a generous limit
 * only costs time when a test is failing anyway. The unit projects' testTimeout is above it.
 */
export const uiWaitLimitMs = 20_000;

// vi.waitFor has a fixed 1 s default and no config option: the same limit unless a test names
// its own. Vitest's module can outlive one test file in a worker, so it is wrapped once.
const defaultedWaitFor = Symbol.for('famjam.defaultedWaitFor');
type MarkedWaitFor = typeof vi.waitFor & { [defaultedWaitFor]?: true };
if (!(vi.waitFor as MarkedWaitFor)[defaultedWaitFor]) {
  const waitFor = vi.waitFor;
  const withDefault: MarkedWaitFor = (callback, options) =>
    waitFor(callback, {
      timeout: uiWaitLimitMs,
      ...(typeof options === 'number' ? { timeout: options } : options),
    });
  withDefault[defaultedWaitFor] = true;
  vi.waitFor = withDefault;
}
