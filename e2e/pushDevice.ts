import type { APIRequestContext, Page } from '@playwright/test';
import type { PushPayload } from '../contract/outreach.ts';

/*
 * A phone's push service is a third party out of reach here (FCM, Mozilla's, Apple's), so the
 * e2e stack runs a stand-in on loopback (server/test/pushStandIn.ts): FamJam's server really
 * encrypts, signs and posts each push to it, and it decrypts what arrived. In the page, only
 * pushManager's side of that service is stood in for (Chromium's subscribe would ask Google's
 * servers); the permission is Chromium's own, granted to the context as a family's tap on
 * 'Allow' would (these specs run in the full Chromium: playwright.config.ts). Everything between
 * (Profile's switch, its chart, the subscription sent to the API, the job that pushes) is the
 * product.
 */

/** The stand-in's origin, set by the global setup (scripts/lib/testStack.ts). */
function pushStandIn(): string {
  const origin = process.env.FAMJAM_E2E_PUSH_STAND_IN;
  if (!origin) throw new Error('the e2e stack named no push stand-in (FAMJAM_E2E_PUSH_STAND_IN)');
  return origin;
}

/** The Etc/GMT zone whose clock reads `hour` o'clock now (its minutes are UTC's). */
export function zoneAtHour(hour: number, now = new Date()): string {
  let offset = hour - now.getUTCHours();
  if (offset < -12) offset += 24;
  if (offset > 14) offset -= 24;
  // Etc/GMT's signs are the POSIX ones: Etc/GMT-3 is three hours ahead of UTC.
  return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

/**
 * A zone where it is about noon now: the family's pushes then fall outside the quiet hours
 * (contract/outreach.ts, 21:00 to 08:00 in the family's zone) whenever the suite runs. The
 * device's zone is what Profile's switch sends with the subscription.
 */
export function middayZone(now = new Date()): string {
  return zoneAtHour(12, now);
}

/**
 * Gives the page a device that may show notifications and subscribes to the stand-in as `device`
 * (its own name: each test's pushes are told apart by it). Call before the page's first load.
 */
export async function standInPushDevice(
  page: Page,
  request: APIRequestContext,
  device: string,
): Promise<void> {
  const answer = await request.post(`${pushStandIn()}/devices/${encodeURIComponent(device)}`);
  if (!answer.ok()) throw new Error(`the push stand-in refused device ${device}`);
  const subscription = (await answer.json()) as { endpoint: string };
  const origin = process.env.BASE_URL;
  if (!origin) throw new Error('the e2e stack named no address (BASE_URL)');
  await page.context().grantPermissions(['notifications'], { origin: new URL(origin).origin });
  await page.addInitScript((json: { endpoint: string }) => {
    // Kept across reloads like a browser's own: the page's storage says whether it subscribed.
    const subscribedKey = 'e2e-push-subscribed';
    const standIn = {
      endpoint: json.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true },
      toJSON: () => json,
      unsubscribe: async () => {
        localStorage.removeItem(subscribedKey);
        return true;
      },
    };
    PushManager.prototype.subscribe = async () => {
      localStorage.setItem(subscribedKey, '1');
      return standIn as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async () =>
      (localStorage.getItem(subscribedKey) === null
        ? null
        : standIn) as unknown as PushSubscription | null;
  }, subscription);
}

/** What the stand-in decrypted for `device`, oldest first. */
export async function pushesReceived(
  request: APIRequestContext,
  device: string,
): Promise<PushPayload[]> {
  const answer = await request.get(
    `${pushStandIn()}/received?device=${encodeURIComponent(device)}`,
  );
  if (!answer.ok()) throw new Error('the push stand-in did not list what it received');
  const received = (await answer.json()) as { payload: PushPayload }[];
  return received.map((push) => push.payload);
}
