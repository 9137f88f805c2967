import type { PushSubscriptionBody } from '../../../contract/outreach.ts';
import type { PushDeviceState } from '../../../machines/pushSubscription.ts';
import { apiErrorMessage, HTTPError } from '../../api/client.ts';
import { deletePushSubscription, savePushSubscription } from '../../api/outreach.ts';
import { PRODUCT_NAME } from '../../domain/constants.ts';
import { browserTimeZone } from '../../domain/dateFilter.ts';
import { i18n } from './messages.ts';

/*
 * The push toggle's effects (machines/pushSubscription.ts) on a real browser: what this device
 * says (support, permission, the service worker's subscription), the permission prompt, and
 * subscribing and unsubscribing on both sides, the browser's and the server's.
 */

/** The part of a PushSubscription the toggle uses; tests hand in their own. */
export interface DevicePushSubscription {
  endpoint: string;
  toJSON(): PushSubscriptionJSON;
  unsubscribe(): Promise<boolean>;
}

/** The browser's side, so the component tests can be any device. */
export interface PushBrowser {
  /** The Push API exists here: service worker, PushManager, Notification, a secure context. */
  supported: boolean;
  permission(): NotificationPermission;
  requestPermission(): Promise<NotificationPermission>;
  /** This device's subscription, or null (none, or no service worker registered yet). */
  currentSubscription(): Promise<DevicePushSubscription | null>;
  /** pushManager.subscribe with userVisibleOnly and the server's key (base64url). */
  subscribe(vapidPublicKey: string): Promise<DevicePushSubscription>;
}

/** How long subscribing waits for the service worker, which registers after the page loads. */
const SERVICE_WORKER_WAIT_MS = 10_000;

function serviceWorkerNotReadyText(): string {
  return i18n.t('profile.push.workerNotReady', { product: PRODUCT_NAME });
}

/** A base64url key as the bytes pushManager.subscribe takes (every browser accepts these). */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replaceAll('-', '+').replaceAll('_', '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(binary, (character) => character.charCodeAt(0));
}

function serviceWorkerReady(): Promise<ServiceWorkerRegistration> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(serviceWorkerNotReadyText())),
      SERVICE_WORKER_WAIT_MS,
    );
    void navigator.serviceWorker.ready.then((registration) => {
      clearTimeout(timer);
      resolve(registration);
    });
  });
}

/** This browser, as the app runs in it. */
export function browserPush(): PushBrowser {
  const supported =
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window;
  return {
    supported,
    permission: () => Notification.permission,
    requestPermission: () => Notification.requestPermission(),
    currentSubscription: async () => {
      // getRegistration answers at once, also before the worker has registered (then: none),
      // where `ready` would wait for it.
      const registration = await navigator.serviceWorker.getRegistration();
      return (await registration?.pushManager.getSubscription()) ?? null;
    },
    subscribe: async (vapidPublicKey) => {
      const registration = await serviceWorkerReady();
      return registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: base64UrlToBytes(vapidPublicKey),
      });
    },
  };
}

/** What the server stores: the endpoint and keys (not expirationTime), and the device's zone. */
export function subscriptionBody(
  subscription: DevicePushSubscription,
  timeZone: string,
): PushSubscriptionBody {
  const { keys } = subscription.toJSON();
  if (!keys?.p256dh || !keys.auth) throw new Error(i18n.t('profile.push.noKeys'));
  return {
    endpoint: subscription.endpoint,
    keys: { p256dh: keys.p256dh, auth: keys.auth },
    timeZone,
  };
}

interface PushEffectsOptions {
  browser: PushBrowser;
  /** `/api/config`'s push.vapidPublicKey; null when the server sent none. */
  vapidPublicKey: () => string | null;
  timeZone?: () => string;
}

/** The machine's four effects on `browser` and the API; each fails with a sentence for people. */
export function pushEffects({
  browser,
  vapidPublicKey,
  timeZone = browserTimeZone,
}: PushEffectsOptions) {
  return {
    checkDevice: async (): Promise<PushDeviceState> => {
      if (!browser.supported) return { supported: false, permission: 'default', subscribed: false };
      const subscription = await browser.currentSubscription();
      const permission = browser.permission();
      if (subscription === null || permission !== 'granted') {
        return { supported: true, permission, subscribed: subscription !== null };
      }
      // The browser's word is half the truth: the server may have dropped this device (a push
      // service that kept failing, the oldest of too many devices) or the family may have moved
      // zones. Sending the subscription again (idempotent) restores the one and updates the
      // other. Another account's device (409) is dropped here, so a tap subscribes afresh;
      // offline or a busy server, the browser's subscription stands.
      try {
        await savePushSubscription(subscriptionBody(subscription, timeZone()));
      } catch (error) {
        if (error instanceof HTTPError && error.response.status === 409) {
          await subscription.unsubscribe().catch(() => false);
          return { supported: true, permission, subscribed: false };
        }
      }
      return { supported: true, permission, subscribed: true };
    },
    askPermission: () => browser.requestPermission(),
    subscribe: async (): Promise<void> => {
      const key = vapidPublicKey();
      if (!key) throw new Error(i18n.t('profile.push.notConfigured', { product: PRODUCT_NAME }));
      let subscription: DevicePushSubscription;
      try {
        subscription = await browser.subscribe(key);
      } catch (error) {
        if (error instanceof Error && error.message === serviceWorkerNotReadyText()) throw error;
        throw new Error(i18n.t('profile.push.subscribeFailed', { reason: apiErrorMessage(error) }));
      }
      try {
        await savePushSubscription(subscriptionBody(subscription, timeZone()));
      } catch (error) {
        // A subscription the server does not know would show the toggle on at the next visit
        // while nothing is ever sent to it: undone, so the toggle keeps telling the truth.
        await subscription.unsubscribe().catch(() => false);
        throw new Error(apiErrorMessage(error));
      }
    },
    unsubscribe: async (): Promise<void> => {
      const subscription = await browser.currentSubscription();
      if (subscription === null) return;
      const { endpoint } = subscription;
      // The browser first: once it has unsubscribed, this device receives nothing, whatever the
      // server does next. A DELETE that fails leaves a dead endpoint, which the push service
      // answers 410 for on the next send, and the server deletes it then (issue 34).
      await subscription.unsubscribe();
      await deletePushSubscription(endpoint).catch(() => undefined);
    },
  };
}
