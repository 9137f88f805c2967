import { api } from '../api/client.ts';

/** How long sign-out waits for the server to forget the device before going on without it. */
const FORGET_WAIT_MS = 3000;

/**
 * Sign-out on a device that turned push on: the browser's subscription is dropped, so the next
 * person on this device gets none of this family's pushes (and a family signing in next starts
 * with Push Notifications off, as it is for them). The server is told too while the token is
 * still good; if it cannot be reached, the push service answers FamJam's next push with 410 and
 * the server deletes the row then (server/services/outreach/pushRun.ts).
 */
export async function forgetDevicePush(): Promise<void> {
  const registration = await navigator.serviceWorker?.getRegistration();
  const subscription = await registration?.pushManager?.getSubscription();
  if (!subscription) return;
  // The API client itself, not src/api/outreach.ts: sign-out is on every page's first load.
  const told = api
    .delete('me/push-subscriptions', { json: { endpoint: subscription.endpoint } })
    .catch(() => undefined);
  await Promise.race([told, new Promise((resolve) => setTimeout(resolve, FORGET_WAIT_MS))]);
  await subscription.unsubscribe();
}
