import type { Page } from '@playwright/test';
import { storageKeys } from '../src/domain/constants.ts';
import { expect, saveScreenshotsInBothThemes, signedInTest, test } from './fixtures.ts';

/* docs/product.md#spec-2-shell, the 404 page, and the theme (section 4). */

/** Relative luminance (WCAG) of the page background the user actually sees. */
async function backgroundLuminance(page: Page): Promise<number> {
  return page.evaluate(() => {
    const parse = (value: string) => (value.match(/[\d.]+/g) ?? []).map(Number);
    let colour = [0, 0, 0, 0];
    for (const element of [document.body, document.documentElement]) {
      const parts = parse(getComputedStyle(element).backgroundColor);
      if (parts.length >= 3 && (parts[3] ?? 1) > 0) {
        colour = parts;
        break;
      }
    }
    const [r = 0, g = 0, b = 0] = colour.map((channel) => {
      const c = channel / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  });
}

signedInTest(
  'signed in, an unknown path shows the 404 page inside the app',
  async ({ page, visit }) => {
    await visit('/this/page/does-not-exist');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    await page.getByRole('link', { name: 'Go Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  },
);

signedInTest('the theme toggle survives a reload', async ({ page, visit }) => {
  // Where a new account lands; the header (with the toggle) is there.
  await visit('/onboarding');

  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'light');
  const lightLuminance = await backgroundLuminance(page);
  expect(lightLuminance, 'the light theme has a light background').toBeGreaterThan(0.5);

  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
  // Read until it settles: the background may still be fading from one theme to the other.
  await expect
    .poll(() => backgroundLuminance(page), { message: 'the dark theme has a dark background' })
    .toBeLessThan(0.1);

  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
  await expect
    .poll(() => backgroundLuminance(page), { message: 'still dark after the reload' })
    .toBeLessThan(0.1);

  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'light');
  await expect.poll(() => backgroundLuminance(page)).toBeGreaterThan(0.5);
});

test('the first paint already has the right theme, before any app code runs', async ({
  page,
  allowConsoleError,
}) => {
  // Keep the app's scripts from loading: what shows then is the HTML, its stylesheet and the
  // blocking theme script in <head>, i.e. exactly what a slow phone paints before React.
  allowConsoleError(/Failed to load resource/);
  const withoutApp = (route: { abort(): Promise<void> }) => route.abort();
  await page.route('**/assets/*.js', withoutApp);
  const html = page.locator('html');

  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/auth');
  await expect(html).toHaveAttribute('data-theme', 'dark');
  expect(await backgroundLuminance(page), 'system dark: a dark first paint').toBeLessThan(0.1);

  // A stored choice wins over the system setting.
  await page.evaluate((key) => window.localStorage.setItem(key, 'light'), storageKeys.theme);
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'light');
  expect(await backgroundLuminance(page), 'stored light: a light first paint').toBeGreaterThan(0.5);

  await page.unroute('**/assets/*.js', withoutApp);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome to FamJam' })).toBeVisible();
  await expect(html).toHaveAttribute('data-theme', 'light');
});

test("the app's scripts are requested only once the page has been painted", async ({ page }) => {
  // public/theme-init.js starts them on the first paint (vite.config.ts says why): the page
  // frame must never wait for JavaScript it does not need.
  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: 'Welcome to FamJam' })).toBeVisible();
  const timing = await page.evaluate(() => {
    const paint = performance.getEntriesByName('first-paint')[0]?.startTime ?? null;
    const scripts = performance
      .getEntriesByType('resource')
      .filter((entry) => /\/assets\/[^/]+\.js$/.test(new URL(entry.name).pathname))
      .map((entry) => entry.startTime);
    return { paint, scripts: scripts.length, firstScript: Math.min(...scripts) };
  });
  expect(timing.paint, 'the browser reported a first paint').not.toBeNull();
  expect(timing.scripts).toBeGreaterThan(0);
  expect(timing.firstScript).toBeGreaterThanOrEqual(timing.paint ?? Number.POSITIVE_INFINITY);
});

signedInTest(
  'the header, bottom navigation and footer of the signed-in shell',
  async ({ page, visit, checkPage }) => {
    await visit('/');

    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: /FamJam, home/ })).toBeVisible();
    // The bell; its number depends on what the worker's shared account has been told so far
    // (the count itself: e2e/notifications.spec.ts).
    await expect(header.getByRole('button', { name: /^Notifications(, \d+ new)?$/ })).toBeVisible();
    await expect(header.getByRole('switch')).toBeChecked();
    await expect(header.getByText('Family Safe')).toBeVisible();
    await expect(header.getByText('18 & Under')).toBeVisible();
    await expect(header.getByRole('button', { name: /Location: San Francisco, CA/ })).toBeVisible();
    const headerBox = await header.boundingBox();
    expect(headerBox?.height ?? 0).toBeGreaterThanOrEqual(120);

    // People tap the label, which is part of the switch.
    await header.getByText('Family Safe').click();
    await expect(header.getByText('All Events')).toBeVisible();
    await expect(header.getByText('18 & Under')).toHaveCount(0);

    const bottomNav = page.getByRole('navigation', { name: /main|primary|app/i });
    for (const item of ['Home', 'Search', 'Saved', 'Profile']) {
      await expect(bottomNav.getByRole('link', { name: item })).toBeVisible();
    }
    await bottomNav.getByRole('link', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/search/);
    await checkPage();

    await page.getByRole('button', { name: 'Account menu' }).click();
    const menu = page.getByRole('menu');
    for (const item of ['Profile', 'Saved Events', 'Sign Out']) {
      await expect(menu.getByRole('menuitem', { name: item })).toBeVisible();
    }
    await menu.getByRole('menuitem', { name: 'Saved Events' }).click();
    await expect(page).toHaveURL(/\/saved$/);
    await checkPage();
  },
);

signedInTest.describe('on a touch screen', () => {
  signedInTest.use({ hasTouch: true, isMobile: true });

  // Issue 17 point 7: a tab tapped and then left (Back) looked chosen still, as a phone keeps
  // the :hover of the last tap.
  signedInTest('a tab tapped and left no longer looks chosen', async ({ page, visit }) => {
    await visit('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const saved = nav.getByRole('link', { name: 'Saved' });
    await saved.tap();
    await expect(page).toHaveURL(/\/saved$/);
    await expect(saved).toHaveAttribute('aria-current', 'page');
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect(saved).not.toHaveAttribute('aria-current', 'page');
    const colour = (name: string) =>
      nav.getByRole('link', { name }).evaluate((link) => getComputedStyle(link).color);
    // Compared once the colour transition has run: Saved looks like Profile, an untouched tab.
    await expect.poll(async () => (await colour('Saved')) === (await colour('Profile'))).toBe(true);
  });
});

// Written to test-results/screenshots/ (gitignored); look at them after a run.
test('screenshots at 390x844 for review, signed out', async ({ page, visit }) => {
  await visit('/auth');
  await saveScreenshotsInBothThemes(page, 'auth');
  await visit('/privacy-policy');
  await saveScreenshotsInBothThemes(page, 'privacy-policy');
});

signedInTest('screenshots at 390x844 for review, signed in', async ({ page, visit }) => {
  await visit('/');
  await saveScreenshotsInBothThemes(page, 'home-shell');
  await visit('/missing-page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await saveScreenshotsInBothThemes(page, 'not-found');
});
