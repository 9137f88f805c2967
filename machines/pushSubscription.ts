/**
 * Profile's 'Push Notifications' toggle for THIS device (issue 34, Web Push): whether the
 * browser can, may and does receive FamJam's pushes, and turning that on and off.
 *
 *   checking (what the device says: support, Notification.permission, getSubscription())
 *     --done [no Push API]-->                unsupported   (says why, and what to do on iPhone)
 *     --done [permission denied]-->          denied        (says how to allow it)
 *     --done [granted and subscribed]-->     on
 *     --done (anything else)-->              off
 *     --error-->                             failed
 *   off / denied / failed --user.turnOn--> asking (Notification.requestPermission, only here)
 *   asking --done [granted]--> subscribing; --done [denied]--> denied; --done (dismissed)--> off
 *   subscribing (pushManager.subscribe with the VAPID key, then PUT /api/me/push-subscriptions)
 *     --done--> on (deviceChanged); --error--> failed
 *   on --user.turnOff--> unsubscribing (unsubscribe in the browser, then DELETE on the server)
 *     --done--> off (deviceChanged); --error--> failed
 *
 * Decisions where the issue is silent:
 * - The permission is asked only on the toggle's tap (user.turnOn), never on load: `checking`
 *   reads Notification.permission and asks nothing.
 * - `denied` accepts the tap too: once the family has allowed notifications in the site settings,
 *   the tap asks again and the browser answers 'granted' without a prompt. While they are still
 *   blocked it answers 'denied' at once, and the words stay.
 * - A dismissed prompt (permission still 'default') is not a refusal: back to off, no message.
 * - `failed` shows the toggle off with the reason; a tap tries again from the permission (which
 *   the browser grants at once when it already has), and subscribing again is harmless: the
 *   browser returns the same subscription and the server stores it by its endpoint.
 * - `unsupported` accepts nothing: no tap can make a browser without the Push API receive pushes.
 *
 * Pure: the app supplies `checkDevice`, `askPermission`, `subscribe`, `unsubscribe` (actors) and
 * `deviceChanged` (action: the server's count of devices changed) with `.provide(...)`; each
 * throws when left out. The effects throw errors whose message is a sentence for people.
 */
import { assign, fromPromise, setup } from 'xstate';

/** What the device says on load. */
export interface PushDeviceState {
  /** Service worker, PushManager and Notification all exist (a secure context). */
  supported: boolean;
  permission: NotificationPermission;
  /** pushManager.getSubscription() found one. */
  subscribed: boolean;
}

export interface PushSubscriptionContext {
  /** Why the last attempt failed, in words; null otherwise. */
  error: string | null;
}

export type PushSubscriptionEvent =
  /** The toggle tapped while off. */
  | { type: 'user.turnOn' }
  /** The toggle tapped while on. */
  | { type: 'user.turnOff' };

/** The reason of a failed effect, as the UI shows it. */
export function failureText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const rememberFailure = {
  target: 'failed',
  actions: {
    type: 'rememberError',
    params: ({ event }: { event: { error: unknown } }) => ({ error: failureText(event.error) }),
  },
} as const;

export const pushSubscriptionMachine = setup({
  // Stryker disable next-line ObjectLiteral: types exist only for TypeScript; nothing reads them.
  types: {
    context: {} as PushSubscriptionContext,
    events: {} as PushSubscriptionEvent,
  },
  actors: {
    /** Support, Notification.permission and the service worker's current subscription. */
    checkDevice: fromPromise<PushDeviceState, void>(async () => {
      throw new Error('checkDevice must be provided by the app');
    }),
    /** Notification.requestPermission(): the browser's prompt, on the tap that sent user.turnOn. */
    askPermission: fromPromise<NotificationPermission, void>(async () => {
      throw new Error('askPermission must be provided by the app');
    }),
    /** pushManager.subscribe (userVisibleOnly, the VAPID key) and PUT it with the time zone. */
    subscribe: fromPromise<void, void>(async () => {
      throw new Error('subscribe must be provided by the app');
    }),
    /** The subscription's unsubscribe() and DELETE of its endpoint. */
    unsubscribe: fromPromise<void, void>(async () => {
      throw new Error('unsubscribe must be provided by the app');
    }),
  },
  actions: {
    /** The account's subscribed devices changed (the settings' pushDevices): refresh them. */
    deviceChanged: () => {
      throw new Error('deviceChanged must be provided by the app');
    },
    rememberError: assign((_, params: { error: string }) => ({ error: params.error })),
    forgetError: assign({ error: null }),
  },
  guards: {
    isUnsupported: (_, device: PushDeviceState) => !device.supported,
    isBlocked: (_, device: PushDeviceState) => device.permission === 'denied',
    isSubscribed: (_, device: PushDeviceState) =>
      device.permission === 'granted' && device.subscribed,
    isGranted: (_, answer: { permission: NotificationPermission }) =>
      answer.permission === 'granted',
    isRefused: (_, answer: { permission: NotificationPermission }) =>
      answer.permission === 'denied',
  },
}).createMachine({
  id: 'pushSubscription',
  initial: 'checking',
  context: { error: null },
  states: {
    checking: {
      invoke: {
        src: 'checkDevice',
        onDone: [
          {
            guard: { type: 'isUnsupported', params: ({ event }) => event.output },
            target: 'unsupported',
          },
          {
            guard: { type: 'isBlocked', params: ({ event }) => event.output },
            target: 'denied',
          },
          {
            guard: { type: 'isSubscribed', params: ({ event }) => event.output },
            target: 'on',
          },
          { target: 'off' },
        ],
        onError: rememberFailure,
      },
    },
    unsupported: {},
    off: { on: { 'user.turnOn': { target: 'asking' } } },
    denied: { on: { 'user.turnOn': { target: 'asking' } } },
    failed: { on: { 'user.turnOn': { target: 'asking', actions: 'forgetError' } } },
    asking: {
      invoke: {
        src: 'askPermission',
        onDone: [
          {
            guard: { type: 'isGranted', params: ({ event }) => ({ permission: event.output }) },
            target: 'subscribing',
          },
          {
            guard: { type: 'isRefused', params: ({ event }) => ({ permission: event.output }) },
            target: 'denied',
          },
          { target: 'off' },
        ],
        onError: rememberFailure,
      },
    },
    subscribing: {
      invoke: {
        src: 'subscribe',
        onDone: { target: 'on', actions: 'deviceChanged' },
        onError: rememberFailure,
      },
    },
    on: { on: { 'user.turnOff': { target: 'unsubscribing' } } },
    unsubscribing: {
      invoke: {
        src: 'unsubscribe',
        onDone: { target: 'off', actions: 'deviceChanged' },
        onError: rememberFailure,
      },
    },
  },
});
