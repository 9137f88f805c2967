import type { Locator, Page } from '@playwright/test';
import type { EventPage } from '../contract/events.ts';
import {
  expect,
  listedEvents,
  saveScreenshotsInBothThemes,
  saveViewportScreenshotsInBothThemes,
  signedInTest as test,
} from './fixtures.ts';

/*
 * Issue 33, "How far": the Distance choice in Search's filters (in miles here: the suite's
 * browser speaks en-US), kept in the address and as a chip; the cards' distances; Home's lists
 * within the family's radius; the venue's static map on the details page.
 */

const KM_PER_MILE = 1.609344;
const activeFilters = (page: Page) => page.getByRole('group', { name: 'Active filters' });
const distanceChoices = (page: Page) =>
  page.getByRole('region', { name: 'Filters' }).getByRole('group', { name: 'Distance' });
const count = (page: Page) => page.getByText(/^\d+ event\(s\) found/);

/** How many events the API finds near San Francisco within `radiusKm` (default: its 40 km). */
async function apiCount(page: Page, radiusKm?: number): Promise<number> {
  const response = await page.request.get('/api/events/search', {
    params: {
      location: 'San Francisco, CA',
      familyMode: true,
      limit: 20,
      ...(radiusKm === undefined ? {} : { radiusKm }),
    },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as EventPage).events.length;
}

/** The distances the cards say, in miles ('< 0.1 mi' as 0). */
async function cardMiles(cards: Locator): Promise<number[]> {
  const texts = await cards.getByText(/ mi away$/).allTextContents();
  return texts.map((text) => (text.startsWith('<') ? 0 : Number.parseFloat(text)));
}

test('a family chooses how far: the count, the chip and the address follow, and the chip takes it back', async ({
  page,
  visit,
}) => {
  test.slow();
  // The radius that makes a difference here: the nearest that finds fewer than the default.
  const everywhere = await apiCount(page);
  let miles = 0;
  let within = everywhere;
  for (const candidate of [1, 3, 5, 10]) {
    within = await apiCount(page, Math.round(candidate * KM_PER_MILE * 100) / 100);
    miles = candidate;
    if (within > 0 && within < everywhere) break;
  }
  expect(within, 'a radius that finds fewer events than the default').toBeLessThan(everywhere);

  await visit('/search');
  await expect(count(page)).toHaveText(new RegExp(`^${everywhere} event\\(s\\) found`));
  const cards = page.getByRole('region', { name: /^Showing events near / }).getByRole('article');
  // Every card says how far it is, in miles.
  await expect(cards.first().getByText(/ mi away$/)).toBeVisible();
  expect(Math.max(...(await cardMiles(cards)))).toBeLessThanOrEqual(25.5);

  await page.getByRole('button', { name: /^Filters/ }).click();
  const choices = distanceChoices(page);
  await expect(choices.getByRole('button', { name: 'Within 25 mi' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await saveViewportScreenshotsInBothThemes(page, 'radius-choices');
  await choices.getByRole('button', { name: `Within ${miles} mi` }).click();

  await expect(page).toHaveURL(new RegExp(`[?&]radius=${miles}mi(&|$)`));
  const chip = activeFilters(page).getByRole('button', {
    name: `Remove filter Within ${miles} mi`,
  });
  await expect(chip).toBeVisible();
  await expect(chip).toHaveText(`Within ${miles} mi`);
  await expect(count(page)).toHaveText(new RegExp(`^${within} event\\(s\\) found`));
  for (const distance of await cardMiles(cards)) expect(distance).toBeLessThanOrEqual(miles + 0.05);
  await saveScreenshotsInBothThemes(page, 'radius-chosen');

  // A reload keeps it: it is in the address.
  await page.reload();
  await expect(count(page)).toHaveText(new RegExp(`^${within} event\\(s\\) found`));

  await activeFilters(page)
    .getByRole('button', { name: `Remove filter Within ${miles} mi` })
    .click();
  await expect(page).not.toHaveURL(/[?&]radius=/);
  await expect(page.getByRole('button', { name: /^Remove filter Within/ })).toHaveCount(0);
  await expect(count(page)).toHaveText(new RegExp(`^${everywhere} event\\(s\\) found`));
});

test("Home's lists ask within the radius the family chose in Search", async ({ page, visit }) => {
  await visit('/search');
  await page.getByRole('button', { name: /^Filters/ }).click();
  await distanceChoices(page).getByRole('button', { name: 'Within 5 mi' }).click();
  await expect(page).toHaveURL(/[?&]radius=5mi(&|$)/);

  const picks = page.waitForRequest(
    (request) =>
      new URL(request.url()).pathname === '/api/events/search' &&
      new URL(request.url()).searchParams.get('limit') === '50',
  );
  await page.getByRole('navigation').getByRole('link', { name: 'Home' }).click();
  expect(new URL((await picks).url()).searchParams.get('radiusKm')).toBe('8.05');
  // Its cards say how far too.
  const pick = page.getByRole('region', { name: 'FamJam Picks' }).getByRole('article');
  await expect(pick.getByText(/ mi away$/)).toBeVisible();
});

test('the details page shows a map of the venue above Directions, light and dark', async ({
  page,
  visit,
}) => {
  const [event] = await listedEvents(page.request, 1);
  if (!event) throw new Error('the seed has no event');
  await visit(`/event/${encodeURIComponent(event.id)}`);
  const name = `Map of ${event.venue || event.address || event.location}`;
  const map = page.getByRole('img', { name });
  // Lazy: nothing asked for until it is near the screen, then a real picture.
  await map.scrollIntoViewIfNeeded();
  await expect(map).toHaveAttribute('src', /^\/maps\/static\/light\/360\//);
  await expect
    .poll(() => map.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBeGreaterThan(0);
  const box = await map.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThan(200);
  // STATIC_MAP_ASPECT: the box the picture fills is its shape.
  expect((box?.height ?? 0) / (box?.width ?? 1)).toBeCloseTo(0.45, 1);
  const directions = page.getByRole('button', { name: 'Directions' });
  expect((await directions.boundingBox())?.y ?? 0).toBeGreaterThan(
    (box?.y ?? 0) + (box?.height ?? 0),
  );

  await page.evaluate(() => {
    document.documentElement.dataset.theme = 'dark';
  });
  await expect(map).toHaveAttribute('src', /^\/maps\/static\/dark\/360\//);
  await expect
    .poll(() => map.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBeGreaterThan(0);
  await page.evaluate(() => {
    document.documentElement.dataset.theme = 'light';
  });
  await saveViewportScreenshotsInBothThemes(page, 'venue-map');
});
