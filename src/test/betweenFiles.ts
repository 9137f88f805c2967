import { afterAll, vi } from 'vitest';

/*
 * Setup of the unit projects that run their files one after another in a shared worker
 * (isolate: false, vitest.config.ts): what one file changes in the process must not reach the
 * next. Each file ends with real timers, its stubbed globals and environment put back, its spies
 * restored and the web storage emptied, as a file of its own would start.
 */
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  globalThis.localStorage?.clear();
  globalThis.sessionStorage?.clear();
});
