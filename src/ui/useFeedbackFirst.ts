import { useCallback, useRef, useState } from 'react';

/**
 * Longest wait for a painted frame. A hidden tab paints none (requestAnimationFrame does not run
 * there), and a change must not wait for the family to come back to the tab.
 */
const NO_FRAME_FALLBACK_MS = 500;

/**
 * Runs `callback` in a task of its own right after the browser has painted its next frame.
 * requestAnimationFrame runs just before a frame's paint; a task queued from there runs after it.
 */
export function afterNextPaint(callback: () => void): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    window.removeEventListener('pagehide', run);
    callback();
  };
  // Leaving the page (a reload, a link away) right after a tap still applies it: the app state
  // stores itself as it changes, so the switch's new mode is there when the family comes back.
  window.addEventListener('pagehide', run);
  if (typeof requestAnimationFrame === 'function' && document.visibilityState !== 'hidden') {
    requestAnimationFrame(() => setTimeout(run, 0));
  }
  setTimeout(run, NO_FRAME_FALLBACK_MS);
}

/**
 * A control that answers a tap at once: it shows the new value in the very next frame and applies
 * the change (`commit`: a new filter, a mode every list follows) only after that frame is painted.
 *
 * Applying a filter re-renders whole screens and starts their requests; done inside the tap's own
 * handler, that work held the chip's pressed look back by 300-700 ms on a slow phone (issue 16's
 * INP audit, `npm run audit:inp`). The work still happens, in the task after the paint.
 * Quick repeated taps apply only the last value.
 */
export function useFeedbackFirst<Value>(
  value: Value,
  commit: (next: Value) => void,
): [shown: Value, change: (next: Value) => void] {
  const [pending, setPending] = useState<{ value: Value } | null>(null);
  const latest = useRef(0);
  const change = useCallback(
    (next: Value) => {
      latest.current += 1;
      const tap = latest.current;
      setPending({ value: next });
      afterNextPaint(() => {
        if (tap !== latest.current) return;
        commit(next);
        setPending(null);
      });
    },
    [commit],
  );
  return [pending ? pending.value : value, change];
}
