import { Workbox } from 'workbox-window';
import { PRODUCT_NAME } from '../domain/constants.ts';
import { i18n } from '../i18n/appCatalog.ts';
import type { ToastMessage } from '../ui/index.ts';

/*
 * Registers the service worker (built by vite-plugin-pwa, vite.config.ts) and handles updates.
 * Loaded by a dynamic import once the page is interactive (serviceWorkerUpdates.tsx), so this
 * and workbox-window are in no route's first load.
 */

/** The part of workbox-window's Workbox this uses; tests pass a fake. */
export interface ServiceWorkerClient {
  addEventListener(type: 'waiting' | 'controlling', listener: () => void): void;
  messageSkipWaiting(): void;
  messageSW(data: object): Promise<unknown>;
  register(): Promise<unknown>;
}

/**
 * Asks the worker to fetch /api/config through its own rules (Workbox's CACHE_URLS message).
 * The app cannot start without it, and on the visit that installs the worker it was fetched
 * before the worker existed: without this, a device that visited once would open offline only
 * as far as 'Could not load the app configuration'.
 */
const WARM_UP_MESSAGE = {
  type: 'CACHE_URLS',
  payload: { urlsToCache: ['/api/config'] },
} as const;

interface ServiceWorkerHooks {
  /**
   * A new version is installed and waiting. `applyUpdate` activates it and reloads once it
   * controls the page; it is only ever called when the person asks (the toast's Reload).
   */
  onUpdateWaiting(applyUpdate: () => void): void;
  reload(): void;
}

/** Where vite-plugin-pwa writes the worker; at the root, so its scope is the whole app. */
const SERVICE_WORKER_URL = '/sw.js';

export async function registerServiceWorker(
  hooks: ServiceWorkerHooks,
  client: ServiceWorkerClient = new Workbox(SERVICE_WORKER_URL),
  firstInstall = navigator.serviceWorker.controller === null,
): Promise<void> {
  // Set only by the person's Reload: a worker that takes control for another reason (an update
  // applied in another tab) must not reload this one mid-task.
  let reloadWhenControlled = false;
  client.addEventListener('controlling', () => {
    if (!reloadWhenControlled) return;
    reloadWhenControlled = false;
    hooks.reload();
  });
  // Fires for an update found now and for one that was already waiting when the page loaded.
  client.addEventListener('waiting', () => {
    hooks.onUpdateWaiting(() => {
      reloadWhenControlled = true;
      client.messageSkipWaiting();
    });
  });
  await client.register();
  // Later visits are controlled from the start, so the worker sees the app's own request.
  if (firstInstall) await client.messageSW(WARM_UP_MESSAGE);
}

/**
 * Registers the worker and offers a waiting update in a toast: 'Reload' switches to it; nothing
 * reloads by itself.
 */
export function startServiceWorker(
  showToast: (message: ToastMessage) => void,
  client?: ServiceWorkerClient,
  reload: () => void = () => window.location.reload(),
  firstInstall?: boolean,
): Promise<void> {
  return registerServiceWorker(
    {
      onUpdateWaiting: (applyUpdate) =>
        showToast({
          title: i18n.t('app.update.available', { product: PRODUCT_NAME }),
          action: { label: i18n.t('app.update.reload'), onAction: applyUpdate },
        }),
      reload,
    },
    client,
    firstInstall,
  ).catch((error: unknown) => {
    // Without a worker the app works as before, only not offline: worth a log, not a message.
    console.warn('Service worker registration failed:', error);
  });
}
