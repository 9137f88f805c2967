import { startTransition, useEffect, useState } from 'react';

/**
 * False while a screen draws for the first time, true in a background render right after that
 * first commit. A screen draws what the first view needs first and the rest in that second render,
 * so a phone paints and answers taps between the two instead of running one long task.
 * (useDeferredValue's initial value would not do: the gate mounts pages in a deferred render
 * already, where React skips it.)
 */
export function usePastFirstCommit(): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => startTransition(() => setPast(true)), []);
  return past;
}
