/*
 * A piece of the app's code (a route's chunk, or its stylesheet) that cannot be fetched: offline
 * before the service worker has kept it (a first visit), or a server that cannot be reached.
 * The route's error component (src/app/RouteError.tsx) then says so and offers Try again.
 */

/** The messages of a failed dynamic import (Chromium, Firefox, Safari) and of Vite's CSS preload. */
const loadFailureMessage =
  /^(Unable to preload CSS for |Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed)/;

export function isChunkLoadFailure(error: unknown): boolean {
  return error instanceof Error && loadFailureMessage.test(error.message);
}

/**
 * Vite reports every chunk or stylesheet that fails to load with `vite:preloadError`, before the
 * import rejects. TanStack Router reloads the page once (per message, per tab) when a route's
 * module cannot be fetched, meant for a deploy that removed old chunks; without a network and
 * without the worker's copy, that reload replaces the app with the browser's own offline page.
 * Marking the reload as done (the router's own session key) leaves the failure to the route's
 * error component, whose Try again reloads once the network is back.
 */
export function keepChunkLoadFailuresInTheApp(): void {
  window.addEventListener('vite:preloadError', (event) => {
    try {
      sessionStorage.setItem(`tanstack_router_reload:${event.payload.message}`, '1');
    } catch {
      // Storage blocked: the router cannot have marked a reload either, and will reload.
    }
  });
}
