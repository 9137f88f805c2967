import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CalendarFeed } from '../../contract/calendarFeed.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { events, users } from '../db/schema/index.ts';
import { buildFixtureApp } from '../test/fixtureApp.ts';
import {
  bearer,
  createEmulatorUser,
  type EmulatorUser,
  expectInContract,
  uniqueEmail,
} from '../test/helpers.ts';
import type { FamJamApp } from '../types.ts';

let app: FamJamApp;
let handle: DatabaseHandle;
/** FAMJAM_PUBLIC_URL: every absolute URL starts with it, whatever Host a request names. */
const publicUrl = 'https://famjam.example';

beforeAll(async () => {
  // Many requests from one address: the rate limiter is not what is under test.
  ({ app, handle } = await buildFixtureApp({ rateLimitPerMinute: 10_000, publicUrl }));
  // An event in another zone than the fixtures' San Francisco, saved by the tests below.
  const [jazz] = await handle.db.select().from(events).where(eq(events.id, 'test:jazz'));
  if (!jazz) throw new Error('fixture test:jazz is missing');
  await handle.db.insert(events).values({
    ...jazz,
    id: 'test:tokyo',
    sourceId: 'tokyo',
    title: 'Tokyo Taiko Drums',
    timeZone: 'Asia/Tokyo',
    startsAt: new Date('2027-03-06T10:00:00Z'),
  });
});

afterAll(async () => {
  await app?.close();
});

/** An emulator account with a FamJam profile, holding `saved` in that order. */
async function userWithSaved(saved: string[], label = 'feed'): Promise<EmulatorUser> {
  const user = await createEmulatorUser(uniqueEmail(label));
  const created = await app.inject({
    method: 'POST',
    url: '/api/users',
    headers: bearer(user),
    payload: {
      email: user.email,
      name: 'Sam Rivera',
      familySituation: 'young_kids',
      musicPreferences: [],
      location: 'San Francisco, CA',
    },
  });
  expect(created.statusCode).toBe(201);
  await putSaved(user, saved);
  return user;
}

/** Replaces the user's saved list, as the app's sync does. */
async function putSaved(user: EmulatorUser, ids: string[]): Promise<void> {
  const put = await app.inject({
    method: 'PUT',
    url: '/api/me/saved',
    headers: bearer(user),
    payload: { ids },
  });
  expect(put.statusCode).toBe(200);
}

async function feedOf(
  user: EmulatorUser | null,
  method: 'GET' | 'POST' = 'GET',
  extraHeaders: Record<string, string> = {},
) {
  const response = await app.inject({
    method,
    url: method === 'GET' ? '/api/me/calendar-feed' : '/api/me/calendar-feed/rotate',
    headers: { ...extraHeaders, ...(user ? bearer(user) : {}) },
  });
  const body: unknown = response.json();
  if (response.statusCode === 200) expectInContract(body, CalendarFeed, `${method} feed`);
  return { status: response.statusCode, body: body as CalendarFeed };
}

/** The feed as a calendar app fetches it: the path of the URL, no token. */
function fetchFeed(url: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url: new URL(url).pathname, headers });
}

function veventsOf(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
}

describe('GET /api/me/calendar-feed', () => {
  it('needs a sign-in', async () => {
    expect((await feedOf(null)).status).toBe(401);
    expect((await feedOf(null, 'POST')).status).toBe(401);
  });

  it('answers 409 with a clear message before the caller has a profile', async () => {
    const stranger = await createEmulatorUser(uniqueEmail('feed-no-profile'));
    for (const method of ['GET', 'POST'] as const) {
      const response = await feedOf(stranger, method);
      expect(response.status).toBe(409);
      expect(response.body).toEqual({
        error: 'conflict',
        message:
          'Create your FamJam profile (POST /api/users) before subscribing to your saved events.',
      });
    }
  });

  it('gives a private URL with a long random secret, the same one every time', async () => {
    const user = await userWithSaved(['test:jazz']);
    const first = await feedOf(user);
    expect(first.status).toBe(200);
    expect(first.body.url).toMatch(
      /^https:\/\/famjam\.example\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/,
    );
    expect(first.body.webcalUrl).toBe(first.body.url.replace(/^https:/, 'webcal:'));
    const again = await feedOf(user);
    expect(again.body).toEqual(first.body);
    const other = await feedOf(await userWithSaved(['test:jazz']));
    expect(other.body.url).not.toBe(first.body.url);
  });

  it('builds the URL from FAMJAM_PUBLIC_URL, never from the Host a request names', async () => {
    const user = await userWithSaved(['test:jazz'], 'feed-host');
    // An address FamJam answers to that is not its public one, and a proxy header it ignores.
    const hostile = { host: '192.0.2.66:8080', 'x-forwarded-host': 'evil.example' };
    for (const method of ['GET', 'POST'] as const) {
      const { body } = await feedOf(user, method, hostile);
      expect(body.url.startsWith(`${publicUrl}/api/calendar/`), body.url).toBe(true);
      expect(body.webcalUrl.startsWith('webcal://famjam.example/api/calendar/')).toBe(true);
    }
    // The feed's own links to the events too.
    const { body } = await feedOf(user);
    const text = (await fetchFeed(body.url, hostile)).body;
    expect(text).not.toContain('evil.example');
    expect(text).not.toContain('192.0.2.66');
    expect(veventsOf(text).map((event) => event.component.getFirstPropertyValue('url'))).toEqual([
      `${publicUrl}/event/test%3Ajazz`,
    ]);
  });
});

describe('GET /api/calendar/{secret}.ics', () => {
  it("serves the owner's saved events, in list order, with stable UIDs and their own zones", async () => {
    const user = await userWithSaved(['test:tokyo', 'test:market', 'test:jazz'], 'feed-content');
    const { body } = await feedOf(user);
    const response = await fetchFeed(body.url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['cache-control']).toBe('private, max-age=300');
    const text = response.body;
    const vevents = veventsOf(text);
    expect(vevents.map((event) => event.uid)).toEqual([
      'test:tokyo@famjam',
      'test:market@famjam',
      'test:jazz@famjam',
    ]);
    expect(vevents.map((event) => event.summary)).toEqual([
      'Tokyo Taiko Drums',
      'Farmers Market Brunch',
      'Jazz Concert in the Park',
    ]);
    const [tokyo, market] = vevents;
    expect(tokyo?.startDate.zone?.tzid).toBe('Asia/Tokyo');
    expect(tokyo?.startDate.toString()).toBe('2027-03-06T19:00:00');
    expect(market?.startDate.zone?.tzid).toBe('America/Los_Angeles');
    expect(market?.location).toBe('Ferry Building, 1 Ferry Building, San Francisco, CA 94111');
    expect(
      (tokyo?.endDate.toJSDate().getTime() ?? 0) - (tokyo?.startDate.toJSDate().getTime() ?? 0),
    ).toBe(2 * 60 * 60 * 1000);
    // No personal data: the calendar is named for what it holds, not for whom.
    expect(text).toContain('X-WR-CALNAME:FamJam saved events');
    expect(text).not.toMatch(/Sam Rivera|@example\.com/i);
  });

  it('shows a rescheduled event at its new time on the next fetch', async () => {
    const user = await userWithSaved(['test:comedy'], 'feed-update');
    const { body } = await feedOf(user);
    const before = veventsOf((await fetchFeed(body.url)).body)[0];
    const moved = new Date('2027-05-01T02:30:00Z');
    // SEQUENCE counts seconds of updated_at: the reschedule comes a minute after the event was
    // stored (on a fast PostgreSQL both fall in the same second when stamped with "now").
    const [stored] = await handle.db
      .select({ updatedAt: events.updatedAt })
      .from(events)
      .where(eq(events.id, 'test:comedy'));
    if (!stored) throw new Error('the fixture has test:comedy');
    await handle.db
      .update(events)
      .set({ startsAt: moved, updatedAt: new Date(stored.updatedAt.getTime() + 60_000) })
      .where(eq(events.id, 'test:comedy'));
    const after = veventsOf((await fetchFeed(body.url)).body)[0];
    expect(after?.uid).toBe(before?.uid);
    expect(after?.startDate.toJSDate().toISOString()).toBe(moved.toISOString());
    expect(Number(after?.sequence)).toBeGreaterThan(Number(before?.sequence));
  });

  it('answers 304 to a poll naming the current ETag, and 200 with a new one after a change', async () => {
    const user = await userWithSaved(['test:jazz'], 'feed-etag');
    const { body } = await feedOf(user);
    const first = await fetchFeed(body.url);
    const etag = first.headers.etag;
    expect(etag).toMatch(/^"[\w-]+"$/);
    // Written again a second later (its DTSTAMP differs), the same calendar keeps its ETag.
    const unchanged = await fetchFeed(body.url, { 'if-none-match': String(etag) });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect(unchanged.headers['content-length']).toBeUndefined();
    expect(unchanged.headers['content-type']).toBeUndefined();
    expect(unchanged.headers.etag).toBe(etag);
    expect((await fetchFeed(body.url, { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(
      304,
    );

    await putSaved(user, ['test:jazz', 'test:comedy']);
    const changed = await fetchFeed(body.url, { 'if-none-match': String(etag) });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(veventsOf(changed.body)).toHaveLength(2);
  });

  it('answers 304 to If-Modified-Since from Last-Modified, and notices a removed event', async () => {
    const user = await userWithSaved(['test:jazz', 'test:comedy'], 'feed-modified');
    const { body } = await feedOf(user);
    // Only Date is faked, so the clock moves on without the test sleeping through whole
    // seconds; it stays near the real time, where the emulator's ID tokens are valid.
    const base = Math.floor(Date.now() / 1000) * 1000;
    const at = (seconds: number) => new Date(base + seconds * 1000);
    const httpDate = (seconds: number) => at(seconds).toUTCString();
    vi.useFakeTimers({ toFake: ['Date'], now: at(0.4) });
    try {
      const first = await fetchFeed(body.url);
      expect(first.statusCode).toBe(200);
      // The second this text was first served is not over: a change later in it would carry
      // the same date, so no Last-Modified yet (the ETag still works).
      expect(first.headers['last-modified']).toBeUndefined();

      vi.setSystemTime(at(5));
      const later = await fetchFeed(body.url);
      expect(later.headers['last-modified']).toBe(httpDate(0));
      const since = (date: string) => fetchFeed(body.url, { 'if-modified-since': date });
      expect((await since(httpDate(0))).statusCode).toBe(304);
      expect((await since(httpDate(3))).statusCode).toBe(304);
      expect((await since(httpDate(-1))).statusCode).toBe(200);
      expect((await since('not a date')).statusCode).toBe(200);
      // With If-None-Match the tag decides (RFC 9110): a stale tag gets the file.
      const staleTag = await fetchFeed(body.url, {
        'if-none-match': '"stale"',
        'if-modified-since': httpDate(3),
      });
      expect(staleTag.statusCode).toBe(200);

      // Removing a saved event leaves no row with a timestamp; the feed still knows it changed.
      vi.setSystemTime(at(10.5));
      await putSaved(user, ['test:jazz']);
      const afterRemoval = await since(httpDate(5));
      expect(afterRemoval.statusCode).toBe(200);
      expect(veventsOf(afterRemoval.body)).toHaveLength(1);
      vi.setSystemTime(at(12));
      const settled = await fetchFeed(body.url);
      expect(settled.headers['last-modified']).toBe(httpDate(10));
      expect((await since(httpDate(10))).statusCode).toBe(304);
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives a user with no saved events a valid empty calendar', async () => {
    const user = await userWithSaved([], 'feed-empty');
    const response = await fetchFeed((await feedOf(user)).body.url);
    expect(response.statusCode).toBe(200);
    const calendar = new ICAL.Component(ICAL.parse(response.body));
    expect(calendar.name).toBe('vcalendar');
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getAllSubcomponents('vevent')).toEqual([]);
  });

  it('stops answering the old URL the moment the link is reset', async () => {
    const user = await userWithSaved(['test:jazz'], 'feed-rotate');
    const old = (await feedOf(user)).body;
    expect((await fetchFeed(old.url)).statusCode).toBe(200);
    const rotated = await feedOf(user, 'POST');
    expect(rotated.status).toBe(200);
    expect(rotated.body.url).not.toBe(old.url);
    expect(Date.parse(rotated.body.rotatedAt)).toBeGreaterThanOrEqual(Date.parse(old.rotatedAt));
    const gone = await fetchFeed(old.url);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({
      error: 'not_found',
      message:
        'No calendar feed at this address. It may have been reset: open Saved in FamJam for the current link.',
    });
    expect((await fetchFeed(rotated.body.url)).statusCode).toBe(200);
    // Opening Subscribe again shows the new link.
    expect((await feedOf(user)).body).toEqual(rotated.body);
  });

  it("never reaches another user's feed: each URL holds only its owner's events", async () => {
    const alice = await userWithSaved(['test:jazz'], 'feed-alice');
    const bob = await userWithSaved(['test:giants'], 'feed-bob');
    const aliceUrl = (await feedOf(alice)).body.url;
    const bobUrl = (await feedOf(bob)).body.url;
    expect(veventsOf((await fetchFeed(aliceUrl)).body).map((event) => event.uid)).toEqual([
      'test:jazz@famjam',
    ]);
    // Bob resetting his link does nothing to Alice's.
    await feedOf(bob, 'POST');
    expect((await fetchFeed(aliceUrl)).statusCode).toBe(200);
    expect((await fetchFeed(bobUrl)).statusCode).toBe(404);
  });

  it("speaks the owner's language in its own words (users.language), the events' as their source wrote them", async () => {
    const [jazz] = await handle.db.select().from(events).where(eq(events.id, 'test:jazz'));
    if (!jazz) throw new Error('fixture test:jazz is missing');
    await handle.db.insert(events).values({
      ...jazz,
      id: 'test:called-off',
      sourceId: 'called-off',
      title: 'Called Off Picnic',
      cancelledAt: new Date('2026-01-01T00:00:00Z'),
    });
    const saved = ['test:jazz', 'test:called-off'];
    const spanish = await userWithSaved(saved, 'feed-es');
    await handle.db.update(users).set({ language: 'es' }).where(eq(users.email, spanish.email));
    const english = await userWithSaved(saved, 'feed-en');

    const spanishText = (await fetchFeed((await feedOf(spanish)).body.url)).body;
    expect(spanishText).toContain('X-WR-CALNAME:Eventos guardados en FamJam');
    expect(spanishText).toMatch(/^PRODID:.*\/\/ES\r$/m);
    expect(veventsOf(spanishText).map((event) => event.summary)).toEqual([
      'Jazz Concert in the Park',
      'Cancelado: Called Off Picnic',
    ]);
    expect(spanishText).not.toMatch(/saved events|Cancelled:|server\.calendar\./);

    const englishText = (await fetchFeed((await feedOf(english)).body.url)).body;
    expect(englishText).toContain('X-WR-CALNAME:FamJam saved events');
    expect(veventsOf(englishText).map((event) => event.summary)).toEqual([
      'Jazz Concert in the Park',
      'Cancelled: Called Off Picnic',
    ]);
  });

  it.each([
    ['an unknown secret', `/api/calendar/${'A'.repeat(43)}.ics`],
    ['a short secret', '/api/calendar/abc.ics'],
    ['a secret with other characters', `/api/calendar/${'%27'.repeat(20)}abc.ics`],
    ['a too long secret', `/api/calendar/${'A'.repeat(44)}.ics`],
    ['no .ics', `/api/calendar/${'A'.repeat(43)}`],
  ])('answers 404 JSON for %s, never 500', async (_label, url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.json<{ error: string }>().error).toBe('not_found');
  });
});
