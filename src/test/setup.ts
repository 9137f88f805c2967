import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

afterEach(() => cleanup());

/*
 * How long a test waits for what the user should see (findBy*, waitFor) before failing. Testing
 * Library's default is 1 s, which a loaded machine (CI, or several test runs on 2 cores) exceeds
 * for a lazy chunk or a re-render; a wait returns as soon as its condition holds, so a generous
 * limit only costs time when a test is failing anyway. vitest.config.ts sets the unit tests'
 * testTimeout above it.
 */
const uiWaitLimitMs = 20_000;
configure({ asyncUtilTimeout: uiWaitLimitMs });

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

// jsdom has no PointerEvent; without it testing-library's pointer events carry no coordinates.
// A MouseEvent with a pointer id is what the app's swipe handling reads.
if (typeof globalThis.PointerEvent === 'undefined') {
  class PointerEventStandIn extends MouseEvent {
    readonly pointerId: number;
    readonly pointerType: string;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 1;
      this.pointerType = init.pointerType ?? 'touch';
    }
  }
  globalThis.PointerEvent = PointerEventStandIn as typeof PointerEvent;
}
