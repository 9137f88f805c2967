import type { Locator, Page } from '@playwright/test';
import { createAccountWithProfile, signInThroughUi } from './accounts.ts';
import { expect, saveViewportScreenshotsInBothThemes, test } from './fixtures.ts';

/*
 * Issue 10, "Events that fit the family's ages": cards show who an event is for, and a family
 * whose profile says young kids turns on 'Fits my family' to stop seeing 21+ nights. The
 * account is its own, with a profile (createAccountWithProfile: familySituation 'young_kids'):
 * the signedInTest worker account must never get one.
 */

const homeHeading = { level: 1, name: 'What should we do today?' } as const;
const fitsMyFamily = (page: Page) =>
  page.getByRole('button', { name: 'Fits my family', exact: true });
const results = (page: Page) => page.getByRole('region', { name: /^Showing events near / });
const found = (page: Page) => page.getByText(/^\d+ event\(s\) found/);
const cards = (page: Page) => results(page).getByRole('article');
/** A card's age badge: 'Ages 3–8', 'Ages 13+', 'Age 5', '21+', '18+'. */
const ageBadges = (scope: Locator) => scope.getByText(/^(Ages? \d+(–\d+|\+)?|\d+\+)$/);
const adultCards = (page: Page) => cards(page).filter({ has: page.getByText(/^21\+$/) });

async function signInWithProfile(
  page: Page,
  request: Parameters<typeof createAccountWithProfile>[0],
) {
  const account = await createAccountWithProfile(request, 'ages');
  await page.goto('/auth');
  await signInThroughUi(page, account);
  await expect(page.getByRole('heading', homeHeading)).toBeVisible();
}

/**
 * Up to `pages` pages of results on screen. Scrolling to the end loads the next page by itself
 * (infinite scroll), which disables 'Load more events' while it loads: so the button is pressed
 * only when scrolling did not already bring the page (the poll tries again). The list may reach its end at any moment (a page already
 * on its way when a round starts can be the last), so the end counts as done too.
 */
async function loadPages(page: Page, pages: number): Promise<void> {
  await expect(found(page)).toBeVisible();
  const more = results(page).getByRole('button', { name: 'Load more events' });
  const listEnd = results(page).getByText(/^That's (all \d+ events|the only event)$/);
  for (let loaded = 1; loaded < pages; loaded += 1) {
    const before = await cards(page).count();
    if (await listEnd.isVisible()) return;
    await more.scrollIntoViewIfNeeded().catch(() => undefined);
    await expect
      .poll(
        async () => {
          if ((await cards(page).count()) > before || (await listEnd.isVisible())) return true;
          if (await more.isEnabled({ timeout: 500 }).catch(() => false)) {
            // From the keyboard: a tap can land on the bottom navigation over the button.
            await more.press('Enter', { timeout: 2_000 }).catch(() => undefined);
          }
          return (await cards(page).count()) > before || (await listEnd.isVisible());
        },
        { timeout: 30_000 },
      )
      .toBe(true);
  }
}

test("a young family's Search: 'Fits my family' hides the 21+ events the list had", async ({
  page,
  request,
  checkPage,
}) => {
  test.slow();
  await signInWithProfile(page, request);
  // Family mode (on by default) already hides every 21+ event: off, the list has them.
  // Its name follows its state ('Family Safe 18 & Under', then 'All Events'): the one switch.
  const familySwitch = page.getByRole('switch');
  await familySwitch.click();
  await expect(familySwitch).not.toBeChecked();

  await page.goto('/search');
  await expect(fitsMyFamily(page)).toHaveAttribute('aria-pressed', 'false');
  // The seed's 21+ nights are evenings: a few pages in, whatever the time of day.
  await loadPages(page, 4);
  await expect(adultCards(page).first()).toBeVisible();
  await expect(adultCards(page).first().getByText('21+', { exact: true })).toBeVisible();

  const asked = page.waitForRequest((sent) => {
    const url = new URL(sent.url());
    return url.pathname === '/api/events/search' && url.searchParams.get('ages') === 'young_kids';
  });
  await fitsMyFamily(page).click();
  await asked;
  await expect(fitsMyFamily(page)).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/[?&]fits=true\b/);
  await loadPages(page, 4);
  expect(await cards(page).count()).toBeGreaterThan(0);
  await expect(adultCards(page)).toHaveCount(0);
  await expect(cards(page).filter({ has: page.getByText(/^18\+$/) })).toHaveCount(0);
  // What is left is for every age or for young children: every range shown starts by 8.
  const ranges = await ageBadges(results(page)).allTextContents();
  expect(ranges.length, 'young-kid events show their ages').toBeGreaterThan(0);
  for (const range of ranges) {
    const youngest = Number(/\d+/.exec(range)?.[0]);
    expect(youngest, range).toBeLessThanOrEqual(8);
  }
  expect(ranges.some((range) => /^Ages \d+–\d+$/.test(range))).toBe(true);

  // Kept in the address: a reload keeps the filter on.
  await page.reload();
  await expect(fitsMyFamily(page)).toHaveAttribute('aria-pressed', 'true');
  await expect(found(page)).toBeVisible();
  await checkPage();
  // The screen's top with the toggle on, and a card with its age badge, as a phone shows them.
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveViewportScreenshotsInBothThemes(page, 'ages-search-fits-my-family');
  const childCard = cards(page)
    .filter({ has: page.getByText(/^Ages \d+–\d+$/) })
    .first();
  await childCard.scrollIntoViewIfNeeded();
  await saveViewportScreenshotsInBothThemes(page, 'ages-search-card');

  // Off again: the 21+ events come back.
  await fitsMyFamily(page).click();
  await expect(fitsMyFamily(page)).toHaveAttribute('aria-pressed', 'false');
  await loadPages(page, 4);
  await expect(adultCards(page).first()).toBeVisible();
});

test("Home offers 'Fits my family' from the profile and asks for the family's ages", async ({
  page,
  request,
  checkPage,
}) => {
  test.slow();
  await signInWithProfile(page, request);
  await expect(fitsMyFamily(page)).toHaveAttribute('aria-pressed', 'false');
  const asked = page.waitForRequest((sent) => {
    const url = new URL(sent.url());
    return url.pathname === '/api/events/search' && url.searchParams.get('ages') === 'young_kids';
  });
  const counted = page.waitForRequest((sent) => {
    const url = new URL(sent.url());
    return (
      url.pathname === '/api/events/categories' && url.searchParams.get('ages') === 'young_kids'
    );
  });
  await fitsMyFamily(page).click();
  await Promise.all([asked, counted]);
  await expect(fitsMyFamily(page)).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/[?&]fits=true\b/);
  await checkPage();
  await saveViewportScreenshotsInBothThemes(page, 'ages-home-fits-my-family');

  // The bottom navigation's Home comes back to Home as the family left it.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Search' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Discover Events' })).toBeVisible();
  await nav.getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/\?(.*&)?fits=true\b/);
  await expect(fitsMyFamily(page)).toHaveAttribute('aria-pressed', 'true');
});

test("Picks' See All opens Search with Home's date chip and 'Fits my family'", async ({
  page,
  request,
}) => {
  await signInWithProfile(page, request);
  await page.getByRole('button', { name: 'This Weekend' }).click();
  await expect(page).toHaveURL(/[?&]date=weekend\b/);
  await fitsMyFamily(page).click();
  await expect(page).toHaveURL(/[?&]fits=true\b/);

  const searched = page.waitForRequest((sent) => {
    const url = new URL(sent.url());
    return (
      url.pathname === '/api/events/search' &&
      url.searchParams.get('date') === 'weekend' &&
      url.searchParams.get('ages') === 'young_kids' &&
      !url.searchParams.has('limit')
    );
  });
  await page
    .getByRole('region', { name: 'FamJam Picks', exact: true })
    .getByRole('link', { name: 'See All' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Discover Events' })).toBeVisible();
  await expect(page).toHaveURL(/\/search\?/);
  await expect(page).toHaveURL(/[?&]date=weekend\b/);
  await expect(page).toHaveURL(/[?&]fits=true\b/);
  await expect(fitsMyFamily(page)).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Remove filter This Weekend' })).toBeVisible();
  await searched;
  await page.getByRole('button', { name: /^Filters/ }).click();
  await expect(
    page.getByRole('region', { name: 'Filters' }).getByRole('button', { name: 'This Weekend' }),
  ).toHaveAttribute('aria-pressed', 'true');
});
