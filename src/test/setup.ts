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

// jsdom lays nothing out and has no scrollIntoView; Search's chip row calls it when a chip takes
// focus. Scrolling is checked in the browser (e2e/layout-390.spec.ts), so here it does nothing.
if (typeof Element.prototype.scrollIntoView !== 'function') {
  Element.prototype.scrollIntoView = () => {};
}
