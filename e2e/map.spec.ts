import type { APIRequestContext, Page } from '@playwright/test';
import { parseBoundingBox } from '../contract/boundingBox.ts';
import type { EventPage } from '../contract/events.ts';
import { createAccountWithProfile, signInThroughUi } from './accounts.ts';
import {
  expect,
  expectAccessibleInBothThemes,
  saveViewportScreenshotsInBothThemes,
  signedInTest,
  test,
} from './fixtures.ts';
import {
  bareSpotOfTheMap,
  busiestCategories,
  clusters,
  expectMapReady,
  mapRegion,
  pinCard,
  pins,
  searchThisArea,
  viewButton,
} from './mapHelpers.ts';

/*
 * Issue 33: Search's results on a map, beside the list that stays whole. A family switches to
 * the map, taps a pin, opens the details and comes back to the map with its filters; pans and
 * searches that area; opens a shared ?view=map link after signing in; reaches every result
 * with the keyboard from the map view; and still has the list when the map cannot load.
 */

const KM_PER_MILE = 1.609344;

/** A San Francisco category with enough family events to cluster on a map. */
async function busyCategory(request: APIRequestContext): Promise<string> {
  const [busiest] = await busiestCategories(request);
  if (!busiest || busiest.count < 6) throw new Error('the seed has no busy category near SF');
  return busiest.id;
}

/** Taps clusters until a single event's pin is on screen, then returns it. */
async function somePin(page: Page) {
  for (let tries = 0; tries < 6; tries += 1) {
    if ((await pins(page).count()) > 0) return pins(page).first();
    const card = mapRegion(page).getByRole('group', { name: /events at this place$/ });
    if (await card.isVisible()) return null;
    await clusters(page).first().click();
  }
  throw new Error('no pin after zooming into clusters six times');
}

/** The names a screen reader hears for the map's pins and clusters, in the map's order. */
async function mapPinNames(page: Page): Promise<string[]> {
  return clusters(page)
    .or(pins(page))
    .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? ''));
}

/** How many events the pins stand for: a cluster's count ('4 events here, …'), a pin's one. */
function eventsOnPins(names: readonly string[]): number {
  return names.reduce((sum, name) => sum + Number(/^(\d+) events here, /.exec(name)?.[1] ?? 1), 0);
}

/** The number of results the map's region says it shows ('Map of 12 results'). */
async function resultsOnMap(page: Page): Promise<number> {
  const name = (await mapRegion(page).getAttribute('aria-label')) ?? '';
  return Number(/^Map of (\d+) results?$/.exec(name)?.[1] ?? Number.NaN);
}

/** How many family events the API finds near San Francisco within `radiusKm`, if given. */
async function eventsWithin(request: APIRequestContext, radiusKm?: number): Promise<number> {
  const response = await request.get('/api/events/search', {
    params: {
      location: 'San Francisco, CA',
      familyMode: true,
      limit: 50,
      ...(radiusKm === undefined ? {} : { radiusKm }),
    },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as EventPage).events.length;
}

signedInTest.describe('the results map', () => {
  signedInTest(
    'Map shows clustered pins; a pin opens its card, its details, and Back returns to the map with the filters',
    async ({ page, request, visit }) => {
      const category = await busyCategory(request);
      await visit(`/search?category=${category}`);
      await expect(page.getByText(/^\d+ event\(s\) found/)).toBeVisible();
      await expect(viewButton(page, 'List')).toHaveAttribute('aria-pressed', 'true');

      await viewButton(page, 'Map').click();
      await expect(page).toHaveURL(new RegExp(`[?&]category=${category}`));
      await expect(page).toHaveURL(/[?&]view=map/);
      await expect(viewButton(page, 'Map')).toHaveAttribute('aria-pressed', 'true');
      await expectMapReady(page);
      // Pins that sit close are clustered at the fitted view.
      await expect(clusters(page).first()).toBeVisible();
      // The list is still whole below the map.
      await expect(page.locator('#search-results-list article').first()).toBeVisible();
      await saveViewportScreenshotsInBothThemes(page, 'map-search');
      await expectAccessibleInBothThemes(page, '/search?view=map');

      const pin = await somePin(page);
      if (pin) await pin.click();
      const card = pinCard(page);
      await expect(card).toBeVisible();
      await expect(card).toBeFocused();
      await expect(card.getByRole('button', { name: /^(Save|Remove) .+/ }).first()).toBeVisible();
      await saveViewportScreenshotsInBothThemes(page, 'map-pin-card');
      await expectAccessibleInBothThemes(page, '/search?view=map (a pin open)');

      const details = card.getByRole('link', { name: /^Details of / }).first();
      const title = ((await details.getAttribute('aria-label')) ?? '').replace(/^Details of /, '');
      await details.click();
      await expect(page).toHaveURL(/\/event\//);
      await expect(page.getByRole('heading', { name: title, exact: true }).first()).toBeVisible();

      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`/search\\?.*category=${category}`));
      await expect(page).toHaveURL(/[?&]view=map/);
      await expect(viewButton(page, 'Map')).toHaveAttribute('aria-pressed', 'true');
      await expectMapReady(page);

      await viewButton(page, 'List').click();
      await expect(mapRegion(page)).toHaveCount(0);
      await expect(page).not.toHaveURL(/view=map/);
      await expect(page).toHaveURL(new RegExp(`category=${category}`));
    },
  );

  signedInTest(
    "after a pan, 'Search this area' puts the map's box in the address",
    async ({ page, request, visit }) => {
      const category = await busyCategory(request);
      await visit(`/search?category=${category}&view=map`);
      await expectMapReady(page);
      const searchArea = searchThisArea(page);
      // Offered only once the family moved the map.
      await expect(searchArea).toHaveCount(0);

      // A drag from a bare spot of the map (pins are buttons of their own, not its handle).
      const start = await bareSpotOfTheMap(page);
      await page.mouse.move(start.x, start.y);
      await page.mouse.down();
      await page.mouse.move(start.x - 90, start.y + 40, { steps: 8 });
      await page.mouse.up();

      await expect(searchArea).toBeVisible();
      await saveViewportScreenshotsInBothThemes(page, 'map-search-this-area');
      const searched = page.waitForResponse((response) => {
        const url = new URL(response.url());
        return url.pathname === '/api/events/search' && url.searchParams.has('bbox');
      });
      await searchArea.click();
      await expect(page).toHaveURL(/[?&]bbox=/);
      const bbox = new URL(page.url()).searchParams.get('bbox') ?? '';
      const reading = parseBoundingBox(bbox);
      expect(reading.ok, bbox).toBe(true);
      // The results are the box's: every event the list now shows lies inside it.
      const answer = await searched;
      expect(answer.status()).toBe(200);
      const { events } = (await answer.json()) as {
        events: { latitude: number; longitude: number }[];
      };
      if (reading.ok) {
        const { west, south, east, north } = reading.box;
        for (const event of events) {
          expect(event.longitude).toBeGreaterThanOrEqual(west);
          expect(event.longitude).toBeLessThanOrEqual(east);
          expect(event.latitude).toBeGreaterThanOrEqual(south);
          expect(event.latitude).toBeLessThanOrEqual(north);
        }
      }
      await expect(page.getByRole('button', { name: 'Remove filter Map area' })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`category=${category}`));
      await expect(page).toHaveURL(/[?&]view=map/);
      // Searched: the button goes until the next move.
      await expect(searchArea).toHaveCount(0);
      await expect(mapRegion(page)).toBeVisible();
    },
  );

  signedInTest(
    'keyboard only: from the Map switch, Tab reaches every pin and every result',
    async ({ page, visit }) => {
      await visit('/search');
      await expect(page.getByText(/^\d+ event\(s\) found/)).toBeVisible();
      await viewButton(page, 'Map').focus();
      await page.keyboard.press('Enter');
      await expectMapReady(page);

      const titles = await page
        .locator('#search-results-list article h3 a')
        .evaluateAll((links) => links.map((link) => link.textContent ?? ''));
      const pinNames = await mapPinNames(page);
      expect(titles.length).toBeGreaterThan(0);

      const reached = new Set<string>();
      await viewButton(page, 'Map').focus();
      for (let press = 0; press < 400; press += 1) {
        await page.keyboard.press('Tab');
        const name = await page.evaluate(() => {
          const active = document.activeElement;
          return active?.getAttribute('aria-label') ?? active?.textContent?.trim() ?? '';
        });
        reached.add(name);
        if (titles.every((title) => reached.has(title))) break;
      }
      expect(pinNames.filter((name) => !reached.has(name))).toEqual([]);
      expect(titles.filter((title) => !reached.has(title))).toEqual([]);
    },
  );

  signedInTest(
    'a nearer radius changes the pins on the map, not only the count and the cards',
    async ({ page, request, visit }) => {
      // The nearest radius that finds some of the default's events but not all of them.
      const everywhere = await eventsWithin(request);
      let miles = 0;
      for (const candidate of [1, 3, 5, 10]) {
        const within = await eventsWithin(request, Math.round(candidate * KM_PER_MILE * 100) / 100);
        miles = candidate;
        if (within > 0 && within < everywhere) break;
      }

      await visit('/search?view=map');
      await expectMapReady(page);
      const before = await mapPinNames(page);
      const shownBefore = await resultsOnMap(page);
      // Every result is on the map, in a cluster or as a pin of its own.
      expect(eventsOnPins(before)).toBe(shownBefore);

      await page.getByRole('button', { name: /^Filters/ }).click();
      await page
        .getByRole('region', { name: 'Filters' })
        .getByRole('group', { name: 'Distance' })
        .getByRole('button', { name: `Within ${miles} mi` })
        .click();
      await expect(page).toHaveURL(new RegExp(`[?&]radius=${miles}mi(&|$)`));
      await expect(page).toHaveURL(/[?&]view=map/);

      // The map now stands for fewer results, and its pins add up to them.
      await expect
        .poll(async () => {
          const shown = await resultsOnMap(page);
          return shown < shownBefore && eventsOnPins(await mapPinNames(page)) === shown;
        })
        .toBe(true);
      const after = await mapPinNames(page);
      expect(after).not.toEqual(before);
      // Each pin of its own says how far it is: within the radius chosen.
      for (const name of after.filter((label) => !/ events here, /.test(label))) {
        const distance = / ([\d.]+|< 0\.1) mi(, Cancelled)?$/.exec(name)?.[1] ?? '';
        expect(distance, name).not.toBe('');
        if (!distance.startsWith('<')) {
          expect(Number(distance), name).toBeLessThanOrEqual(miles + 0.05);
        }
      }
      await saveViewportScreenshotsInBothThemes(page, 'map-radius');
    },
  );

  signedInTest(
    'tiles that cannot be fetched: a readable message, and the list still works',
    async ({ page, visit, allowConsoleError }) => {
      // Every tile refused, as with no network to the tile server.
      await page.route('**/tiles/**', (route) => route.abort());
      allowConsoleError(/Failed to load resource: net::ERR_FAILED/);
      await visit('/search?view=map');

      const message = page.getByRole('alert').filter({ hasText: 'The map could not load.' });
      await expect(message).toHaveText(
        /The map could not load\. Every event is still in the list\./,
      );
      const firstCard = page.locator('#search-results-list article').first();
      await expect(firstCard).toBeVisible();
      await saveViewportScreenshotsInBothThemes(page, 'map-failed');
      await expectAccessibleInBothThemes(page, '/search?view=map (failed)');

      await message.getByRole('button', { name: 'Show list' }).click();
      await expect(page).not.toHaveURL(/view=map/);
      await expect(viewButton(page, 'List')).toHaveAttribute('aria-pressed', 'true');
      await firstCard.getByRole('link').first().click();
      await expect(page).toHaveURL(/\/event\//);
    },
  );

  signedInTest('Saved shows its events on a map too', async ({ page, request, visit }) => {
    const response = await request.get('/api/events', {
      params: { location: 'San Francisco, CA', limit: 3 },
    });
    const { events } = (await response.json()) as { events: { id: string }[] };
    await page.addInitScript(
      (ids) => {
        if (sessionStorage.getItem('famjam_e2e_seeded') !== null) return;
        sessionStorage.setItem('famjam_e2e_seeded', '1');
        localStorage.setItem('famjam_saved_events', JSON.stringify(ids));
      },
      events.map((event) => event.id),
    );
    await visit('/saved?view=map');
    await expect(page.getByRole('region', { name: 'Map of 3 results' })).toBeVisible();
    await expect(viewButton(page, 'Map')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('list', { name: 'Saved events' }).getByRole('article')).toHaveCount(
      3,
    );
    // No box to search on Saved: the map is the saved list's, wherever it is.
    await expect(searchThisArea(page)).toHaveCount(0);
    await saveViewportScreenshotsInBothThemes(page, 'map-saved');

    // A pin's card opens the details where Saved's list does, and Back returns to Saved's map.
    await expectMapReady(page);
    const pin = await somePin(page);
    if (pin) await pin.click();
    const card = pinCard(page);
    await expect(card).toBeVisible();
    await saveViewportScreenshotsInBothThemes(page, 'map-saved-pin-card');
    const details = card.getByRole('link', { name: /^Details of / }).first();
    const title = ((await details.getAttribute('aria-label')) ?? '').replace(/^Details of /, '');
    const listLink = page
      .getByRole('list', { name: 'Saved events' })
      .getByRole('link', { name: title, exact: true });
    const listHref = await listLink.getAttribute('href');
    expect(listHref).toMatch(/^\/event-detail#event-/);
    await expect(details).toHaveAttribute('href', listHref ?? '');
    await details.click();
    await expect(page).toHaveURL(/\/event-detail#event-/);
    await expect(page.getByRole('heading', { name: title, exact: true }).first()).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL(/\/saved\?view=map$/);
    await expect(viewButton(page, 'Map')).toHaveAttribute('aria-pressed', 'true');
    await expectMapReady(page);
  });
});

test('a shared ?view=map link opens the map after sign-in', async ({ page, request, visit }) => {
  const [account, category] = await Promise.all([
    createAccountWithProfile(request),
    busyCategory(request),
  ]);
  const shared = `/search?category=${category}&view=map`;
  await visit(shared);
  await expect(page).toHaveURL(/\/auth\?redirect=/);
  await signInThroughUi(page, account);
  await expect(page).toHaveURL(new RegExp(`/search\\?category=${category}&view=map$`));
  await expect(viewButton(page, 'Map')).toHaveAttribute('aria-pressed', 'true');
  await expectMapReady(page);
});
