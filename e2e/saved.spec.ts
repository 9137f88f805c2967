import type { Page } from '@playwright/test';
import type { Event } from '../contract/events.ts';
import { storageKeys } from '../src/domain/constants.ts';
import {
  emptySavedList,
  expect,
  expectAccessibleInBothThemes,
  listedEvents,
  saveScreenshotsInBothThemes,
  saveViewportScreenshotsInBothThemes,
  seedSavedList,
  signedInTest as test,
  withoutShareSheet,
} from './fixtures.ts';

/*
 * docs/product.md#spec-2-saved, 4 "Saved screen", 5 "Saved", 9 (3 placeholders). The worker's account is
 * shared by this worker's tests: each test seeds the saved list it needs before the app starts
 * and empties it at the end.
 */

/** `count` events as a tuple of that length, so a test can name each one. */
type EventTuple<Count extends number, Found extends Event[] = []> = Found['length'] extends Count
  ? Found
  : EventTuple<Count, [...Found, Event]>;

/** A few upcoming events the seed has, in the order the API lists them. */
async function someEvents<Count extends 1 | 2 | 3>(
  page: Page,
  count: Count,
): Promise<EventTuple<Count>> {
  const events = await listedEvents(page.request, count);
  expect(events.length).toBe(count);
  // The length was checked just above.
  return events as EventTuple<Count>;
}

async function storedSavedList(page: Page): Promise<unknown> {
  return page.evaluate(
    (key) => JSON.parse(localStorage.getItem(key) ?? 'null'),
    storageKeys.savedEvents,
  );
}

const cards = (page: Page) => page.getByRole('list', { name: 'Saved events' }).getByRole('article');

test.afterEach(({ page }) => emptySavedList(page));

test('with nothing saved: the empty state, and Discover Events opens the search', async ({
  page,
  visit,
}) => {
  test.slow();
  await seedSavedList(page, []);
  await visit('/saved');
  await expect(page.getByRole('heading', { level: 1, name: 'Saved Events' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No saved events yet' })).toBeVisible();
  await expect(
    page.getByText("Start exploring and save events you're interested in!", { exact: true }),
  ).toBeVisible();
  await saveScreenshotsInBothThemes(page, 'saved-empty');
  await page.getByRole('link', { name: 'Discover Events' }).click();
  await expect(page).toHaveURL(/\/search$/);
});

test('3 placeholders while the saved events load, then the events', async ({ page }) => {
  const events = await someEvents(page, 2);
  await seedSavedList(
    page,
    events.map((event) => event.id),
  );
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/events/saved?**', async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/saved');
  const loading = page.getByRole('status', { name: 'Loading saved events' });
  await expect(loading).toBeVisible();
  await expect(loading.locator(':scope > div > [aria-hidden="true"]')).toHaveCount(3);
  release();
  await expect(loading).toHaveCount(0);
  await expect(cards(page)).toHaveCount(2);
});

test('the saved events in the order they were saved, the footer count, and a card opens its event', async ({
  page,
  visit,
}) => {
  test.slow();
  const [first, second, third] = await someEvents(page, 3);
  await seedSavedList(page, [third.id, first.id, second.id]);
  await visit('/saved');

  await expect(page.getByRole('heading', { level: 1, name: 'Saved Events' })).toBeVisible();
  await expect(cards(page).getByRole('heading', { level: 2 })).toHaveText([
    third.title,
    first.title,
    second.title,
  ]);
  await expect(page.getByText('3 event(s) saved', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Select' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Share List' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Clear All' })).toBeVisible();
  await saveScreenshotsInBothThemes(page, 'saved-list');

  // A tap on the card's picture, not only its title, opens it.
  await cards(page)
    .nth(1)
    .click({ position: { x: 120, y: 90 } });
  await expect
    .poll(() => {
      const url = new URL(page.url());
      return `${url.pathname}${decodeURIComponent(url.hash)}`;
    })
    .toBe(`/event-detail#event-${first.id}`);
});

test('select mode: Delete is disabled until a card is ticked, then removes the ticked ones', async ({
  page,
  visit,
}) => {
  test.slow();
  const [first, second, third] = await someEvents(page, 3);
  await seedSavedList(page, [first.id, second.id, third.id]);
  await visit('/saved');

  await page.getByRole('button', { name: 'Select' }).click();
  await expect(page.getByRole('button', { name: 'Delete (0)' })).toBeDisabled();
  await expect(page.getByRole('checkbox')).toHaveCount(3);
  // A tap anywhere on a card ticks it: the checkbox's corner on one, the middle of another.
  await cards(page)
    .nth(0)
    .click({ position: { x: 28, y: 28 } });
  await cards(page)
    .nth(2)
    .click({ position: { x: 180, y: 160 } });
  await expect(page.getByRole('checkbox', { name: `Select ${first.title}` })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: `Select ${second.title}` })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: `Select ${third.title}` })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Delete (2)' })).toBeEnabled();
  await expectAccessibleInBothThemes(page, '/saved in select mode');
  // The picture shows the toolbar ('Delete (2)') and the first, ticked card.
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveViewportScreenshotsInBothThemes(page, 'saved-select-mode');

  await page.getByRole('button', { name: 'Delete (2)' }).click();
  await expect(cards(page).getByRole('heading', { level: 2 })).toHaveText([second.title]);
  await expect(page.getByText('1 event(s) saved', { exact: true })).toBeVisible();
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Select' })).toBeVisible();
  expect(await storedSavedList(page)).toEqual([second.id]);

  // The removal's toast stays a few seconds; a dialog opened meanwhile is never covered by it:
  // what a finger meets where the toast is drawn is the dialog's overlay, not the toast.
  const toast = page.getByText('Removed 2 events from Saved', { exact: true });
  await expect(toast).toBeVisible();
  await page.getByRole('button', { name: 'Clear All' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Clear all saved events?' })).toBeVisible();
  // A toast that timed out meanwhile (a slow machine) covers nothing: null then.
  const toastOnTop = await toast
    .evaluate(
      (node) => {
        const region = node.closest('[role="region"]') ?? node;
        const rect = node.getBoundingClientRect();
        const top = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
        return top !== null && region.contains(top);
      },
      undefined,
      { timeout: 1_000 },
    )
    .catch(() => null);
  expect(toastOnTop, 'the toast is drawn over the open dialog').not.toBe(true);
  await page.getByRole('button', { name: 'Cancel' }).click();

  // Stored: a reload shows the same list.
  await page.reload();
  await expect(cards(page)).toHaveCount(1);
});

test('Cancel leaves select mode and clears the selection', async ({ page, visit }) => {
  const [first, second] = await someEvents(page, 2);
  await seedSavedList(page, [first.id, second.id]);
  await visit('/saved');

  await page.getByRole('button', { name: 'Select' }).click();
  await cards(page)
    .nth(0)
    .click({ position: { x: 180, y: 160 } });
  await expect(page.getByRole('button', { name: 'Delete (1)' })).toBeEnabled();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await page.getByRole('button', { name: 'Select' }).click();
  await expect(page.getByRole('button', { name: 'Delete (0)' })).toBeDisabled();
  await expect(page.getByRole('checkbox', { name: `Select ${first.title}` })).not.toBeChecked();
  expect(await storedSavedList(page)).toEqual([first.id, second.id]);
});

test('Clear All asks first: Cancel keeps the list, confirming empties it', async ({
  page,
  visit,
}) => {
  test.slow();
  const events = await someEvents(page, 2);
  await seedSavedList(
    page,
    events.map((event) => event.id),
  );
  await visit('/saved');

  await page.getByRole('button', { name: 'Clear All' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Clear all saved events?' });
  await expect(dialog).toContainText(
    "All 2 saved events will be removed from this list. This can't be undone.",
  );
  await expectAccessibleInBothThemes(page, 'the Clear All confirmation');
  await saveViewportScreenshotsInBothThemes(page, 'saved-clear-all');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(cards(page)).toHaveCount(2);

  await page.getByRole('button', { name: 'Clear All' }).click();
  await dialog.getByRole('button', { name: 'Clear 2 events' }).click();
  await expect(page.getByRole('heading', { name: 'No saved events yet' })).toBeVisible();
  expect(await storedSavedList(page)).toEqual([]);
});

test('Share List copies the titles and links when there is no share sheet', async ({
  page,
  context,
  visit,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // The fallback is what is under test; a device with a share sheet gets that instead.
  await withoutShareSheet(page);
  const [first, second] = await someEvents(page, 2);
  await seedSavedList(page, [second.id, first.id]);
  await visit('/saved');

  await page.getByRole('button', { name: 'Share List' }).click();
  await expect(page.getByText('Saved events copied to clipboard!')).toBeVisible();
  const origin = new URL(page.url()).origin;
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(
    [
      'Our saved FamJam events:',
      `${second.title}\n${origin}/event/${encodeURIComponent(second.id)}`,
      `${first.title}\n${origin}/event/${encodeURIComponent(first.id)}`,
    ].join('\n\n'),
  );
});

test('a saved event that no longer exists is named and can be removed', async ({ page, visit }) => {
  const [first] = await someEvents(page, 1);
  await seedSavedList(page, [first.id, 'seed:no-such-event']);
  // The account's synced list, as another device that still lists the vanished event keeps it
  // (the server's own copy only names events it has).
  let synced = [first.id, 'seed:no-such-event'];
  await page.route(
    (url) => url.pathname === '/api/me/saved',
    async (route) => {
      if (route.request().method() === 'PUT') {
        synced = (route.request().postDataJSON() as { ids: string[] }).ids;
      }
      await route.fulfill({ json: { ids: synced } });
    },
  );
  await visit('/saved');

  await expect(
    page.getByText('1 saved event is no longer available: it was removed by its organiser.'),
  ).toBeVisible();
  await expect(page.getByText('1 event(s) saved', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Remove it from the list' }).click();
  await expect(page.getByText(/no longer available/)).toHaveCount(0);
  expect(await storedSavedList(page)).toEqual([first.id]);
});

test('a failed load says why and Retry loads the list', async ({
  page,
  visit,
  allowConsoleError,
}) => {
  allowConsoleError(/status of 503/);
  const [first] = await someEvents(page, 1);
  await seedSavedList(page, [first.id]);
  await page.route('**/api/events/saved?**', (route) =>
    route.fulfill({
      status: 503,
      json: { error: 'unavailable', message: 'The database is busy, try again.' },
    }),
  );
  await visit('/saved');
  await expect(page.getByRole('alert')).toContainText(
    "We couldn't load your saved events. The database is busy, try again.",
  );
  await page.unroute('**/api/events/saved?**');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(cards(page).getByRole('heading', { level: 2 })).toHaveText([first.title]);
});
