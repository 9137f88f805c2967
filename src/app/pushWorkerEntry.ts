import { notificationFromPush, openNotificationPath, type PushWorkerScope } from './pushWorker.ts';

/*
 * The service worker's push script: Workbox's generated worker loads it with importScripts
 * (vite.config.ts), so it is built on its own as a classic script without exports.
 */

interface PushEventLike {
  data: { json(): unknown } | null;
  waitUntil(promise: Promise<unknown>): void;
}
interface NotificationClickEventLike {
  notification: { data: unknown; close(): void };
  waitUntil(promise: Promise<unknown>): void;
}
type WorkerScope = PushWorkerScope & {
  navigator?: { languages?: readonly string[] };
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(
    type: 'notificationclick',
    listener: (event: NotificationClickEventLike) => void,
  ): void;
};

const scope = self as unknown as WorkerScope;

scope.addEventListener('push', (event) => {
  const { title, options } = notificationFromPush(
    () => event.data?.json(),
    scope.navigator?.languages ?? [],
  );
  event.waitUntil(scope.registration.showNotification(title, options));
});

scope.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openNotificationPath(scope, event.notification.data));
});
