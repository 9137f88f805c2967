import type { BrowserContext, Locator, Page } from '@playwright/test';
import { createAccountWithProfile, signInThroughUi } from './accounts.ts';
import { expect, test } from './fixtures.ts';

/*
 * Issue 36: on a repeat visit the service worker answers a page from the frame of that page,
 * precached at install in the browser's language (vite.config.ts, src/app/frameWorker.ts), so
 * the frame paints without the network. To see the frame and not the app, each test takes the
 * app's entry script out of the worker's cache before it goes offline: the app cannot start, and
 * what is on screen is what the worker answered with. A screen never opened online (Search) is
 * framed too: every frame was precached, not just the pages visited.
 *
 * The rest of the suite blocks service workers (playwright.config.ts); here they run.
 */
test.use({ serviceWorkers: 'allow' });

/** What Chromium and the app log while offline, and the entry script it cannot load. */
const offlineNoise =
  /ERR_INTERNET_DISCONNECTED|Failed to load resource|Failed to fetch|dynamically imported module|module script/;

/** Once the worker controls the page, its install (the precache, frames included) is done. */
async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Set in the tab's sessionStorage while its pages must not start the app (see below). */
const NO_APP_KEY = 'famjam_e2e_no_app';

test.beforeEach(async ({ context }) => {
  // While the key is set, the link public/theme-init.js starts the app's entry from (after the
  // first paint) is taken out as soon as it is parsed, so what stays on screen is the document
  // the worker answered with. (Taking the entry out of the worker's cache would not do: the
  // browser's own cache still holds it, immutable.)
  await context.addInitScript((key) => {
    if (sessionStorage.getItem(key) !== '1') return;
    new MutationObserver((_records, observer) => {
      const entry = document.querySelector('link[data-app-entry]');
      if (!entry) return;
      entry.remove();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  }, NO_APP_KEY);
});

/** Offline, and no page opened from now on starts the app. */
async function offlineWithoutApp(context: BrowserContext, page: Page): Promise<void> {
  await page.evaluate((key) => sessionStorage.setItem(key, '1'), NO_APP_KEY);
  await context.setOffline(true);
}

/** Online again, the page reloaded: the app starts and takes the frame's place. */
async function onlineWithApp(context: BrowserContext, page: Page, heading: Locator) {
  await page.evaluate((key) => sessionStorage.removeItem(key), NO_APP_KEY);
  await context.setOffline(false);
  await page.reload();
  await expect(heading).toBeVisible();
  await expect(page.locator('[data-frame]')).toHaveCount(0);
}

/** Opens `path` offline and returns the frame drawn for `session` that the worker answered. */
async function openOffline(page: Page, path: string, session: 'signed-in' | 'signed-out') {
  const response = await page.goto(path);
  expect(response?.fromServiceWorker(), path).toBe(true);
  expect(response?.status(), path).toBe(200);
  return page.locator(`[data-frame="${session}"]`);
}

test("a returning family's pages paint their frames offline, before the app starts", async ({
  page,
  context,
  request,
  allowConsoleError,
}) => {
  allowConsoleError(offlineNoise);
  const account = await createAccountWithProfile(request, 'repeat-visit');
  await page.goto('/auth');
  await signInThroughUi(page, account);
  const homeHeading = page.getByRole('heading', { level: 1, name: 'What should we do today?' });
  await expect(homeHeading).toBeVisible();
  await waitForServiceWorker(page);
  await offlineWithoutApp(context, page);

  const search = await openOffline(page, '/search', 'signed-in');
  await expect(search.getByText('Discover Events', { exact: true })).toBeVisible();
  // The frame's own 'Loading...', as the app has not started.
  await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toBeVisible();
  await expect(page.locator('#app')).toHaveCount(0);

  const home = await openOffline(page, '/', 'signed-in');
  await expect(home.getByText('What should we do today?', { exact: true })).toBeVisible();

  await onlineWithApp(context, page, homeHeading);
});

test('the sign-in page paints its frame offline on a repeat visit', async ({
  page,
  context,
  allowConsoleError,
}) => {
  allowConsoleError(offlineNoise);
  await page.goto('/auth');
  const welcome = page.getByRole('heading', { name: 'Welcome to FamJam' });
  await expect(welcome).toBeVisible();
  await waitForServiceWorker(page);
  await offlineWithoutApp(context, page);

  const signIn = await openOffline(page, '/auth', 'signed-out');
  await expect(signIn.getByText('Welcome to FamJam', { exact: true })).toBeVisible();
  await expect(page.locator('#app')).toHaveCount(0);

  await onlineWithApp(context, page, welcome);
});

test.describe('in Spanish', () => {
  test.use({ locale: 'es-ES' });

  test("the worker answers with the frame in the browser's language", async ({
    page,
    context,
    allowConsoleError,
  }) => {
    allowConsoleError(offlineNoise);
    await page.goto('/auth');
    const welcome = page.getByRole('heading', { name: 'Te damos la bienvenida a FamJam' });
    await expect(welcome).toBeVisible();
    await waitForServiceWorker(page);
    await offlineWithoutApp(context, page);

    const signIn = await openOffline(page, '/auth', 'signed-out');
    await expect(
      signIn.getByText('Te damos la bienvenida a FamJam', { exact: true }),
    ).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');

    await onlineWithApp(context, page, welcome);
  });
});
