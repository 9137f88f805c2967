import type { Page } from '@playwright/test';
import type { Poll } from '../contract/polls.ts';
import { createAccountWithProfile, serverSavedIds, signInThroughUi } from './accounts.ts';
import {
  expect,
  expectAccessibleInBothThemes,
  saveScreenshotsInBothThemes,
  test,
} from './fixtures.ts';

/*
 * Issue 12, offline (docs/product.md#spec-4-offline): the banner, lists served from the local cache, and
 * changes made offline that reach the server when the network returns. Playwright's
 * context.setOffline flips navigator.onLine and fires the online/offline events, as a phone
 * losing its signal does.
 */

const homeHeading = { level: 1, name: 'What should we do today?' } as const;
const WITH_CACHE = 'Showing previously loaded content';
const WITHOUT_CACHE = 'Limited content available without internet';
const WAITING = /^Waiting to sync/;

/** What the browser logs for each request made while offline. */
const offlineRequest = /Failed to load resource: net::ERR_INTERNET_DISCONNECTED/;

const banner = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

const mainNav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name });

/**
 * Signs in, then opens Search and Saved once while online: without the service worker (the pwa
 * branch), a screen's code cannot be fetched offline, and the router also fetches it ahead when
 * a link to it is hovered.
 */
async function signInAtHome(page: Page, account: { email: string; password: string }) {
  await page.goto('/auth');
  await signInThroughUi(page, account);
  await expect(page.getByRole('heading', homeHeading)).toBeVisible();
  await mainNav(page, 'Search').click();
  await expect(searchBox(page)).toBeVisible();
  await mainNav(page, 'Saved').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Saved Events' })).toBeVisible();
  await mainNav(page, 'Home').click();
  await expect(page.getByRole('heading', homeHeading)).toBeVisible();
}

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search events' });

test('offline, the banner says cached content is shown, search answers from the cache, and it hides back online', async ({
  page,
  context,
  request,
  checkPage,
  allowConsoleError,
}) => {
  allowConsoleError(offlineRequest);
  const account = await createAccountWithProfile(request);
  await signInAtHome(page, account);
  await checkPage();
  const someCard = page.getByRole('article').first();
  await expect(someCard).toBeVisible();

  const logs: string[] = [];
  page.on('console', (message) => logs.push(message.text()));
  await context.setOffline(true);
  await expect(banner(page, WITH_CACHE)).toBeVisible();
  await expectAccessibleInBothThemes(page, 'home, offline with a cache');
  await saveScreenshotsInBothThemes(page, 'offline-banner-cached');

  // A search never made online is answered from the cached list.
  await mainNav(page, 'Search').click();
  await searchBox(page).fill('picnic');
  await expect(page).toHaveURL(/[?&]q=picnic/);
  await expect(banner(page, WITH_CACHE)).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  expect(logs).toContain('Using cached events (offline mode)');

  await context.setOffline(false);
  await expect(page.getByText(WITH_CACHE)).toHaveCount(0);
});

test('offline with nothing cached, the banner says content is limited', async ({
  page,
  context,
  request,
  allowConsoleError,
}) => {
  allowConsoleError(offlineRequest);
  // The lists never arrive, so nothing is cached: as on a first visit over a dead connection.
  allowConsoleError(/Failed to load resource: net::ERR_FAILED/);
  // Search logs its failed request (docs/product.md#spec-8).
  allowConsoleError(/^Failed to fetch events/);
  await page.route(/\/api\/(events|restaurants)(\/search)?\?/, (route) => route.abort());
  const account = await createAccountWithProfile(request);
  await signInAtHome(page, account);
  await expect(page.getByText(/We couldn't load/).first()).toBeVisible();

  await context.setOffline(true);
  await expect(banner(page, WITHOUT_CACHE)).toBeVisible();
  await expectAccessibleInBothThemes(page, 'home, offline without a cache');
  await saveScreenshotsInBothThemes(page, 'offline-banner-empty');
  await context.setOffline(false);
  await expect(page.getByText(WITHOUT_CACHE)).toHaveCount(0);
});

test('a save and a poll vote made offline wait on the device, then reach the server once back online', async ({
  page,
  context,
  request,
  allowConsoleError,
}) => {
  test.slow();
  allowConsoleError(offlineRequest);
  const account = await createAccountWithProfile(request);
  const created = await request.post('/api/polls', {
    headers: { authorization: `Bearer ${account.idToken}` },
    data: { title: 'Saturday morning?', options: ['Zoo', 'Beach'] },
  });
  expect(created.status()).toBe(201);
  const poll = (await created.json()) as Poll;
  await signInAtHome(page, account);
  // The saved-list sync has read the server's (empty) list: from here, a change is a change.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('famjam_saved_synced')))
    .toBe('[]');

  await context.setOffline(true);
  // The banner slides the page down as it appears: press only once it is there, as a person
  // would, or the press lands where the button was a moment before (a CI run missed Beach so).
  await expect(banner(page, WITH_CACHE)).toBeVisible();
  const save = page.getByRole('button', { name: /^Save / }).first();
  const title = ((await save.getAttribute('aria-label')) ?? '').replace(/^Save /, '');
  await save.click();
  await expect(
    page.getByRole('button', { name: `Remove ${title} from saved` }).first(),
  ).toBeVisible();
  await mainNav(page, 'Saved').click();
  await expect(page.getByRole('status').filter({ hasText: WAITING })).toBeVisible();
  // The saved event itself comes from the cached list (Search's, a superset of Home's).
  await expect(page.getByRole('article').filter({ hasText: title })).toBeVisible();
  await saveScreenshotsInBothThemes(page, 'offline-saved-waiting');
  expect(await serverSavedIds(request, account.idToken)).toEqual([]);

  // Back online, the list goes up by itself, once.
  const written = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/me/saved' &&
      response.request().method() === 'PUT' &&
      response.ok(),
  );
  await context.setOffline(false);
  await written;
  await expect(page.getByText(WAITING)).toHaveCount(0);
  const ids = await serverSavedIds(request, account.idToken);
  expect(ids).toHaveLength(1);

  // The poll: opened online, voted on offline.
  await page.goto(`/poll/${poll.id}`);
  await expect(page.getByRole('heading', { level: 1, name: poll.title })).toBeVisible();
  await context.setOffline(true);
  await expect(banner(page, WITH_CACHE)).toBeVisible();
  await page.getByText('Beach', { exact: true }).click();
  await expect(page.getByRole('radio', { name: /^Beach/ })).toBeChecked();
  await expect(page.getByRole('status').filter({ hasText: WAITING })).toBeVisible();
  await saveScreenshotsInBothThemes(page, 'offline-poll-waiting');

  await context.setOffline(false);
  await expect(page.getByRole('radio', { name: 'Beach Your vote 1 vote · 100%' })).toBeChecked();
  await expect(page.getByText(WAITING)).toHaveCount(0);
  const answer = await request.get(`/api/polls/${poll.id}`, {
    headers: { authorization: `Bearer ${account.idToken}` },
  });
  const stored = (await answer.json()) as Poll;
  expect(stored.totalVotes).toBe(1);
  expect(stored.myVote).toBe(stored.options.find((option) => option.text === 'Beach')?.id);
});

test('a screen whose code never loaded says so offline, with Try again that opens it once back online', async ({
  page,
  context,
  request,
  allowConsoleError,
}) => {
  allowConsoleError(offlineRequest);
  // The route's chunk and stylesheet fail (Vite: 'Unable to preload CSS for …', the browser:
  // 'Failed to fetch dynamically imported module'); React reports the error its boundary caught.
  allowConsoleError(/Unable to preload CSS|dynamically imported module|The above error occurred/);
  const account = await createAccountWithProfile(request);
  // Home only: Saved's code has not been fetched, as on a first visit before the service worker.
  await page.goto('/auth');
  await signInThroughUi(page, account);
  await expect(page.getByRole('heading', homeHeading)).toBeVisible();

  await context.setOffline(true);
  await mainNav(page, 'Saved').click();
  await expect(page.getByRole('heading', { level: 1, name: "You're offline" })).toBeVisible();
  await expect(page.getByText('Something went wrong!')).toHaveCount(0);
  const tryAgain = page.getByRole('button', { name: 'Try again' });
  await expect(tryAgain).toBeVisible();
  // The app around it is still there.
  await expect(mainNav(page, 'Home')).toBeVisible();
  await expectAccessibleInBothThemes(page, 'a screen not loaded offline');
  await saveScreenshotsInBothThemes(page, 'offline-screen-not-loaded');
  // Pressed while still offline, it stays and says so, rather than reloading into nothing.
  await tryAgain.click();
  await expect(page.getByText('Still offline.')).toBeVisible();

  await context.setOffline(false);
  await expect(
    page.getByRole('heading', { level: 1, name: "This page didn't load" }),
  ).toBeVisible();
  await tryAgain.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Saved Events' })).toBeVisible();
});
