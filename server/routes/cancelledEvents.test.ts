import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CategoryCounts, EventList, EventPage } from '../../contract/events.ts';
import { Recommendations } from '../../contract/recommendations.ts';
import { warmGazetteer } from '../services/geocoding.ts';
import {
  bearer,
  buildTestApp,
  createOnboardedUser,
  expectInContract,
  insertTestEvent,
} from '../test/helpers.ts';
import type { FamJamApp } from '../types.ts';

/*
 * Issue 31, C.9: a cancelled event is never offered (Home's category counts, 'Because you like
 * …', the shake's pick, which the client draws from Home's list: src/features/home) but stays
 * findable, marked, where a family looks for it (Search, Saved, a shared link).
 */

let app: FamJamApp;
let goingAhead: string;
let cancelled: string;

const hour = 60 * 60 * 1000;

beforeAll(async () => {
  app = await buildTestApp();
  warmGazetteer();
  // Two pop-up family sing-alongs in San Francisco tomorrow; the source called one off.
  goingAhead = await insertTestEvent(app, {
    title: 'Family Sing-Along at the Pier',
    category: 'popup',
    tags: ['Family'],
    startsAt: new Date(Date.now() + 24 * hour),
  });
  cancelled = await insertTestEvent(app, {
    title: 'Family Sing-Along in the Park',
    category: 'popup',
    tags: ['Family'],
    startsAt: new Date(Date.now() + 25 * hour),
    cancelledAt: new Date(Date.now() - hour),
  });
});

afterAll(async () => {
  await app?.close();
});

async function getOk<T>(url: string, headers: Record<string, string> = {}): Promise<T> {
  const response = await app.inject({ method: 'GET', url, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('a cancelled event', () => {
  it('is not counted in the category tiles', async () => {
    const counts = await getOk<CategoryCounts>('/api/events/categories');
    expectInContract(counts, CategoryCounts, 'GET /api/events/categories');
    const count = Object.fromEntries(counts.categories.map((c) => [c.id, c.count]));
    expect(count).toMatchObject({ popup: 1, random: 1 });
  });

  it("is not recommended under 'Because you like Family'", async () => {
    const fan = await createOnboardedUser(app, {
      location: 'San Francisco, CA',
      musicPreferences: ['Family'],
      musicArtists: [],
    });
    const result = await getOk<Recommendations>('/api/me/recommendations', bearer(fan));
    expectInContract(result, Recommendations, 'GET /api/me/recommendations');
    expect(result.rows.map((row) => row.because)).toEqual(['Family']);
    expect(result.rows[0]?.events.map((event) => [event.id, event.cancelled])).toEqual([
      [goingAhead, false],
    ]);
  });

  it('is still found by Search and by a saved list, marked cancelled', async () => {
    const search = await getOk<EventPage>('/api/events/search?query=sing-along');
    expectInContract(search, EventPage, 'GET /api/events/search');
    expect(search.events.map((event) => [event.id, event.cancelled])).toEqual([
      [goingAhead, false],
      [cancelled, true],
    ]);
    // Home's list is the same search (its first page), so the client leaves it out of the
    // shake and the picks itself (src/features/home/HomeScreen.test.tsx).
    const home = await getOk<EventPage>('/api/events/search?limit=50');
    expect(home.events.find((event) => event.id === cancelled)?.cancelled).toBe(true);

    const saved = await getOk<EventList>(`/api/events/saved?ids=${cancelled},${goingAhead}`);
    expectInContract(saved, EventList, 'GET /api/events/saved');
    expect(saved.events.map((event) => [event.id, event.cancelled])).toEqual([
      [cancelled, true],
      [goingAhead, false],
    ]);
  });
});
