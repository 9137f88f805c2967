import { type AppLocale, preferredLocale } from '../../contract/locales.ts';
import type { PushPayload } from '../../contract/outreach.ts';

/*
 * What FamJam's service worker does with a push (issue 34): show the notification the payload
 * describes, and on a tap bring FamJam to the payload's path. Runs inside the worker, imported by
 * the worker's own script (pushWorkerEntry.ts, built by vite.config.ts's famjam:push-worker);
 * kept free of the DOM's app code and of imports with runtime code, so that script stays small.
 * The worker's global scope is described by the few members used, so the tests can stand in.
 */

/** The icon every notification shows (the manifest's). */
export const NOTIFICATION_ICON = '/icons/icon-192.png';

/** A push must show something (userVisibleOnly): this, when its payload cannot be read. */
export const FALLBACK_NOTIFICATION = {
  title: 'FamJam',
  body: 'Something new is waiting for you in FamJam.',
  path: '/',
  tag: 'famjam',
} as const satisfies PushPayload;

/**
 * The fallback's words in each language. The server writes every push's text in the family's
 * language (the payload carries it), so this shows only for a payload that cannot be read; the
 * worker loads no catalogue for one sentence, so it has its own, in the browser's language.
 */
const fallbackBodies: Record<AppLocale, string> = {
  en: FALLBACK_NOTIFICATION.body,
  es: 'Tienes algo nuevo esperándote en FamJam.',
};

/** The fallback in the first of the browser's languages FamJam speaks (navigator.languages). */
export function fallbackNotification(languages: readonly string[]): PushPayload {
  return { ...FALLBACK_NOTIFICATION, body: fallbackBodies[preferredLocale(languages)] };
}

export interface PushNotification {
  title: string;
  options: NotificationOptions & { data: { path: string } };
}

/**
 * A path inside FamJam, or null: it must start with one slash and, read as an address on this
 * origin (the URL parser drops tabs and newlines, so '/\t/evil.example' reads as '//evil…'),
 * stay on it.
 */
function ownPath(path: unknown): string | null {
  if (typeof path !== 'string' || !path.startsWith('/')) return null;
  const base = 'https://famjam.invalid';
  try {
    const url = new URL(path, base);
    return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}

/** The push's payload (contract PushPayload), or null when it has no title to show. */
function readPayload(readJson: () => unknown): PushPayload | null {
  let data: unknown;
  try {
    data = readJson();
  } catch {
    return null; // Not JSON, or no data at all.
  }
  if (typeof data !== 'object' || data === null) return null;
  const { title, body, tag, path } = data as Record<string, unknown>;
  if (typeof title !== 'string' || title === '') return null;
  return {
    title,
    body: typeof body === 'string' ? body : '',
    tag: typeof tag === 'string' && tag !== '' ? tag : FALLBACK_NOTIFICATION.tag,
    path: ownPath(path) ?? '/',
  };
}

/**
 * The notification a push asks for, or the fallback when it cannot be read, in the first of
 * `languages` (the browser's) FamJam speaks.
 */
export function notificationFromPush(
  readJson: () => unknown,
  languages: readonly string[] = [],
): PushNotification {
  const shown = readPayload(readJson) ?? fallbackNotification(languages);
  return {
    title: shown.title,
    options: {
      body: shown.body,
      tag: shown.tag,
      icon: NOTIFICATION_ICON,
      data: { path: shown.path },
    },
  };
}

/** The part of a WindowClient used. */
export interface WindowClientLike {
  url: string;
  focus(): Promise<WindowClientLike>;
  navigate(url: string): Promise<WindowClientLike | null>;
}

/** The part of ServiceWorkerGlobalScope used. */
export interface PushWorkerScope {
  location: { origin: string };
  registration: { showNotification(title: string, options?: NotificationOptions): Promise<void> };
  clients: {
    matchAll(options: {
      type: 'window';
      includeUncontrolled: boolean;
    }): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
}

/**
 * A tap on a notification: an open FamJam window comes to the front and goes to the path; with
 * none (or one that cannot be navigated: not yet controlled by this worker), a new window opens
 * there. The app's routing gate sends a signed-out visitor through sign-in and back to it, as it
 * does for any deep link.
 */
export async function openNotificationPath(scope: PushWorkerScope, data: unknown): Promise<void> {
  const path = ownPath((data as { path?: unknown } | null)?.path) ?? '/';
  const url = new URL(path, scope.location.origin).href;
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === scope.location.origin);
  if (open) {
    try {
      // Focus first: the tap's permission to bring a window forward does not outlast the event.
      const focused = await open.focus();
      await focused.navigate(url);
      return;
    } catch {
      // An uncontrolled window refuses navigate(): a new one below.
    }
  }
  await scope.clients.openWindow(url);
}
