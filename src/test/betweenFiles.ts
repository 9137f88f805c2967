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
  // Overrides a file defined on navigator (userAgent, onLine) go; its own getters come back.
  if (typeof navigator !== 'undefined') {
    for (const key of Object.getOwnPropertyNames(navigator)) {
      if (Object.getOwnPropertyDescriptor(navigator, key)?.configurable) {
        Reflect.deleteProperty(navigator, key);
      }
    }
  }
  // A file that took the page offline leaves modules that listen for it (React Query's online
  // manager pauses every query) offline for the next file too: back online, as a page starts.
  if (typeof window !== 'undefined') window.dispatchEvent(new Event('online'));
});
