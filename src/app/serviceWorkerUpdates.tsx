import { useEffect } from 'react';
import { useToast } from '../ui/index.ts';

/*
 * Kept small on purpose: this is in every route's first load (the root route mounts it). The
 * registration and the update toast's text live in the lazily loaded serviceWorker.ts.
 */

/** What the scheduling decision reads from the browser; tests pass a fake. */
export interface ServiceWorkerEnvironment {
  /** A production build: under `vite dev` there is no worker to register. */
  production: boolean;
  /** The browser has service workers (not in some private modes, nor over plain http). */
  supported: boolean;
  /** Runs `callback` after the load event and then when idle; returns a cancel function. */
  afterLoadAndIdle(callback: () => void): () => void;
}

const browserEnvironment = (): ServiceWorkerEnvironment => ({
  production: import.meta.env.PROD,
  supported: 'serviceWorker' in navigator,
  afterLoadAndIdle(callback) {
    let cancelled = false;
    const run = () => !cancelled && callback();
    // Safari has no requestIdleCallback (the DOM types say every browser does); the timeout
    // bounds the wait on a page that is never idle.
    const whenIdle = () =>
      typeof requestIdleCallback === 'function'
        ? requestIdleCallback(run, { timeout: 3000 })
        : setTimeout(run, 0);
    if (document.readyState === 'complete') whenIdle();
    else addEventListener('load', whenIdle, { once: true });
    return () => {
      cancelled = true;
    };
  },
});

/**
 * Starts `start` once the page is interactive, if a worker can be registered here at all; the
 * returned function cancels a start that has not happened yet.
 */
export function scheduleServiceWorker(
  environment: ServiceWorkerEnvironment,
  start: () => void,
): () => void {
  if (!environment.production || !environment.supported) return () => {};
  return environment.afterLoadAndIdle(start);
}

type ServiceWorkerModule = typeof import('./serviceWorker.ts');

const loadServiceWorkerModule = (): Promise<ServiceWorkerModule> => import('./serviceWorker.ts');

/** Registers the service worker after the first paint; mounted once, inside the toasts. */
export function ServiceWorkerUpdates({
  environment = browserEnvironment(),
  loadModule = loadServiceWorkerModule,
}: {
  environment?: ServiceWorkerEnvironment;
  /** Fetches the registration chunk; tests pass one that fails. */
  loadModule?: () => Promise<ServiceWorkerModule>;
}) {
  const showToast = useToast();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the environment is read once, at mount.
  useEffect(
    () =>
      scheduleServiceWorker(environment, () => {
        loadModule().then(
          (module) => module.startServiceWorker(showToast),
          // The chunk comes from the network (no worker caches it yet): a device that went
          // offline before the page was idle cannot fetch it. Nothing is lost: installing the
          // worker needs the network anyway, and the next page load registers it.
          () => undefined,
        );
      }),
    [showToast],
  );
  return null;
}
