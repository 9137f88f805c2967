import type { Page } from '@playwright/test';
import {
  expect,
  saveScreenshotsInBothThemes,
  saveViewportScreenshotsInBothThemes,
  signedInTest as test,
} from './fixtures.ts';

/* docs/product.md#spec-2-home, 4 "Shake flow" / "Date filter" / "Family mode", 9 (shake, home, deals). */

const categoryLabels = [
  'Music & Shows',
  'Comedy',
  'Sports Games',
  'Food & Dining',
  'Arts & Culture',
  'Active / Sports',
  'Deals & Discounts',
  'Pop-Up Events',
  'Random',
];

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** The count on a category tile, read from its accessible name ('Comedy, 3 events'). */
async function tileCount(page: Page, label: string): Promise<number> {
  const tile = section(page, 'Explore Categories').getByRole('link', {
    name: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}, \\d+ events?$`),
  });
  const name = (await tile.getAttribute('aria-label')) ?? '';
  return Number(/, (\d+) event/.exec(name)?.[1]);
}

test('a new account sees San Francisco events, counts, a restaurant and deals on /', async ({
  page,
  visit,
}) => {
  // Axe and screenshots in both themes reload the page four times.
  test.slow();
  await visit('/');
  await expect(page.getByRole('button', { name: 'Tap to Shake' })).toBeVisible();
  await expect(page.getByRole('button', { name: /San Francisco, CA/ })).toBeVisible();

  const categories = section(page, 'Explore Categories');
  for (const label of categoryLabels) {
    await expect(
      categories.getByRole('link', {
        name: new RegExp(`^${label.replace(/[/]/g, '\\/')}, \\d+ events?$`),
      }),
    ).toBeVisible();
  }
  expect(await tileCount(page, 'Random')).toBeGreaterThan(0);

  const picks = section(page, 'FamJam Picks');
  await expect(picks.getByRole('article')).toHaveCount(1);
  await expect(picks.getByRole('link', { name: 'See All' })).toHaveAttribute('href', '/search');

  const dining = section(page, 'Family Dining');
  await expect(dining.getByRole('article')).toHaveCount(1);
  await expect(dining.getByRole('img', { name: /^Rated \d(\.\d)? out of 5$/ })).toBeVisible();
  await expect(dining.getByRole('link', { name: 'See All' })).toHaveAttribute(
    'href',
    '/search?category=dining',
  );

  const deals = section(page, 'Family Deals');
  const dealCards = deals.getByRole('article');
  expect(await dealCards.count()).toBeGreaterThan(0);
  expect(await dealCards.count()).toBeLessThanOrEqual(6);
  await expect(dealCards.first().getByText('30% OFF')).toBeVisible();
  await expect(dealCards.first().getByText('via Ticketmaster')).toBeVisible();
  await expect(deals.getByRole('link', { name: 'See All Deals' })).toHaveAttribute(
    'href',
    '/search?category=deals',
  );

  await saveScreenshotsInBothThemes(page, 'home');
});

test('date chips filter every list and count, and survive a reload', async ({ page, visit }) => {
  await visit('/');
  const allRandom = await tileCount(page, 'Random');

  const countsRequest = page.waitForRequest(
    (request) =>
      request.url().includes('/api/events/categories') && request.url().includes('date=weekend'),
  );
  await page.getByRole('button', { name: 'This Weekend' }).click();
  const sent = new URL((await countsRequest).url());
  expect(sent.searchParams.get('tz')).toBe('America/Los_Angeles');
  await expect(page).toHaveURL(/[?&]date=weekend/);
  await expect(page.getByRole('button', { name: 'This Weekend' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect.poll(() => tileCount(page, 'Random')).toBeLessThanOrEqual(allRandom);
  // Every pick is on Saturday or Sunday in the venue's zone.
  const when = await section(page, 'FamJam Picks')
    .getByRole('article')
    .or(page.getByText('No events found. Try adjusting your filters!'))
    .first()
    .textContent();
  if (!when?.includes('No events found')) expect(when).toMatch(/Sat|Sun/);

  await page.reload();
  await expect(page.getByRole('button', { name: 'This Weekend' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await page.getByRole('button', { name: 'Calendar: pick a day' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pick a day' });
  await expect(dialog.getByRole('grid')).toBeVisible();
  await dialog.getByRole('button', { name: 'Next month' }).click();
  await dialog.getByRole('gridcell').getByText('15', { exact: true }).click();
  await expect(page).toHaveURL(/[?&]day=\d{4}-\d{2}-15/);
  await expect(
    page.getByRole('button', { name: /^Calendar: [A-Z][a-z]{2} 15, pick another day$/ }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'This Weekend' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
});

test('family mode narrows the counts and is kept across reloads', async ({ page, visit }) => {
  await visit('/');
  const familySwitch = page.getByRole('switch');
  const toggleFamilyMode = () => page.getByRole('switch').click();
  await expect(familySwitch).toBeChecked();
  const familyOnly = await tileCount(page, 'Random');
  await toggleFamilyMode();
  await expect(familySwitch).not.toBeChecked();
  await expect(page.getByText('All Events')).toBeVisible();
  await expect.poll(() => tileCount(page, 'Random')).toBeGreaterThan(familyOnly);
  await page.reload();
  await expect(page.getByRole('switch')).not.toBeChecked();
  await toggleFamilyMode();
  await expect(page.getByRole('switch')).toBeChecked();
});

test("Tap to Shake: a spinner, then 'FamJam Found This!'; Try Again closes, Let's Go opens it", async ({
  page,
  visit,
}) => {
  await visit('/');
  await page.getByRole('button', { name: 'Tap to Shake' }).click();
  await expect(page.getByText('Finding something fun near you…')).toBeVisible();
  const result = page.getByRole('dialog', { name: 'FamJam Found This!' });
  await expect(result).toBeVisible();
  await expect(result.getByRole('heading', { level: 3 })).not.toBeEmpty();
  await saveViewportScreenshotsInBothThemes(page, 'home-shake-result');
  await result.getByRole('button', { name: 'Try Again' }).click();
  await expect(result).toBeHidden();

  await page.getByRole('button', { name: 'Tap to Shake' }).click();
  const title = await result.getByRole('heading', { level: 3 }).textContent();
  await result.getByRole('button', { name: "Let's Go!" }).click();
  await expect(page).toHaveURL(/\/event-detail$/);
  expect(title).toBeTruthy();
});

test('shaking the phone (device motion past the threshold) finds an event', async ({
  page,
  visit,
}) => {
  await visit('/');
  await page.evaluate(() => {
    const gentle = new DeviceMotionEvent('devicemotion', {
      accelerationIncludingGravity: { x: 0, y: 0, z: 9.8 },
    });
    window.dispatchEvent(gentle);
  });
  await page.waitForTimeout(300);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.evaluate(() => {
    window.dispatchEvent(
      new DeviceMotionEvent('devicemotion', {
        accelerationIncludingGravity: { x: 14, y: 3, z: 9.8 },
      }),
    );
  });
  await expect(page.getByRole('dialog', { name: 'FamJam Found This!' })).toBeVisible();
});

test('/?shake=true shakes once after half a second and drops the query', async ({ page }) => {
  await page.goto('/?shake=true');
  await expect(page.getByRole('dialog', { name: 'FamJam Found This!' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a category tile opens search for it; a failed section offers Retry', async ({
  page,
  visit,
  allowConsoleError,
}) => {
  // Chrome logs the stubbed 503 answers; the section's message is what the test is about.
  allowConsoleError(/status of 503/);
  await page.route('**/api/restaurants?**', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'unavailable', message: 'Try again in a moment.' }),
    }),
  );
  await visit('/');
  const dining = section(page, 'Family Dining');
  // The API's own sentence, not "503: {json}".
  await expect(
    dining.getByRole('alert').getByText("We couldn't load restaurants. Try again in a moment."),
  ).toBeVisible();
  await page.unroute('**/api/restaurants?**');
  await dining.getByRole('button', { name: 'Retry' }).click();
  await expect(dining.getByRole('article')).toHaveCount(1);

  await section(page, 'Explore Categories')
    .getByRole('link', { name: /^Music & Shows, / })
    .click();
  await expect(page).toHaveURL(/\/search\?category=music$/);
});

test('the family poll card: create a poll from home and see it with its votes', async ({
  page,
  visit,
}) => {
  await visit('/');
  const polls = section(page, 'Family Poll');
  await polls.getByRole('button', { name: 'Create Poll' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a Family Poll' });
  await dialog.getByLabel('Poll title').fill('  Saturday plan?  ');
  await dialog.getByLabel('Option 1').fill('Zoo');
  await dialog.getByLabel('Option 2').fill('Beach');
  await dialog.getByRole('button', { name: 'Create Poll' }).click();
  await expect(dialog).toBeHidden();
  const card = polls.getByRole('article', { name: 'Saturday plan?' });
  await expect(card).toBeVisible();
  await expect(card.getByText('Zoo')).toBeVisible();
  await expect(card.getByText('Beach')).toBeVisible();
});
