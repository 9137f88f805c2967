import { appendFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import type { Poll } from '../contract/polls.ts';
import { createAccountWithProfile, signInThroughUi } from './accounts.ts';
import {
  expect,
  expectAccessibleInBothThemes,
  saveViewportScreenshotsInBothThemes,
  test,
} from './fixtures.ts';
import { type SignalRelay, startSignalRelay } from './signalRelay.ts';

/*
 * Issue 12, the installable app: once the service worker (vite-plugin-pwa, src/app/serviceWorker.ts)
 * is installed, the app opens without a network. The banner and the local cache behind it are
 * the offline mode's (docs/product.md#spec-4-offline); this spec proves the worker gets the app that far.
 *
 * The rest of the suite blocks service workers (playwright.config.ts) so page.route() sees every
 * request; here they run.
 */
test.use({ serviceWorkers: 'allow' });

/** What the shell shows offline; machines/offline.ts holds the texts. */
const withCache = 'Showing previously loaded content';
const withoutCache = 'Limited content available without internet';

/**
 * The page is reloaded while offline: Chromium logs each request that cannot go out, and the
 * app logs the user lookup and saved-list sync it could not make ('TypeError: Failed to fetch').
 */
const offlineNoise = /ERR_INTERNET_DISCONNECTED|Failed to load resource|Failed to fetch/;

const homeHeading = (page: Page) =>
  page.getByRole('heading', { level: 1, name: 'What should we do today?' });

/** Signed in as an account with a profile, on Home, its event cards shown. */
async function signInToHome(page: Page, request: Parameters<typeof createAccountWithProfile>[0]) {
  const account = await createAccountWithProfile(request, 'offline-app');
  await page.goto('/auth');
  await signInThroughUi(page, account);
  await expect(homeHeading(page)).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
}

/**
 * The worker is registered after the page is idle; once it controls the page and has cached
 * /api/config (its first-visit warm-up), everything the app needs to start is on the device.
 */
async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await expect
    .poll(() => cachedApiPaths(page), { message: 'the worker should have cached /api/config' })
    .toContain('/api/config');
}

/** Paths of the API answers in the service worker's runtime caches. */
function cachedApiPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      if (name.includes('precache')) continue;
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const { pathname } = new URL(request.url);
        if (pathname.startsWith('/api/')) paths.push(pathname);
      }
    }
    return paths;
  });
}

/*
 * A stand-in for the browser's own report, in this spec only. Chromium 150 (Debian's, November
 * 2026) does not carry the context's offline emulation into a document loaded while offline:
 * its requests fail, yet `navigator.onLine` reads true and no 'offline' event comes, where a
 * phone with no signal reports false. So while a test keeps the signal off, every document
 * loaded reads `navigator.onLine` as false until the browser's own next 'offline' or 'online'
 * event, and the way back online passes through offline so that the browser fires 'online' in
 * that document too. Nothing changes for a page that was loaded before the signal went.
 */
const NO_SIGNAL_KEY = 'famjam_e2e_no_signal';

test.beforeEach(async ({ context }) => {
  await context.addInitScript((key) => {
    if (sessionStorage.getItem(key) !== '1') return;
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    const handBack = () => {
      Reflect.deleteProperty(navigator, 'onLine');
      removeEventListener('offline', handBack);
      removeEventListener('online', handBack);
    };
    addEventListener('offline', handBack);
    addEventListener('online', handBack);
  }, NO_SIGNAL_KEY);
});

/** The browser offline, as documents loaded from now on see it too (see above). */
async function browserOffline(context: BrowserContext, page: Page): Promise<void> {
  await page.evaluate((key) => sessionStorage.setItem(key, '1'), NO_SIGNAL_KEY);
  await context.setOffline(true);
}

/** The browser online again, with the 'online' event the app listens for (see above). */
async function browserOnline(context: BrowserContext, page: Page): Promise<void> {
  await page.evaluate((key) => sessionStorage.removeItem(key), NO_SIGNAL_KEY);
  await context.setOffline(false);
  await context.setOffline(true);
  await context.setOffline(false);
}

/**
 * No signal, as a phone has none: the browser says it is offline (what the app checks before it
 * sends) and the relay the page talks through carries nothing (what a phone's radio does), so
 * what the server counts afterwards is what the app sent once the signal was back.
 */
async function setSignal(
  context: BrowserContext,
  page: Page,
  relay: SignalRelay,
  signal: 'none' | 'back',
): Promise<void> {
  relay.set(signal);
  if (signal === 'none') await browserOffline(context, page);
  else await browserOnline(context, page);
}

async function goOffline(context: BrowserContext, page: Page): Promise<void> {
  await browserOffline(context, page);
  await page.reload();
  // The app itself, not the browser's "No internet" page.
  await expect(homeHeading(page)).toBeVisible();
}

test('reopens offline with the events it showed, says so, and refreshes once back online', async ({
  page,
  context,
  request,
  visit,
  allowConsoleError,
}) => {
  allowConsoleError(offlineNoise);
  await signInToHome(page, request);
  const firstTitle = await page.getByRole('article').first().getByRole('heading').textContent();
  if (!firstTitle) throw new Error('the first event card has no title');
  // A second screen online, as a visitor would before losing the network.
  await visit('/search');
  await expect(page.getByRole('heading', { level: 1, name: 'Discover Events' })).toBeVisible();
  await waitForServiceWorker(page);
  await page.goto('/');
  await expect(homeHeading(page)).toBeVisible();

  await goOffline(context, page);
  await expect(page.getByText(withCache)).toBeVisible();
  await expect(page.getByRole('heading', { name: firstTitle }).first()).toBeVisible();
  await saveViewportScreenshotsInBothThemes(page, 'offline-app-cached');

  // Back online the banner goes and the lists are asked for again, from the server.
  // Home's lists are searches (/api/events/search); any events list counts.
  const refreshed = page.waitForResponse(
    (response) => new URL(response.url()).pathname.startsWith('/api/events') && response.ok(),
  );
  await browserOnline(context, page);
  await expect(page.getByText(withCache)).toHaveCount(0);
  expect((await refreshed).fromServiceWorker()).toBe(false);
});

test('a first visit offline opens the app and says that little is available', async ({
  page,
  context,
  request,
  allowConsoleError,
}) => {
  allowConsoleError(offlineNoise);
  await signInToHome(page, request);
  await waitForServiceWorker(page);
  // Signed-in answers carry an ID token and are never stored by the worker; only public ones.
  expect(await cachedApiPaths(page)).toEqual(['/api/config']);

  // A device that installed the app but kept nothing yet: the local cache emptied, the worker's
  // runtime caches too except the configuration, without which nothing starts.
  await page.evaluate(async () => {
    for (const key of Object.keys(localStorage)) {
      if (/^famjam_(events|restaurants|last_sync)$/.test(key)) localStorage.removeItem(key);
    }
    for (const name of await caches.keys()) {
      if (name !== 'famjam-public-api' && !name.includes('precache')) await caches.delete(name);
    }
  });

  await goOffline(context, page);
  await expect(page.getByText(withoutCache)).toBeVisible();
  await saveViewportScreenshotsInBothThemes(page, 'offline-app-first-visit');
});

test('an event opened offline by its address is shown from the events kept on the device', async ({
  page,
  context,
  request,
  allowConsoleError,
}) => {
  allowConsoleError(offlineNoise);
  await signInToHome(page, request);
  await waitForServiceWorker(page);
  // One of the events Home kept for offline use (src/api/offlineCache.ts).
  const kept = await page.evaluate(
    () =>
      JSON.parse(localStorage.getItem('famjam_events') ?? '[]') as { id: string; title: string }[],
  );
  const event = kept.at(-1);
  if (!event) throw new Error('Home kept no events on the device');

  await browserOffline(context, page);
  await page.goto(`/event/${event.id}`);
  await expect(page.getByRole('heading', { level: 2, name: event.title })).toBeVisible();
  await expect(page.getByText('Failed to fetch')).toHaveCount(0);
  await expect(page.getByText(withCache)).toBeVisible();

  // One this device never had: the page says plainly that it is offline.
  await page.goto('/event/999999999');
  await expect(
    page.getByText("You're offline, and this event is not on this device yet.", { exact: false }),
  ).toBeVisible();
});

/** The page goes through a relay the test can switch off (e2e/signalRelay.ts). */
const testWithRelay = test.extend<{ relay: SignalRelay }>({
  relay: async ({ baseURL }, use) => {
    const relay = await startSignalRelay(new URL(baseURL ?? ''));
    await use(relay);
    await relay.close();
  },
});

testWithRelay(
  'a save and a poll vote made offline survive a reload without signal and reach the server once',
  async ({ page, context, request, relay, allowConsoleError }) => {
    test.slow();
    allowConsoleError(offlineNoise);
    const account = await createAccountWithProfile(request, 'offline-app');
    const auth = { authorization: `Bearer ${account.idToken}` };
    const created = await request.post('/api/polls', {
      headers: auth,
      data: { title: 'Sunday afternoon?', options: ['Park', 'Museum'] },
    });
    expect(created.status()).toBe(201);
    const poll = (await created.json()) as Poll;
    const at = (path: string) => new URL(path, relay.url).href;
    await page.goto(at('/auth'));
    await signInThroughUi(page, account);
    await expect(homeHeading(page)).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
    await waitForServiceWorker(page);
    // The saved-list sync has read the server's (empty) list: from here, a change is a change.
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('famjam_saved_synced')))
      .toBe('[]');

    // The poll, opened online, voted on with no signal: the vote stays on the device.
    await page.goto(at(`/poll/${poll.id}`));
    await expect(page.getByRole('heading', { level: 1, name: poll.title })).toBeVisible();
    await setSignal(context, page, relay, 'none');
    // The offline banner slides the page down as it appears: vote once it is there, or the press
    // lands where the option was a moment before (a loaded CI run missed Museum so).
    await expect(page.getByRole('status', { name: 'Connection' })).not.toBeEmpty();
    await page.getByText('Museum', { exact: true }).click();
    await expect(page.getByText(/^Waiting to sync/)).toBeVisible();
    // Home reopened without signal (the worker's app, the cached events): an event saved there.
    await page.goto(at('/'));
    await expect(homeHeading(page)).toBeVisible();
    const save = page.getByRole('button', { name: /^Save / }).first();
    const title = ((await save.getAttribute('aria-label')) ?? '').replace(/^Save /, '');
    await save.click();
    await expect(
      page.getByRole('button', { name: `Remove ${title} from saved` }).first(),
    ).toBeVisible();

    // A reload with no signal: the app opens and still has both changes waiting.
    await page.goto(at('/saved'));
    await expect(page.getByRole('heading', { level: 1, name: 'Saved Events' })).toBeVisible();
    await expect(page.getByText(/^Waiting to sync/)).toBeVisible();
    await expect(page.getByRole('article').filter({ hasText: title })).toBeVisible();
    expect((await (await request.get('/api/me/saved', { headers: auth })).json()).ids).toEqual([]);
    expect(
      ((await (await request.get(`/api/polls/${poll.id}`, { headers: auth })).json()) as Poll)
        .totalVotes,
    ).toBe(0);

    // Back online: each change reaches the server once.
    await setSignal(context, page, relay, 'back');
    await expect(page.getByText(/^Waiting to sync/)).toHaveCount(0);
    await expect
      .poll(async () => (await (await request.get('/api/me/saved', { headers: auth })).json()).ids)
      .toHaveLength(1);
    await expect
      .poll(async () => {
        const stored = (await (
          await request.get(`/api/polls/${poll.id}`, { headers: auth })
        ).json()) as Poll;
        return [
          stored.totalVotes,
          stored.options.find((option) => option.id === stored.myVote)?.text,
        ];
      })
      .toEqual([1, 'Museum']);
  },
);

/** The worker the stack serves (scripts/lib/testStack.ts serves this worktree's dist/client). */
const builtWorker = join('dist', 'client', 'sw.js');

test('a new version waits for Reload in a toast; the page never reloads by itself', async ({
  page,
}) => {
  test.skip(
    Boolean(process.env.FAMJAM_E2E_BASE_URL),
    'deploys a new worker by editing dist/client/sw.js, which an external stack does not serve',
  );
  await page.goto('/auth');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await waitForServiceWorker(page);

  const original = await readFile(builtWorker, 'utf8');
  try {
    // A deploy: the worker's bytes change. The browser checks on navigations; ask it now.
    await appendFile(builtWorker, `\n// e2e deploy ${Date.now()}\n`);
    // Gone after any reload: the page must keep it until the person presses Reload.
    await page.evaluate(() => {
      Object.assign(window, { beforeUpdate: true });
    });
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });

    const toast = page.getByText('A new version of FamJam is available');
    await expect(toast).toBeVisible();
    const reload = page.getByRole('button', { name: 'Reload' });
    await expect(reload).toBeVisible();
    await expectAccessibleInBothThemes(page, 'update toast');
    await saveViewportScreenshotsInBothThemes(page, 'offline-app-update-toast');
    // The new worker is installed and the page is still the one it was (that the toast outlasts
    // the usual 5 s is Toast.test.tsx's, without a wait here).
    expect(await page.evaluate(() => 'beforeUpdate' in window)).toBe(true);

    const waitingWorker = await page.evaluate(
      async () => (await navigator.serviceWorker.getRegistration())?.waiting?.scriptURL ?? null,
    );
    expect(waitingWorker).not.toBeNull();
    await Promise.all([page.waitForEvent('load'), reload.click()]);
    expect(await page.evaluate(() => 'beforeUpdate' in window)).toBe(false);
    await expect(toast).toHaveCount(0);
    // The new version runs the page now; nothing is left waiting.
    expect(
      await page.evaluate(
        async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null,
      ),
    ).toBeNull();
  } finally {
    await writeFile(builtWorker, original);
  }
});
