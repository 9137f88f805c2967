import type { Page, Route } from '@playwright/test';
import sharp from 'sharp';
import type { Event, EventPage } from '../contract/events.ts';
import {
  expect,
  saveScreenshotsInBothThemes,
  saveViewportScreenshotsInBothThemes,
  signedInTest as test,
} from './fixtures.ts';

/*
 * Issue 20 section 3 as a family sees it: a card with a real picture, a cancelled card, and a
 * cancelled event's details. The server's side (fetching, storing, serving) is tested in
 * server/routes/pictures.test.ts; here the browser's answers are changed in flight so the
 * seeded events carry a picture id and a cancellation, and /pictures answers with a picture
 * drawn by the test in the size and format asked for.
 */

const pictureId = 'c'.repeat(64);

/** A bright, recognisable photo stand-in: sky, a sun, a hill, a striped tent. */
const stageSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900" viewBox="0 0 1600 900">
  <rect width="1600" height="900" fill="#7cc4f2"/>
  <circle cx="1260" cy="200" r="120" fill="#ffd54a"/>
  <path d="M0 620 Q400 460 800 600 T1600 560 V900 H0Z" fill="#3f9a4a"/>
  <path d="M520 640 L800 330 L1080 640Z" fill="#e8533f"/>
  <path d="M610 640 L800 330 L700 640Z" fill="#ffffff" fill-opacity="0.7"/>
  <path d="M800 330 L900 640 H990Z" fill="#ffffff" fill-opacity="0.7"/>
</svg>`;

const pictures = new Map<string, Promise<Buffer>>();

function pictureBytes(width: number, format: 'webp' | 'jpeg'): Promise<Buffer> {
  const key = `${width}.${format}`;
  let bytes = pictures.get(key);
  if (!bytes) {
    const resized = sharp(Buffer.from(stageSvg)).resize({ width });
    bytes = format === 'webp' ? resized.webp().toBuffer() : resized.jpeg().toBuffer();
    pictures.set(key, bytes);
  }
  return bytes;
}

/** Which pictures the browser asked for, by file name ('400.webp'). */
async function servePictures(page: Page, asked: string[]): Promise<void> {
  await page.route(`**/pictures/${pictureId}/*`, async (route: Route) => {
    const file = new URL(route.request().url()).pathname.split('/').at(-1) ?? '';
    asked.push(file);
    const [width, format] = file.split('.');
    if (format !== 'webp' && format !== 'jpeg') return route.fulfill({ status: 404 });
    return route.fulfill({
      contentType: `image/${format}`,
      headers: { 'cache-control': 'public, max-age=31536000, immutable' },
      body: await pictureBytes(Number(width), format),
    });
  });
}

/**
 * The first listed event gets the picture, the second is cancelled; `details` is changed as
 * well when its page is opened.
 */
async function markEvents(page: Page, details: { id: string; cancelled: boolean } | null) {
  const mark = (event: Event, index: number): Event => {
    if (details && event.id === details.id) {
      return { ...event, imageId: pictureId, cancelled: details.cancelled };
    }
    if (index === 0) return { ...event, imageId: pictureId, cancelled: false };
    if (index === 1) return { ...event, imageId: null, cancelled: true };
    return event;
  };
  await page.route('**/api/events/**', async (route) => {
    const response = await route.fetch();
    const body: unknown = await response.json().catch(() => null);
    if (body && typeof body === 'object' && 'events' in body) {
      const list = body as EventPage;
      return route.fulfill({ response, json: { ...list, events: list.events.map(mark) } });
    }
    if (body && typeof body === 'object' && 'id' in body) {
      return route.fulfill({ response, json: mark(body as Event, -1) });
    }
    return route.fulfill({ response });
  });
}

test('a card shows its picture from /pictures, a cancelled card says so (390x844)', async ({
  page,
  visit,
}) => {
  const asked: string[] = [];
  await servePictures(page, asked);
  await markEvents(page, null);
  await visit('/search');
  const cards = page.getByRole('article');
  await expect(cards.first()).toBeVisible();
  const first = cards.first();
  const image = first.locator('picture img');
  await expect(image).toBeVisible();
  // The browser chose a WebP at a width for a 390 px screen, and the picture drew.
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  expect(asked.some((file) => file.endsWith('.webp'))).toBe(true);
  expect(asked.every((file) => file.endsWith('.webp'))).toBe(true);
  const cancelled = page.getByRole('article', { name: /Cancelled$/ });
  await expect(cancelled).toHaveCount(1);
  await expect(cancelled.getByText('Cancelled', { exact: true })).toBeVisible();
  await saveScreenshotsInBothThemes(page, 'pictures-search-cards');
  await first.scrollIntoViewIfNeeded();
  await saveViewportScreenshotsInBothThemes(page, 'pictures-search-top');
});

test('a cancelled event with a picture: its details say Cancelled and offer no going (390x844)', async ({
  page,
  visit,
}) => {
  const asked: string[] = [];
  await servePictures(page, asked);
  const listed = await page.request.get('/api/events?limit=1');
  const [event] = ((await listed.json()) as EventPage).events;
  if (!event) throw new Error('the seed has no events');
  await markEvents(page, { id: event.id, cancelled: true });
  await visit(`/event/${encodeURIComponent(event.id)}`);
  await expect(page.getByRole('heading', { level: 2, name: event.title })).toBeVisible();
  const hero = page.locator('picture img');
  await expect
    .poll(() => hero.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(page.getByText('Cancelled: it will not take place')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add to Calendar' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Get Tickets/ })).toHaveCount(0);
  await saveScreenshotsInBothThemes(page, 'pictures-details-cancelled');
});
