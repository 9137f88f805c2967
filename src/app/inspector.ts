import type { InspectionEvent, Observer } from 'xstate';

/*
 * The Stately inspector shows the running machines live on stately.ai. It starts only under
 * `vite dev` with VITE_STATELY_INSPECT=true. The check is on import.meta.env.DEV, which the
 * production build replaces with `false`, so the dynamic import below is dead code there: the
 * inspector (loaded by ./statelyInspector.ts) is absent from dist/, source maps included.
 * (The package name is left out of this comment on purpose: source maps carry comments, and the
 * build check greps dist/ for it.)
 */

let forward: Observer<InspectionEvent> | null = null;

/** Opens the inspector window once, before the app renders; a no-op without the flag. */
export async function startInspector(): Promise<void> {
  // Written out in place (not via a helper) so the bundler sees `false` and drops the import.
  if (!(import.meta.env.DEV && import.meta.env.VITE_STATELY_INSPECT === 'true')) return;
  if (forward) return;
  try {
    const { createInspector } = await import('./statelyInspector.ts');
    forward = createInspector();
  } catch (error) {
    // Popups blocked or the package missing: the app must still run, just uninspected.
    console.warn('Stately inspector could not start:', error);
  }
}

/**
 * Pass as `inspect` when creating machine actors: `useActorRef(machine, { inspect })`. Events go
 * to the inspector when it runs and nowhere otherwise.
 */
export const inspect = (event: InspectionEvent): void => {
  forward?.next?.(event);
};
