import { expect, test } from './fixtures.ts';

/*
 * Issue 3 "done when": the stack starts on a fresh data dir (as a fresh clone's `npm start`
 * does), seeds it, and serves events around the default location. The home screen that lists
 * them belongs to a later issue, so this reads what the browser's API calls get.
 */

interface EventsPage {
  events: { title: string; location: string; date: string; isFamilyFriendly: boolean }[];
  nextCursor: string | null;
}

test('a fresh stack serves seeded upcoming events around San Francisco', async ({ request }) => {
  const response = await request.get('/api/events', {
    params: { location: 'San Francisco, CA', limit: 20 },
  });
  expect(response.status()).toBe(200);
  const page = (await response.json()) as EventsPage;
  expect(page.events.length).toBe(20);
  expect(page.nextCursor).not.toBeNull();
  const startOfToday = new Date();
  startOfToday.setHours(0, 0, 0, 0);
  for (const event of page.events) {
    expect(new Date(event.date).getTime()).toBeGreaterThanOrEqual(
      startOfToday.getTime() - 86_400_000,
    );
  }
  // All within the Bay Area (default radius 40 km): no Los Angeles or New York events.
  expect(page.events.map((e) => e.location).join(' | ')).not.toMatch(/Los Angeles|New York/);
});

test('family mode and a typo-tolerant search both find seeded events', async ({ request }) => {
  const family = await request.get('/api/events', {
    params: { location: 'San Francisco, CA', familyMode: 'true', limit: 50 },
  });
  const familyPage = (await family.json()) as EventsPage;
  expect(familyPage.events.length).toBeGreaterThan(0);
  expect(familyPage.events.every((e) => e.isFamilyFriendly)).toBe(true);

  const search = await request.get('/api/events/search', {
    params: { query: 'concrt', location: 'San Francisco, CA' },
  });
  expect(search.status()).toBe(200);
  const found = (await search.json()) as EventsPage;
  expect(found.events.length).toBeGreaterThan(0);
});

test('an unknown place is a 400 that names it', async ({ request }) => {
  const response = await request.get('/api/events', { params: { location: 'Atlantiss' } });
  expect(response.status()).toBe(400);
  const body = (await response.json()) as { error: string; message: string };
  expect(body.message).toContain('Atlantiss');
});
