import type { APIRequestContext, Page, Route } from '@playwright/test';
import type { OutreachSettings, WatchedSearch } from '../contract/outreach.ts';
import { createAccountWithProfile, signInThroughUi } from './accounts.ts';
import { expect, saveViewportScreenshotsInBothThemes, test } from './fixtures.ts';

/*
 * Issue 34, the client's side in the browser: Profile's push toggle, the kinds of push, the weekly
 * email and the watched searches, and Search's watch button.
 *
 * CLIENT ONLY, until the server branches are merged: `/api/me/outreach`,
 * `/api/me/watched-searches` and `/api/me/push-subscriptions` are answered here with page.route
 * as contract/outreach.ts describes them, and the device's subscription is a stand-in (below).
 * What needs the real server, and is left for the e2e the lead writes after the merge:
 * - `/api/config`'s push.vapidPublicKey (embedded in the page by the server) and a real
 *   pushManager.subscribe to the loopback push stand-in;
 * - the push arriving for a cancelled saved event, the reminder, the watched search's match;
 * - the watched search's 409 at the real limit, and the weekly email.
 */

const settings: OutreachSettings = {
  push: { changes: true, reminders: false, concerts: true, watched: true },
  weeklyEmail: true,
  weeklyEmailOffered: true,
  timeZone: 'America/Los_Angeles',
  pushDevices: 1,
};

const watched: WatchedSearch[] = [
  {
    id: '4c1c5b5e-0000-4000-8000-000000000001',
    name: 'music · Within 5 mi',
    filters: { query: 'music', location: 'San Francisco, CA', radiusKm: 8.05 },
    state: 'active',
    createdAt: '2026-11-27T10:00:00.000Z',
  },
  {
    id: '4c1c5b5e-0000-4000-8000-000000000002',
    name: 'Free · This Weekend · Fits my family',
    filters: { price: 'free', date: 'weekend', ages: ['young_kids'] },
    state: 'paused',
    createdAt: '2026-11-20T10:00:00.000Z',
  },
];

/** The contract's routes, answered in the page (see the note at the top). */
async function answerOutreachRoutes(page: Page): Promise<{ posted: unknown[] }> {
  const posted: unknown[] = [];
  let current = settings;
  let searches = watched;
  await page.route('**/api/me/outreach', async (route: Route) => {
    if (route.request().method() === 'PUT') {
      const body = route.request().postDataJSON() as Partial<OutreachSettings>;
      current = { ...current, ...body, push: { ...current.push, ...body.push } };
    }
    await route.fulfill({ json: current });
  });
  await page.route('**/api/me/watched-searches', async (route) => {
    if (route.request().method() === 'POST') {
      posted.push(route.request().postDataJSON());
      await route.fulfill({ status: 201, json: { ...watched[0], ...(posted.at(-1) as object) } });
      return;
    }
    await route.fulfill({ json: { searches, limit: 10 } });
  });
  await page.route('**/api/me/watched-searches/*', async (route) => {
    const id = route.request().url().split('/').at(-1);
    const body = route.request().postDataJSON() as Partial<WatchedSearch> | null;
    searches =
      route.request().method() === 'DELETE'
        ? searches.filter((search) => search.id !== id)
        : searches.map((search) => (search.id === id ? { ...search, ...body } : search));
    await route.fulfill({ status: 204 });
  });
  await page.route('**/api/me/push-subscriptions', (route) => route.fulfill({ status: 204 }));
  return { posted };
}

/**
 * This device already subscribed, with notifications allowed. Both are stand-ins: subscribing for
 * real needs the server's VAPID key and a push service (the server part), and the e2e browser
 * (e2eBrowserPath) still reads Notification.permission 'denied' after
 * context.grantPermissions(['notifications'], { origin }) (2026-11-29): the lead's e2e must check
 * that grant works on the browser it uses, or launch one where it does.
 */
async function standInSubscribedDevice(page: Page, origin: string): Promise<void> {
  await page.context().grantPermissions(['notifications'], { origin });
  await page.addInitScript(() => {
    Object.defineProperty(Notification, 'permission', { get: () => 'granted' });
    const subscription = {
      endpoint: 'https://push.stand-in.test/send/device-1',
      toJSON: () => ({
        endpoint: 'https://push.stand-in.test/send/device-1',
        keys: { p256dh: 'p256dh', auth: 'auth' },
      }),
      unsubscribe: async () => true,
    };
    const registration = { pushManager: { getSubscription: async () => subscription } };
    ServiceWorkerContainer.prototype.getRegistration = async () =>
      registration as unknown as ServiceWorkerRegistration;
  });
}

async function openProfile(page: Page, prefix: string, request: APIRequestContext) {
  const account = await createAccountWithProfile(request, prefix);
  await page.goto('/auth');
  await signInThroughUi(page, account);
  await expect(
    page.getByRole('heading', { level: 1, name: 'What should we do today?' }),
  ).toBeVisible();
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
}

test('Profile: push on this device, its kinds, the weekly email and watched searches (client part)', async ({
  page,
  request,
  baseURL,
}) => {
  test.slow();
  await standInSubscribedDevice(page, new URL(baseURL ?? '').origin);
  await answerOutreachRoutes(page);
  await openProfile(page, 'outreach-profile', request);

  const push = page.getByRole('switch', { name: 'Push Notifications' });
  await expect(push).toBeChecked();
  const kinds = page.getByRole('group', { name: 'Notify me about' });
  await expect(kinds.getByRole('switch', { name: 'Changes to saved events' })).toBeChecked();
  await expect(kinds.getByRole('switch', { name: 'Reminders the day before' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Weekly email' })).toBeChecked();

  const settingsSection = page.getByRole('region', { name: 'Settings', exact: true });
  await settingsSection.scrollIntoViewIfNeeded();
  await page.evaluate(() =>
    document.getElementById('profile-settings')?.scrollIntoView({ block: 'start' }),
  );
  await saveViewportScreenshotsInBothThemes(page, 'outreach-settings');

  const list = page.getByRole('list', { name: 'Watched searches' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await page.evaluate(() =>
    document.getElementById('watched-searches')?.scrollIntoView({ block: 'start' }),
  );
  await saveViewportScreenshotsInBothThemes(page, 'outreach-watched-searches');

  await page.getByRole('button', { name: 'Rename music · Within 5 mi' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rename watched search' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Jazz nearby');
  await saveViewportScreenshotsInBothThemes(page, 'outreach-rename');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: 'Rename Jazz nearby' })).toBeVisible();
});

test('Profile: notifications blocked in this browser say so in words (client part)', async ({
  page,
  request,
}) => {
  await answerOutreachRoutes(page);
  // The permission refused for this origin (as the e2e browser reads it anyway, see above).
  await page.addInitScript(() => {
    Object.defineProperty(Notification, 'permission', { get: () => 'denied' });
  });
  await openProfile(page, 'outreach-denied', request);
  await expect(
    page.getByText(
      'Notifications are blocked for FamJam in this browser. Allow them in the site settings, then try again.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Push Notifications' })).not.toBeChecked();
  await page.evaluate(() =>
    document.getElementById('profile-settings')?.scrollIntoView({ block: 'start' }),
  );
  await saveViewportScreenshotsInBothThemes(page, 'outreach-denied');
});

test("Search: 'Tell me about new events like this' saves the search (client part)", async ({
  page,
  request,
}) => {
  const { posted } = await answerOutreachRoutes(page);
  const account = await createAccountWithProfile(request, 'outreach-search');
  await page.goto('/auth');
  await signInThroughUi(page, account);
  await expect(
    page.getByRole('heading', { level: 1, name: 'What should we do today?' }),
  ).toBeVisible();
  await page.goto('/search?q=music&radius=5mi');
  await page.getByRole('button', { name: 'Tell me about new events like this' }).click();
  await expect(page.getByText('Watching "music · Within 5 mi"')).toBeVisible();
  expect(posted).toEqual([
    {
      name: 'music · Within 5 mi',
      filters: expect.objectContaining({ query: 'music', radiusKm: 8.05 }),
    },
  ]);
  await page.getByRole('button', { name: 'Open Profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
});
