import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { uiWaitLimitMs } from './waitLimits.ts';

afterEach(() => cleanup());

// findBy* and waitFor wait as long as vi.waitFor does (see waitLimits.ts), not 1 s.
configure({ asyncUtilTimeout: uiWaitLimitMs });

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
