import type { APIRequestContext, Page } from '@playwright/test';
import type { CategoryCounts } from '../contract/events.ts';
import { expect } from './fixtures.ts';

/*
 * Issue 33's results map as the specs read it (e2e/map.spec.ts, e2e/model/resultsView.spec.ts):
 * by role and name, as a screen reader user meets it.
 */

type Category = CategoryCounts['categories'][number];

/** The map's region, named by the results it shows ('Map of 12 results'). */
export const mapRegion = (page: Page) =>
  page.getByRole('region', { name: /^Map of \d+ results?$/ });

/** A single event's pins, named 'Title, Sat Dec 5, 2.1 km'. */
export const pins = (page: Page) =>
  mapRegion(page).getByRole('button', { name: /, (Mon|Tue|Wed|Thu|Fri|Sat|Sun), / });

/** Pins that sit close, as one: '4 events here, zoom in'. */
export const clusters = (page: Page) =>
  mapRegion(page).getByRole('button', { name: /^\d+ events here, (zoom in|show them)$/ });

/** The List · Map switch. */
export const viewButton = (page: Page, name: 'List' | 'Map') =>
  page.getByRole('group', { name: 'Show the results as' }).getByRole('button', { name });

/** The open pin's card: the named group over the map that links to details. */
export const pinCard = (page: Page) =>
  mapRegion(page)
    .getByRole('group', { name: /./ })
    .filter({ has: page.getByRole('link', { name: /^Details of / }) });

export const searchThisArea = (page: Page) =>
  page.getByRole('button', { name: 'Search this area' });

/** The map is drawn: its first view's tiles answered. */
export async function expectMapReady(page: Page): Promise<void> {
  await expect(mapRegion(page)).toBeVisible();
  await expect(mapRegion(page).getByText('Loading the map…')).toHaveCount(0);
  await expect(clusters(page).or(pins(page)).first()).toBeVisible();
}

/** A point of the map where the tiles themselves are under the pointer (no pin, no control). */
export async function bareSpotOfTheMap(page: Page): Promise<{ x: number; y: number }> {
  const spot = await mapRegion(page)
    .getByRole('group', { name: /^Map: arrow keys/ })
    .evaluate((map) => {
      const box = map.getBoundingClientRect();
      for (let row = 0.3; row < 0.95; row += 0.08) {
        for (let column = 0.35; column < 0.95; column += 0.08) {
          const x = box.left + box.width * column;
          const y = box.top + box.height * row;
          // Tiles let the pointer through to the map's own box, which is what a drag holds.
          const under = document.elementFromPoint(x, y);
          if (under === map || under?.classList.contains('leaflet-tile')) return { x, y };
        }
      }
      return null;
    });
  if (!spot) throw new Error('no bare spot on the map to drag from');
  return spot;
}

/** San Francisco's categories, the one with the most family events first. */
export async function busiestCategories(request: APIRequestContext): Promise<Category[]> {
  const response = await request.get('/api/events/categories', {
    params: { location: 'San Francisco, CA', familyMode: true },
  });
  expect(response.ok()).toBe(true);
  const { categories } = (await response.json()) as CategoryCounts;
  return categories
    .filter(({ id }) => id !== 'random' && id !== 'deals')
    .sort((a, b) => b.count - a.count);
}
