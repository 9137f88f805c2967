import type { Page } from '@playwright/test';
import { someEventId } from './accounts.ts';
import { createAccountThroughUi, expect, newCredentials, signedInTest, test } from './fixtures.ts';

/*
 * docs/product.md#spec-2-routing-gate: every path of machines/authGate.ts driven through the real app.
 * Each test starts signed out (a fresh browser context).
 */

const signInHeading = 'Welcome to FamJam';

test.describe('signed out', () => {
  // The sign-in screen remembers where the visitor was going (nothing to remember for /).
  for (const [path, signIn] of [
    ['/', /\/auth$/],
    ['/saved', /\/auth\?redirect=%2Fsaved$/],
  ] as const) {
    test(`${path} sends the visitor to the sign-in screen`, async ({ page, visit }) => {
      await visit(path);
      await expect(page).toHaveURL(signIn);
      await expect(page.getByRole('heading', { name: signInHeading })).toBeVisible();
      await expect(page.getByLabel('Email')).toBeVisible();
    });
  }

  test('an unknown path also shows the sign-in screen', async ({ page, visit }) => {
    await visit('/no-such-page');
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fno-such-page$/);
    await expect(page.getByRole('heading', { name: signInHeading })).toBeVisible();
    await expect(page.getByText('404 Page Not Found')).toHaveCount(0);
  });

  test('/test-onboarding stays reachable', async ({ page, visit }) => {
    await visit('/test-onboarding');
    await expect(page).toHaveURL(/\/test-onboarding$/);
    await expect(page.getByRole('heading', { name: signInHeading })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  });

  test('the music callback page stays reachable, and opened directly says what it is for', async ({
    page,
    visit,
  }) => {
    await visit('/auth/spotify/callback');
    await expect(page).toHaveURL(/\/auth\/spotify\/callback$/);
    // No window opened it, so there is no connection to finish ('Connecting to Spotify...' is
    // what the popup shows while it works: MusicCallbackScreen.test.tsx).
    await expect(
      page.getByRole('heading', { level: 1, name: "This window isn't connected to FamJam" }),
    ).toBeVisible();
  });
});

/** Requests matching `pattern` wait until the returned function is called, then go through. */
async function holdRequests(page: Page, pattern: string): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test('shows Loading... from the first frame while the sign-in library loads', async ({ page }) => {
  // The configuration comes with the page (server/plugins/spa.ts); Firebase's chunk is what
  // the gate still waits for before it can decide.
  const releaseConfig = await holdRequests(page, '**/assets/firebase-*.js');
  await page.goto('/auth');
  const loading = page.getByRole('status').filter({ hasText: 'Loading...' });
  await expect(loading).toBeVisible();
  releaseConfig();
  await expect(page.getByRole('heading', { name: 'Welcome to FamJam' })).toBeVisible();
  await expect(loading).toHaveCount(0);
});

test("a shared event's link paints the sign-in page for a visitor not signed in, before any script", async ({
  browser,
  request,
}) => {
  // The gate sends this visitor to /auth, so the page's first paint is the sign-in frame the
  // server adds to every signed-in page (server/plugins/pageFrames.ts), not the event's.
  const context = await browser.newContext({
    baseURL: process.env.BASE_URL,
    javaScriptEnabled: false,
  });
  const page = await context.newPage();
  await page.goto(`/event/${encodeURIComponent(await someEventId(request))}`);
  // A frame stays out of the accessibility tree until the page is live: seen, not read out.
  await expect(page.getByText('Welcome to FamJam', { exact: true })).toBeVisible();
  await expect(page.getByText('Sign in to your account', { exact: true })).toBeVisible();
  // The event's own frame is in the page for a device that was signed in, not painted here.
  await expect(page.locator('#root[data-frame="signed-in"]')).toBeAttached();
  await expect(page.getByText('Event Details', { exact: true })).toBeHidden();
  await context.close();
});

// Signed in as the worker's account (signedInTest: signed up once, with a profile), except where
// the test needs an account of its own.

/** `text` as a regular expression that matches it literally. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * The user lookup's answer for an account without a profile, as the server gives it to the app
 * (204 for `ifMissing=204`, src/api/users.ts; docs/product.md: to onboarding).
 */
async function answerNoProfile(page: Page): Promise<void> {
  await page.route('**/api/users/by-email/**', (route) => route.fulfill({ status: 204 }));
}

test.describe('signed in', () => {
  signedInTest('shows Loading... with a spinner while the user lookup runs', async ({ page }) => {
    // Hold the lookup until the spinner has been seen, then let it through.
    const releaseLookup = await holdRequests(page, '**/api/users/by-email/**');
    await page.goto('/');
    const loading = page.getByRole('status').filter({ hasText: 'Loading...' });
    await expect(loading).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 1, name: 'What should we do today?' }),
    ).toHaveCount(0);
    releaseLookup();
    await expect(loading).toHaveCount(0);
    await expect(
      page.getByRole('heading', { level: 1, name: 'What should we do today?' }),
    ).toBeVisible();
  });

  signedInTest('a user without a record who opens /auth goes to /onboarding', async ({ page }) => {
    await answerNoProfile(page);
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(
      page.getByRole('heading', { name: "Welcome! Let's set up your FamJam" }),
    ).toBeVisible();
  });

  // Issue 31: home greeted such an account as 'FamJam Explorer'. Onboarding's first step comes
  // first, wherever they arrive, and sends them on to the page they opened when it is done.
  for (const [path, query] of [
    ['/', ''],
    ['/search', '?redirect=%2Fsearch'],
    ['/saved', '?redirect=%2Fsaved'],
  ] as const) {
    signedInTest(
      `a user without a record who opens ${path} lands on onboarding`,
      async ({ page, allowConsoleError }) => {
        // The account's own lists answer 404 without a profile.
        allowConsoleError(/status of 404 \(Not Found\)$/);
        await answerNoProfile(page);
        await page.goto(path);
        await expect(page).toHaveURL(new RegExp(`/onboarding${literal(query)}$`));
        await expect(
          page.getByRole('heading', { name: "Welcome! Let's set up your FamJam" }),
        ).toBeVisible();
        await expect(page.getByText('Step 1 of 6')).toBeVisible();
      },
    );
  }

  // Its own account, so the record is the one this test creates.
  test('a user whose record exists who opens /auth goes to /', async ({
    page,
    visit,
    emulator,
    request,
  }) => {
    const credentials = newCredentials();
    await visit('/auth');
    await createAccountThroughUi(page, credentials);
    await expect(page).toHaveURL(/\/onboarding$/);

    // The record onboarding would create, posted with the same account's ID token (taken from
    // the emulator the way the app signs in), so this test does not depend on the onboarding UI.
    const token = await emulator.idToken(credentials);
    const created = await request.post('/api/users', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        email: credentials.email,
        name: 'Rivera Family',
        familySituation: 'young_kids',
        musicPreferences: ['Pop'],
        location: 'San Francisco, CA',
      },
    });
    expect(created.status(), await created.text()).toBeLessThan(300);

    await page.goto('/auth');
    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'What should we do today?' }),
    ).toBeVisible();
  });

  signedInTest(
    'a failing user lookup is logged and treated as no record',
    async ({ page, allowConsoleError }) => {
      // docs/product.md#spec-8: other statuses raise 'HTTP error! status: {code}', logged, then no user.
      allowConsoleError(/User lookup failed|status of 503/);
      await page.route('**/api/users/by-email/**', (route) =>
        route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ error: 'unavailable', message: 'Try again later' }),
        }),
      );
      const logged = page.waitForEvent('console', {
        predicate: (message) =>
          message.type() === 'error' && /User lookup failed/.test(message.text()),
      });
      await page.goto('/auth');
      await logged;
      await expect(page).toHaveURL(/\/onboarding$/);
      await expect(
        page.getByRole('heading', { name: "Welcome! Let's set up your FamJam" }),
      ).toBeVisible();
    },
  );
});

// Issue 36: a device that kept the family's session and profile draws the page at once; Firebase
// and the lookup confirm it behind the page, or send the family to sign in.
test.describe('a returning family', () => {
  const savedHeading = (page: Page) =>
    page.getByRole('heading', { level: 1, name: 'Saved Events' });

  signedInTest(
    'sees the page while the session check and the lookup are still out',
    async ({ page }) => {
      await page.goto('/');
      await expect(
        page.getByRole('heading', { level: 1, name: 'What should we do today?' }),
      ).toBeVisible();

      // The next visit: Firebase's session check and the user lookup are held.
      const releaseSessionCheck = await holdRequests(page, '**/accounts:lookup*');
      const releaseLookup = await holdRequests(page, '**/api/users/by-email/**');
      await page.goto('/saved');
      await expect(savedHeading(page)).toBeVisible();
      await expect(page.getByText('Loading...', { exact: true })).toHaveCount(0);

      releaseSessionCheck();
      releaseLookup();
      await page.waitForResponse('**/api/users/by-email/**');
      await expect(savedHeading(page)).toBeVisible();
      await expect(page).toHaveURL(/\/saved$/);
    },
  );

  signedInTest(
    'is sent to sign in, for the page they opened, when the kept session has ended',
    async ({ page, allowConsoleError }) => {
      await page.goto('/');
      await expect(
        page.getByRole('heading', { level: 1, name: 'What should we do today?' }),
      ).toBeVisible();

      // The identity service no longer knows the session (expired, or the password changed).
      allowConsoleError(/status of 400/);
      await page.route('**/accounts:lookup*', (route) =>
        route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 400, message: 'USER_NOT_FOUND', errors: [] } }),
        }),
      );
      await page.goto('/saved');
      await expect(page).toHaveURL(/\/auth\?redirect=%2Fsaved$/);
      await expect(page.getByRole('heading', { name: signInHeading })).toBeVisible();
      // Nothing of the ended session stays on the device.
      expect(
        await page.evaluate(() => [
          localStorage.getItem('famjam_user'),
          localStorage.getItem('famjam_session_user'),
        ]),
      ).toEqual([null, null]);
    },
  );
});
