import type { BrowserContext, Locator, Page } from '@playwright/test';
import type { Event } from '../contract/events.ts';
import {
  expect,
  listedEvents,
  saveScreenshotsInBothThemes,
  saveViewportScreenshotsInBothThemes,
  signedInTest as test,
  withoutShareSheet,
} from './fixtures.ts';

/*
 * docs/product.md#spec-2-event-details, 5 "Navigation chooser", 7 (event by id, external links), 8 ('Event
 * not found', sharing), 9 (calendar entry length, navigation apps, page metadata).
 */

const iPhone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/** The first seeded event around the default location that the test can use. */
async function seededEvent(page: Page, wanted: (event: Event) => boolean): Promise<Event> {
  const event = (await listedEvents(page.request, 100)).find(wanted);
  if (!event) throw new Error('the seed has no event of the kind this test needs');
  return event;
}

const eventPath = (event: Event) => `/event/${encodeURIComponent(event.id)}`;

/** The long date a person in the venue's town reads (docs/product.md#spec-9), independent of the app's code. */
function longDate(event: Event): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: event.timeZone,
  }).format(new Date(event.date));
}

const compactUtc = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** Map sites answer locally: the machine is offline, and the test is about the URL opened. */
async function stubMapSites(context: BrowserContext): Promise<void> {
  for (const site of [
    'https://www.google.com/**',
    'https://waze.com/**',
    'https://maps.apple.com/**',
  ]) {
    await context.route(site, (route) => route.fulfill({ contentType: 'text/plain', body: 'map' }));
  }
}

/**
 * A seeded event's page with its Get Directions dialog open (from the first Directions button),
 * and every window the page opens from then on.
 */
async function openDirections(
  page: Page,
  context: BrowserContext,
  visit: (path: string) => Promise<void>,
): Promise<{ event: Event; dialog: Locator; popups: Page[] }> {
  await stubMapSites(context);
  const event = await seededEvent(page, () => true);
  await visit(eventPath(event));
  const popups: Page[] = [];
  page.on('popup', (popup) => popups.push(popup));
  await page.getByRole('button', { name: 'Directions' }).click();
  return { event, dialog: page.getByRole('dialog', { name: 'Get Directions' }), popups };
}

test('an event opened by its link shows everything the details screen lists', async ({
  page,
  visit,
}) => {
  // Axe and screenshots in both themes reload the page four times.
  test.slow();
  const event = await seededEvent(
    page,
    (candidate) =>
      candidate.ticketUrl === null &&
      candidate.isFamilyFriendly &&
      candidate.time !== '' &&
      candidate.description !== '' &&
      candidate.tags.length > 0,
  );
  await visit(eventPath(event));

  await expect(page.getByRole('heading', { level: 1, name: 'Event Details' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('button', { name: 'Share this event' })).toBeVisible();
  const details = page.getByRole('article', { name: event.title });
  await expect(details.getByRole('heading', { level: 2, name: event.title })).toBeVisible();
  await expect(details.getByText('Family Safe', { exact: true })).toBeVisible();
  await expect(details.getByText(event.description, { exact: true })).toBeVisible();
  await expect(details.getByText(longDate(event), { exact: true })).toBeVisible();
  await expect(details.getByText(event.time, { exact: true })).toBeVisible();
  await expect(details.getByText(event.venue, { exact: true })).toBeVisible();
  if (event.address) await expect(details.getByText(event.address, { exact: true })).toBeVisible();
  const price = event.price.trim() === '' || /^free$/i.test(event.price) ? 'FREE' : event.price;
  await expect(details.getByText(price, { exact: true })).toBeVisible();
  await expect(details.getByText('No ticket required', { exact: true })).toBeVisible();
  // One Directions button, on the venue card (issue 17: two repeated each other).
  await expect(details.getByRole('button', { name: 'Directions' })).toHaveCount(1);
  await expect(details.getByRole('button', { name: 'Invite Friends' })).toBeVisible();
  await expect(details.getByRole('button', { name: `Save ${event.title}` })).toBeVisible();
  await expect(details.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText([
    ...event.tags,
    'Family Friendly',
  ]);
  await expect(
    details.getByRole('region', { name: 'What to Expect' }).getByRole('listitem'),
  ).toHaveText([
    'Live performances and family entertainment',
    'Food options',
    'Activities for all ages',
    'Parking and transport nearby',
  ]);

  // Add to Calendar, only without a ticket link: Google's template, 2 hours from the start.
  await expect(details.getByRole('link', { name: /^Get Tickets/ })).toHaveCount(0);
  const calendar = details.getByRole('link', { name: 'Add to Calendar' });
  await expect(calendar).toHaveAttribute('target', '_blank');
  const calendarUrl = new URL((await calendar.getAttribute('href')) ?? '');
  expect(calendarUrl.origin + calendarUrl.pathname).toBe(
    'https://calendar.google.com/calendar/render',
  );
  expect(calendarUrl.searchParams.get('action')).toBe('TEMPLATE');
  expect(calendarUrl.searchParams.get('text')).toBe(event.title);
  expect(calendarUrl.searchParams.get('details')).toBe(event.description);
  expect(calendarUrl.searchParams.get('location')).toBe(event.venue);
  const [start, end] = (calendarUrl.searchParams.get('dates') ?? '').split('/');
  const startsAt = new Date(event.date);
  expect(start).toBe(compactUtc(startsAt));
  expect(end).toBe(compactUtc(new Date(startsAt.getTime() + 2 * 60 * 60 * 1000)));

  // Page metadata (docs/product.md#spec-9): the event's title, its description cut to 150 characters.
  await expect(page).toHaveTitle(`${event.title} · FamJam`);
  const description = await page.locator('meta[name="description"]').getAttribute('content');
  expect(Array.from(description ?? '').length).toBeLessThanOrEqual(150);
  expect(
    event.description.replace(/\s+/g, ' ').startsWith((description ?? '').replace(/…$/, '')),
  ).toBe(true);

  await saveScreenshotsInBothThemes(page, 'event-details');
});

test('an event with a ticket link offers a green Get Tickets that opens a new tab', async ({
  page,
  visit,
}) => {
  const event = await seededEvent(page, (candidate) => candidate.ticketUrl !== null);
  await visit(eventPath(event));
  const price = event.price.trim() === '' || /^free$/i.test(event.price) ? null : event.price;
  const tickets = page.getByRole('link', { name: `Get Tickets - ${price ?? 'See Pricing'}` });
  await expect(tickets).toHaveAttribute('href', event.ticketUrl ?? '');
  await expect(tickets).toHaveAttribute('target', '_blank');
  await expect(tickets).toHaveAttribute('rel', 'noopener noreferrer');
  // Green: the success colour, not the primary accent.
  const background = await tickets.evaluate((element) => getComputedStyle(element).backgroundColor);
  const [red = 0, green = 0, blue = 0] = (background.match(/\d+/g) ?? []).map(Number);
  expect(green, background).toBeGreaterThan(red);
  expect(green, background).toBeGreaterThan(blue);
  await expect(page.getByText('Ticket required', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add to Calendar' })).toHaveCount(0);
  await tickets.scrollIntoViewIfNeeded();
  await saveViewportScreenshotsInBothThemes(page, 'event-details-tickets');
});

test('Directions offers two map apps on this browser; Cancel opens nothing, a choice opens it', async ({
  page,
  context,
  visit,
}) => {
  const { event, dialog, popups } = await openDirections(page, context, visit);
  await expect(dialog.getByRole('button', { name: 'Open in Google Maps' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Open in Waze' })).toBeVisible();
  await expect(dialog.getByRole('textbox')).toHaveCount(0);
  await saveViewportScreenshotsInBothThemes(page, 'event-details-directions');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  expect(popups).toHaveLength(0);

  await page.getByRole('button', { name: 'Directions' }).click();
  const popup = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: 'Open in Google Maps' }).click();
  const maps = new URL((await popup).url());
  expect(maps.origin + maps.pathname).toBe('https://www.google.com/maps/dir/');
  expect(maps.searchParams.get('destination')).toBe(`${event.latitude},${event.longitude}`);
  await expect(dialog).toHaveCount(0);
});

test.describe('on an iPhone', () => {
  test.use({ userAgent: iPhone });

  test('Directions asks for a number from 1 to 3 and opens nothing for anything else', async ({
    page,
    context,
    visit,
  }) => {
    const { event, dialog, popups } = await openDirections(page, context, visit);
    await expect(dialog.getByRole('listitem')).toHaveText(['Google Maps', 'Waze', 'Apple Maps']);
    const field = dialog.getByRole('textbox', { name: 'Map app number (1 to 3)' });
    for (const answer of ['4', '0', 'Waze']) {
      await field.fill(answer);
      await field.press('Enter');
      await expect(dialog.getByText('That is not one of the 3 choices.')).toBeVisible();
    }
    await saveViewportScreenshotsInBothThemes(page, 'event-details-directions-ios');
    expect(popups).toHaveLength(0);

    await field.fill('3');
    const popup = page.waitForEvent('popup');
    await dialog.getByRole('button', { name: 'Open', exact: true }).click();
    const apple = new URL((await popup).url());
    expect(apple.origin).toBe('https://maps.apple.com');
    expect(apple.searchParams.get('daddr')).toBe(`${event.latitude},${event.longitude}`);
  });
});

test('Invite Friends copies the event link and says so when there is no share sheet', async ({
  page,
  context,
  visit,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await withoutShareSheet(page);
  const event = await seededEvent(page, () => true);
  await visit(eventPath(event));
  await page.getByRole('button', { name: 'Invite Friends' }).click();
  await expect(page.getByText('Event link copied to clipboard!')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(`${baseURL}${eventPath(event)}`);

  // The header's share button does the same.
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await page.getByRole('button', { name: 'Share this event' }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(copied);
});

test('the heart saves and unsaves the event, and the choice survives a reload', async ({
  page,
  visit,
}) => {
  const event = await seededEvent(page, () => true);
  await visit(eventPath(event));
  await page.getByRole('button', { name: `Save ${event.title}` }).click();
  const remove = page.getByRole('button', { name: `Remove ${event.title} from saved` });
  await expect(remove).toBeVisible();
  await page.reload();
  await remove.click();
  await expect(page.getByRole('button', { name: `Save ${event.title}` })).toBeVisible();
});

test("an unknown event says 'Event not found' and Go Home goes to /", async ({
  page,
  visit,
  allowConsoleError,
}) => {
  // Chromium logs the API's 404 answer; the screen handles it.
  allowConsoleError(/status of 404/);
  await visit('/event/seed%3Ano-such-event');
  await expect(page.getByRole('heading', { level: 1, name: 'Event not found' })).toBeVisible();
  await expect(page).toHaveTitle('Event not found · FamJam');
  await saveScreenshotsInBothThemes(page, 'event-details-not-found');
  await page.getByRole('link', { name: 'Go Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Tap to Shake' })).toBeVisible();
});

test('/event-detail#event-{id} opens the event the hash names', async ({ page, visit }) => {
  const event = await seededEvent(page, () => true);
  await visit(`/event-detail#event-${encodeURIComponent(event.id)}`);
  await expect(page.getByRole('heading', { level: 2, name: event.title })).toBeVisible();
  await expect(page).toHaveTitle(`${event.title} · FamJam`);
});

test('the server gives /event/{id} link-preview tags for messaging apps', async ({ page }) => {
  const event = await seededEvent(page, () => true);
  const response = await page.request.get(eventPath(event));
  expect(response.status()).toBe(200);
  const html = await response.text();
  const escaped = event.title
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
  expect(html).toContain(`<meta property="og:title" content="${escaped}" />`);
  expect(html).toMatch(/<meta property="og:url" content="http:\/\/[^"]+\/event\/[^"]+" \/>/);
  expect(html).toMatch(/<meta name="twitter:card" content="summary(_large_image)?" \/>/);
  // Still the app: its entry is there, started once the page is painted (public/theme-init.js).
  expect(html).toMatch(
    /<link rel="famjam-after-paint" href="\/assets\/index-[\w-]+\.js" data-app-entry>/,
  );
});
