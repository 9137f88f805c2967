import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  test as base,
  type ConsoleMessage,
  expect,
  type Page,
} from '@playwright/test';
import axe from 'axe-core';
import type { Event, EventPage } from '../contract/events.ts';
import { DEFAULT_LOCATION } from '../contract/product.ts';
import { defaultEmulatorProjectId } from '../server/config.ts';
import { storageKeys } from '../src/domain/constants.ts';
import { palettes } from '../src/styles/palette.ts';
import { serveGapiStandIn } from './gapi-stand-in.ts';

export { expect };

export type Theme = 'light' | 'dark';

const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const blockingImpacts = new Set(['serious', 'critical']);

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: string[]; failureSummary: string | null }[];
}

/**
 * axe-core's own script, put into the page once per document and run there directly. Not
 * @axe-core/playwright: its analyze() injects axe into every frame and opens a blank page for
 * each run to merge the frames' results, about 1 s of CPU a call, and the suite calls it twice
 * per screen; running axe in place costs 0.1 to 0.4 s. The app has no frames with content of
 * its own (Firebase's hidden helper iframe and the test's sign-in stand-in are not ours), so the
 * top document is what a person reads.
 */
async function runAxe(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(axe.source);
  return page.evaluate(async (tags) => {
    // Colours mid-transition (a button's hover fading in under the pointer that just pressed it,
    // a toast sliding in) are blends no one reads: axe waits for every finite animation to end.
    // Spinners run forever and are left out.
    await Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime))
        .map((animation) => animation.finished.catch(() => undefined)),
    );
    const { axe: pageAxe } = window as unknown as { axe: typeof axe };
    const results = await pageAxe.run(
      // react-aria's LiveAnnouncer: a visually hidden aria-live log that keeps each announcement
      // for 7 s. A Button entering or leaving its pending state announces itself there as
      // aria-labelledby=<button id>; once the page moves on and the button unmounts, the leftover
      // node points at nothing (axe: role-img-alt). It is read out when added, never navigated
      // to, and react-aria owns it, so it is left out of the scan.
      { exclude: [['[data-live-announcer]']] },
      { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] },
    );
    // Only plain data crosses back to the test.
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? null,
      help: violation.help,
      helpUrl: violation.helpUrl,
      nodes: violation.nodes.map((node) => ({
        target: node.target.map(String),
        failureSummary: node.failureSummary ?? null,
      })),
    }));
  }, axeTags);
}

/**
 * Runs axe on the page as it is now and fails on serious or critical WCAG 2.1 A/AA violations,
 * listing each rule with the elements it found, so the failure reads without opening a report.
 */
export async function expectAccessible(page: Page, label?: string): Promise<void> {
  const violations = await runAxe(page);
  const blocking = violations.filter((violation) => blockingImpacts.has(violation.impact ?? ''));
  const where = label ?? new URL(page.url()).pathname;
  const report = blocking
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, 5)
        .map(
          (node) =>
            `      ${node.target.join(' ')}\n        ${node.failureSummary?.replace(/\n/g, '\n        ') ?? ''}`,
        )
        .join('\n');
      const more =
        violation.nodes.length > 5 ? `\n      ...and ${violation.nodes.length - 5} more` : '';
      return `  [${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes}${more}`;
    })
    .join('\n');
  expect(blocking.length, `axe found serious or critical violations on ${where}:\n${report}`).toBe(
    0,
  );
}

/** The page has finished loading: document loaded, network quiet, no gate spinner. */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  // Route chunks and API calls start after load; wait until they are done.
  await page.waitForLoadState('networkidle');
  await expect(page.getByText('Loading...', { exact: true })).toHaveCount(0);
}

export async function currentTheme(page: Page): Promise<Theme> {
  const theme = await page.locator('html').getAttribute('data-theme');
  if (theme !== 'light' && theme !== 'dark') {
    throw new Error(`<html data-theme> should be light or dark, found ${JSON.stringify(theme)}`);
  }
  return theme;
}

type StoredTheme = Theme | null;

async function storedTheme(page: Page): Promise<StoredTheme> {
  const stored = await page.evaluate((key) => window.localStorage.getItem(key), storageKeys.theme);
  return stored === 'light' || stored === 'dark' ? stored : null;
}

/**
 * Shows `theme` without a reload, the way the theme toggle does (src/app/theme.tsx setTheme and
 * applyTheme): the stored choice, `<html data-theme>`, its color-scheme and the theme-color meta.
 * `stored` is what to leave in storage (null removes the choice, to put back "follow the
 * system"). A reload with a stored theme is proven once, in shell.spec.ts, instead of paying
 * two reloads per checked path. Then waits until every colour transition the switch started has
 * finished, so axe and screenshots see the final colours rather than a blend.
 */
async function showTheme(page: Page, theme: Theme, stored: StoredTheme = theme): Promise<void> {
  await page.evaluate(
    async ({ key, theme, stored, headerColors }) => {
      if (stored === null) window.localStorage.removeItem(key);
      else window.localStorage.setItem(key, stored);
      const root = document.documentElement;
      root.dataset.theme = theme;
      root.style.colorScheme = theme;
      for (const meta of document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')) {
        meta.content = headerColors[theme];
      }
      // Transitions start on the next style recalculation; two frames make sure it ran.
      await new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame)));
      await Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation instanceof CSSTransition)
          // A transition cut short by the next style change rejects `finished`: it is over too.
          .map((animation) => animation.finished.catch(() => undefined)),
      );
    },
    {
      key: storageKeys.theme,
      theme,
      stored,
      headerColors: {
        light: palettes.light.headerBackground,
        dark: palettes.dark.headerBackground,
      },
    },
  );
  expect(await currentTheme(page), `the page should show the ${theme} theme`).toBe(theme);
}

/**
 * axe in the theme the page shows, then in the other one (switched in place as the theme toggle
 * does), then puts the original theme and stored choice back. Nothing reloads, so it also checks
 * what only lasts until a reload (select mode, an open dialog); `label` names that in a failure.
 */
export async function expectAccessibleInBothThemes(
  page: Page,
  label = new URL(page.url()).pathname,
): Promise<void> {
  const first = await currentTheme(page);
  const other: Theme = first === 'light' ? 'dark' : 'light';
  const storedBefore = await storedTheme(page);
  await expectAccessible(page, `${label} (${first} theme)`);
  await showTheme(page, other);
  await expectAccessible(page, `${label} (${other} theme)`);
  await showTheme(page, first, storedBefore);
}

const screenshotDir = join('test-results', 'screenshots');

/**
 * The review screenshots (390x844, light and dark) are taken only when asked for:
 * `FAMJAM_E2E_SCREENSHOTS=1 npm run test:e2e` (or `npm test -- build e2e`). Nobody looks at them
 * in CI or in an ordinary test run, and the 64 pairs, each with two theme switches, cost about a
 * minute of the e2e step there. Nothing a test asserts depends on them.
 */
const screenshotsWanted = process.env.FAMJAM_E2E_SCREENSHOTS === '1';

/** A full-page picture at the reference 390x844 screen, in the theme the page shows now. */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  if (!screenshotsWanted) return;
  mkdirSync(screenshotDir, { recursive: true });
  const path = join(screenshotDir, `${name}-${await currentTheme(page)}.png`);
  await page.screenshot({ path, fullPage: true });
}

/**
 * Screenshots of the page in light and then dark theme, leaving the theme and stored choice as
 * they were. Where the header's theme toggle is on screen (and no dialog covers it) it is
 * pressed, as a user would, so the toggle's own sun/moon icon is right in the picture; elsewhere
 * the theme is switched in place the same way.
 */
export async function saveScreenshotsInBothThemes(page: Page, name: string): Promise<void> {
  if (!screenshotsWanted) return;
  const before = await currentTheme(page);
  const storedBefore = await storedTheme(page);
  for (const theme of ['light', 'dark'] as const) {
    await switchThemeLikeAUser(page, theme);
    await saveScreenshot(page, name);
  }
  await switchThemeLikeAUser(page, before);
  await showTheme(page, before, storedBefore);
}

async function switchThemeLikeAUser(page: Page, theme: Theme): Promise<void> {
  if ((await currentTheme(page)) === theme) return;
  const toggle = page.getByRole('button', { name: `Switch to ${theme} theme` });
  const dialogOpen = (await page.getByRole('dialog').count()) > 0;
  if (!dialogOpen && (await toggle.isVisible())) {
    await toggle.click();
    // The pointer would otherwise leave the toggle in its hover colour in the picture.
    await page.mouse.move(0, 0);
  }
  await showTheme(page, theme);
}

export interface Credentials {
  email: string;
  password: string;
}

let accountCounter = 0;

/** Unique per test, worker and run: accounts from parallel tests never collide. */
export function newCredentials(prefix = 'family'): Credentials {
  accountCounter += 1;
  const unique = `${Date.now().toString(36)}${process.pid.toString(36)}${accountCounter}`;
  return { email: `${prefix}-${unique}@example.com`, password: `Sunny-day-${unique}` };
}

/** The Auth emulator's REST API, for what a test prepares rather than what it checks. */
export interface Emulator {
  host: string;
  /** Signs in with email and password as the app would and returns the Firebase ID token. */
  idToken(credentials: Credentials): Promise<string>;
  /** How many email-verification links the emulator has "sent" to this address. */
  verificationLinksSentTo(email: string): Promise<number>;
}

/** The Auth emulator's host:port the global setup started (for its REST API). */
export function emulatorHost(): string {
  const host = process.env.FAMJAM_E2E_AUTH_EMULATOR_HOST;
  if (!host)
    throw new Error('FAMJAM_E2E_AUTH_EMULATOR_HOST is not set (see scripts/lib/testStack.ts)');
  return host;
}

function emulatorFor(request: APIRequestContext): Emulator {
  const host = emulatorHost();
  return {
    host,
    async idToken({ email, password }) {
      // The emulator accepts any API key.
      const response = await request.post(
        `http://${host}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=e2e`,
        { data: { email, password, returnSecureToken: true } },
      );
      expect(response.ok(), `emulator sign-in for ${email}: ${await response.text()}`).toBe(true);
      const body: unknown = await response.json();
      const token =
        typeof body === 'object' && body !== null && 'idToken' in body ? body.idToken : null;
      if (typeof token !== 'string') throw new Error('the emulator returned no idToken');
      return token;
    },
    async verificationLinksSentTo(email) {
      // The emulator keeps every out-of-band code it would have mailed.
      const response = await request.get(
        `http://${host}/emulator/v1/projects/${defaultEmulatorProjectId}/oobCodes`,
      );
      expect(response.ok(), `emulator oobCodes: ${await response.text()}`).toBe(true);
      const body = (await response.json()) as {
        oobCodes?: { email?: string; requestType?: string }[];
      };
      return (body.oobCodes ?? []).filter(
        (code) => code.requestType === 'VERIFY_EMAIL' && code.email === email,
      ).length;
    },
  };
}

interface FamJamFixtures {
  /**
   * Goes to `path`, waits until it settles, and runs axe there in light and dark theme.
   * Every spec navigates with this, so every page the suite visits is checked.
   */
  visit(path: string): Promise<void>;
  /**
   * Runs the two-theme axe check on the page the test is on now (after a click navigated
   * somewhere new). Paths already checked in this test are skipped.
   */
  checkPage(): Promise<void>;
  /**
   * Declares a console error the test expects (an app log the spec requires). Anything else
   * logged as an error, any uncaught exception and any CSP violation fails the test.
   */
  allowConsoleError(pattern: RegExp): void;
  emulator: Emulator;
  /** Pathnames this test already ran axe on. */
  checkedPaths: Set<string>;
  /** Collects console problems and fails the test with them at its end. */
  consoleGuard: { allowed: RegExp[] };
  /** After the test: the two-theme axe check on the page it ended on, unless already done. */
  finalPageCheck: undefined;
}

function describeConsole(message: ConsoleMessage): string {
  const { url, lineNumber } = message.location();
  return `console.${message.type()}: ${message.text()}${url ? ` (${url}:${lineNumber})` : ''}`;
}

interface FamJamWorkerFixtures {
  /**
   * Screens this worker already ran the automatic axe check on, by address and main heading.
   * Dozens of tests pass through the same screen ('/' with its heading, say) on their way to
   * what they test; checking it again in each cost about a quarter of the e2e run. A screen in
   * another state (another heading: an onboarding step, 'Event not found') is a new key, and a
   * test checks a transient state itself with expectAccessibleInBothThemes.
   */
  axeCheckedScreens: Set<string>;
}

export const test = base.extend<FamJamFixtures, FamJamWorkerFixtures>({
  axeCheckedScreens: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature.
    async ({}, use) => {
      await use(new Set<string>());
    },
    { scope: 'worker' },
  ],

  context: async ({ context }, use) => {
    await serveGapiStandIn(context);
    await use(context);
  },

  checkedPaths: async ({ page: _page }, use) => {
    await use(new Set<string>());
  },

  consoleGuard: [
    async ({ page }, use, testInfo) => {
      const guard = { allowed: [] as RegExp[] };
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        // Chrome logs every 4xx/5xx answer as an error, so an answer the app expects must not
        // be one: "no user record yet" is asked for as 204 (src/api/users.ts).
        if (guard.allowed.some((pattern) => pattern.test(text))) return;
        problems.push(describeConsole(message));
      });
      page.on('pageerror', (error) => {
        problems.push(`uncaught ${error.name}: ${error.message}`);
      });
      await use(guard);
      if (testInfo.status === testInfo.expectedStatus) {
        expect(problems, 'the page logged errors, threw, or violated its CSP').toEqual([]);
      }
    },
    { auto: true },
  ],

  allowConsoleError: async ({ consoleGuard }, use) => {
    await use((pattern) => {
      consoleGuard.allowed.push(pattern);
    });
  },

  checkPage: async ({ page, checkedPaths, axeCheckedScreens }, use) => {
    await use(async () => {
      await settle(page);
      const url = new URL(page.url());
      if (checkedPaths.has(url.pathname)) return;
      checkedPaths.add(url.pathname);
      const headings = await page.getByRole('heading', { level: 1 }).allTextContents();
      const screen = `${url.pathname}${url.search} ${headings.join(' | ')}`;
      if (axeCheckedScreens.has(screen)) return;
      axeCheckedScreens.add(screen);
      await expectAccessibleInBothThemes(page);
    });
  },

  visit: async ({ page, checkPage }, use) => {
    await use(async (path) => {
      await page.goto(path);
      await checkPage();
    });
  },

  emulator: async ({ request }, use) => {
    await use(emulatorFor(request));
  },

  finalPageCheck: [
    async ({ page, checkPage }, use, testInfo) => {
      await use(undefined);
      const passedSoFar = testInfo.status === testInfo.expectedStatus;
      if (passedSoFar && !page.isClosed() && page.url().startsWith('http')) await checkPage();
    },
    { auto: true },
  ],
});

/** Through the sign-in screen's Create Account mode; the app then goes to /onboarding. */
export async function createAccountThroughUi(page: Page, credentials: Credentials): Promise<void> {
  // The Sign In / Create Account choice is a radio group (src/features/auth/ModeSwitch.tsx).
  await page.getByRole('radio', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await fillCredentials(page, credentials);
  await page.getByRole('button', { name: 'Create Account', exact: true }).click();
}

export async function fillCredentials(page: Page, { email, password }: Credentials): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
}

/** Avatar menu, then Sign Out. */
/**
 * A browser context with nobody signed in. Explicitly empty: in a signedInTest,
 * browser.newContext() would otherwise start from the worker's signed-in state.
 */
export function signedOutContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: process.env.BASE_URL,
    storageState: { cookies: [], origins: [] },
  });
}

export async function signOutThroughUi(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
}

interface SignedInWorkerFixtures {
  /** The worker's account, for a test that needs its ID token (emulator.idToken). */
  signedInCredentials: Credentials;
  /** One account per worker, signed in once; its browser storage (IndexedDB too) as a state. */
  signedInState: Awaited<ReturnType<BrowserContext['storageState']>>;
}

/**
 * For tests that are not about signing in: every test starts signed in as its worker's own
 * account (created once through the sign-in screen, then its Firebase session restored from
 * IndexedDB), so a spec does not pay for a sign-up per test. The account has a profile, posted
 * as onboarding would (the gate sends an account without one to onboarding from every page);
 * a test about having none answers the lookup with 404 itself. Tests in one worker run one
 * after another, across spec files, and share that account's data: a test that changes saved
 * events or polls cleans up or does not depend on the state it found.
 */
export const signedInTest = test.extend<object, SignedInWorkerFixtures>({
  signedInCredentials: [
    async ({ browser: _browser }, use) => {
      await use(newCredentials('worker'));
    },
    { scope: 'worker' },
  ],
  signedInState: [
    async ({ browser, signedInCredentials }, use) => {
      const context = await browser.newContext({ baseURL: process.env.BASE_URL });
      await serveGapiStandIn(context);
      const page = await context.newPage();
      await page.goto('/auth');
      await createAccountThroughUi(page, signedInCredentials);
      await expect(page).toHaveURL(/\/onboarding$/);
      const token = await emulatorFor(context.request).idToken(signedInCredentials);
      const created = await context.request.post('/api/users', {
        headers: { authorization: `Bearer ${token}` },
        data: {
          email: signedInCredentials.email,
          name: 'Worker Family',
          familySituation: 'young_kids',
          musicPreferences: ['Pop'],
          location: DEFAULT_LOCATION,
        },
      });
      expect(created.status(), await created.text()).toBeLessThan(300);
      const state = await context.storageState({ indexedDB: true });
      await context.close();
      await use(state);
    },
    { scope: 'worker' },
  ],
  storageState: async ({ signedInState, signedInCredentials, playwright }, use) => {
    // With its profile, the account's saved list is also kept on the server and merged into
    // the device's at start (src/app/savedSync.ts): each test starts from an empty one there,
    // so what an earlier test saved never comes back into the list a test seeds. A request
    // context of its own: taking the test's `request` here would make it before its baseURL.
    const api = await playwright.request.newContext({ baseURL: process.env.BASE_URL });
    try {
      const token = await emulatorFor(api).idToken(signedInCredentials);
      const emptied = await api.put('/api/me/saved', {
        headers: { authorization: `Bearer ${token}` },
        data: { ids: [] },
      });
      expect(emptied.status(), await emptied.text()).toBe(200);
    } finally {
      await api.dispose();
    }
    await use(signedInState);
  },
});

/**
 * Screenshots of what is on screen now (an open dialog) in light and dark theme, viewport only:
 * the theme is switched in place, as the theme toggle does, and put back afterwards.
 */
export async function saveViewportScreenshotsInBothThemes(page: Page, name: string): Promise<void> {
  if (!screenshotsWanted) return;
  const before = await currentTheme(page);
  const storedBefore = await storedTheme(page);
  mkdirSync(screenshotDir, { recursive: true });
  for (const theme of ['light', 'dark'] as const) {
    await showTheme(page, theme);
    await page.screenshot({ path: join(screenshotDir, `${name}-${theme}.png`) });
  }
  await showTheme(page, before, storedBefore);
}

/**
 * The saved ids the app restores from local storage on its first start in this tab; later
 * reloads (axe in both themes) keep whatever the test did to the list since.
 */
export async function seedSavedList(page: Page, ids: readonly string[]): Promise<void> {
  await page.addInitScript(
    ({ key, value }) => {
      if (sessionStorage.getItem('famjam_e2e_seeded') !== null) return;
      sessionStorage.setItem('famjam_e2e_seeded', '1');
      localStorage.setItem(key, value);
    },
    { key: storageKeys.savedEvents, value: JSON.stringify(ids) },
  );
}

/**
 * Empties the saved list on the device after a test, so the next test of the worker's shared
 * account starts from what it seeds. Nothing to do when the test never opened the app.
 */
export async function emptySavedList(page: Page): Promise<void> {
  if (!page.url().startsWith('http')) return;
  await page.evaluate((key) => localStorage.setItem(key, '[]'), storageKeys.savedEvents);
}

/**
 * Takes the share sheet away (navigator.share undefined), so the copy-to-clipboard fallback
 * runs: desktop Chromium on Linux has none, but a test about the fallback must not rely on it.
 */
export async function withoutShareSheet(page: Page): Promise<void> {
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'share', { configurable: true, value: undefined });
  });
}

/** Upcoming seeded events (the API's default location and order), asserting the API answered. */
export async function listedEvents(request: APIRequestContext, limit: number): Promise<Event[]> {
  const response = await request.get(`/api/events?limit=${limit}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as EventPage).events;
}
