import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EventPage } from '../../contract/events.ts';
import { NotificationList } from '../../contract/notifications.ts';
import {
  MAX_WATCHED_SEARCHES,
  type WatchedSearch,
  type WatchedSearchFilters,
  WatchedSearchList,
} from '../../contract/outreach.ts';
import {
  events,
  type NewSourceRow,
  sources,
  users,
  watchedSearches,
  watchedSearchMatches,
} from '../db/schema/index.ts';
import { warmGazetteer } from '../services/geocoding.ts';
import { runDueSources } from '../services/sources/run.ts';
import {
  bearer,
  buildTestApp,
  createOnboardedUser,
  type EmulatorUser,
  expectInContract,
} from '../test/helpers.ts';
import {
  type FeedEvent,
  type FeedServer,
  fakeDns,
  icsFeed,
  startFeedServer,
} from '../test/testFeeds.ts';
import type { FamJamApp } from '../types.ts';

let app: FamJamApp;
let feeds: FeedServer;

beforeAll(async () => {
  app = await buildTestApp({ rateLimitPerMinute: 10_000 });
  // Seconds of synchronous work, done before any emulator call (see notifications.test.ts).
  warmGazetteer();
  feeds = await startFeedServer();
});

afterAll(async () => {
  await feeds?.close();
  await app?.close();
});

const oakland: WatchedSearchFilters = { location: 'Oakland, CA' };

async function call(
  user: EmulatorUser,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) {
  return app.inject({
    method,
    url,
    headers: bearer(user),
    ...(payload === undefined ? {} : { payload }),
  });
}

async function watch(
  user: EmulatorUser,
  name: string,
  filters: WatchedSearchFilters,
): Promise<WatchedSearch> {
  const response = await call(user, 'POST', '/api/me/watched-searches', { name, filters });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function listOf(user: EmulatorUser): Promise<WatchedSearchList> {
  const response = await call(user, 'GET', '/api/me/watched-searches');
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json();
  expectInContract(body, WatchedSearchList, 'GET /api/me/watched-searches');
  return body;
}

describe('/api/me/watched-searches', { timeout: 120_000 }, () => {
  it('keeps, lists newest first, renames, pauses, resumes and deletes the caller’s searches', async () => {
    const user = await createOnboardedUser(app, { location: 'Oakland, CA' });
    const first = await watch(user, 'Story time', { ...oakland, query: '  story   time ' });
    const second = await watch(user, 'Free things', {
      ...oakland,
      price: 'free',
      ages: ['teens,young_kids'],
      category: '',
    });
    // Kept in one form: no empty values, the default radius spelt out, ages once in order.
    expect(first.filters).toEqual({ query: 'story time', location: 'Oakland, CA', radiusKm: 40 });
    expect(second.filters).toEqual({
      price: 'free',
      ages: ['young_kids', 'teens'],
      location: 'Oakland, CA',
      radiusKm: 40,
    });
    expect(first.state).toBe('active');
    const list = await listOf(user);
    expect(list.limit).toBe(MAX_WATCHED_SEARCHES);
    expect(list.searches.map((search) => search.id)).toEqual([second.id, first.id]);

    // The same filters again: the search already kept, not a copy.
    const again = await call(user, 'POST', '/api/me/watched-searches', {
      name: 'Another name',
      filters: { query: 'story time', location: 'Oakland, CA', radiusKm: 40 },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first);

    const renamed = await call(user, 'PATCH', `/api/me/watched-searches/${first.id}`, {
      name: ' Library story time ',
      state: 'paused',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Library story time', state: 'paused' });
    const resumed = await call(user, 'PATCH', `/api/me/watched-searches/${first.id}`, {
      state: 'active',
    });
    expect(resumed.json().state).toBe('active');

    const deleted = await call(user, 'DELETE', `/api/me/watched-searches/${second.id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await listOf(user)).searches.map((search) => search.id)).toEqual([first.id]);
  });

  it(`refuses an eleventh search with a 409 that says what to do`, async () => {
    const user = await createOnboardedUser(app);
    for (let index = 0; index < MAX_WATCHED_SEARCHES; index += 1) {
      await watch(user, `Search ${index}`, { ...oakland, query: `word${index}` });
    }
    const refused = await call(user, 'POST', '/api/me/watched-searches', {
      name: 'One more',
      filters: { ...oakland, query: 'one more' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'You can watch at most 10 searches. Delete one to add another.',
    );
    // One already kept is still answered at the limit.
    const same = await call(user, 'POST', '/api/me/watched-searches', {
      name: 'Again',
      filters: { ...oakland, query: 'word3' },
    });
    expect(same.statusCode).toBe(200);
    expect((await listOf(user)).searches).toHaveLength(MAX_WATCHED_SEARCHES);
  });

  it('answers 404 for another family’s search and leaves it as it was', async () => {
    const owner = await createOnboardedUser(app);
    const other = await createOnboardedUser(app);
    const theirs = await watch(owner, 'Soccer', { ...oakland, query: 'soccer' });
    for (const [method, payload] of [
      ['PATCH', { name: 'Mine now', state: 'paused' }],
      ['DELETE', undefined],
    ] as const) {
      const response = await call(other, method, `/api/me/watched-searches/${theirs.id}`, payload);
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json().message).toBe('You have no watched search with this id.');
    }
    expect((await listOf(owner)).searches).toEqual([theirs]);
    expect((await listOf(other)).searches).toEqual([]);
  });

  it('says so in Spanish to a Spanish-speaking family', async () => {
    const owner = await createOnboardedUser(app);
    const other = await createOnboardedUser(app);
    const theirs = await watch(owner, 'Swimming', { ...oakland, query: 'swim' });
    const response = await app.inject({
      method: 'DELETE',
      url: `/api/me/watched-searches/${theirs.id}`,
      headers: { ...bearer(other), 'accept-language': 'es-419' },
    });
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json().message).toBe('No tienes ninguna búsqueda seguida con este id.');
  });

  it('answers 400 with a message for filters Search refuses, a blank name or a bad id', async () => {
    const user = await createOnboardedUser(app);
    const cases: [object, RegExp][] = [
      [{ name: 'x', filters: { location: 'Nowhereville Zzyzx' } }, /Nowhereville/],
      [
        { name: 'x', filters: { ages: ['grandparents'] } },
        /ages: "grandparents" is not a family group/,
      ],
      [{ name: 'x', filters: { date: '2027-02-30' } }, /not a day of the calendar/],
      [{ name: 'x', filters: { category: 'knitting' } }, /category/],
      [{ name: 'x', filters: { radiusKm: 0 } }, /radiusKm/],
      [{ name: 'x', filters: { tz: 'Europe/Paris' } }, /tz|additional/i],
      [{ name: '   ', filters: {} }, /name/],
      [{ filters: {} }, /name/],
    ];
    for (const [payload, message] of cases) {
      const response = await call(user, 'POST', '/api/me/watched-searches', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    const badId = await call(user, 'PATCH', '/api/me/watched-searches/not-a-uuid', {
      name: 'x',
    });
    expect(badId.statusCode).toBe(400);
    const empty = await call(
      user,
      'PATCH',
      '/api/me/watched-searches/00000000-0000-4000-8000-000000000000',
      {},
    );
    expect(empty.statusCode).toBe(400);
    expect((await listOf(user)).searches).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// An import's new events

const hour = 3_600_000;
const day = 24 * hour;
/** A run's clock: now, so the events are upcoming for the bell (the database's clock) too. */
const clock = new Date();
const inDays = (days: number, hours = 10) =>
  new Date(Math.floor(clock.getTime() / day) * day + days * day + hours * hour);

let sourceCount = 0;

async function addSource(path: string, feed: readonly FeedEvent[]) {
  feeds.set(path, { body: icsFeed(feed) });
  sourceCount += 1;
  const values: NewSourceRow = {
    kind: 'ical',
    name: `Watched test feed ${sourceCount}`,
    url: feeds.url(path),
    intervalSeconds: 3600,
    allowPrivateNetwork: true,
    nextRunAt: clock,
  };
  const [row] = await app.db.insert(sources).values(values).returning();
  if (!row) throw new Error('no source row');
  return row;
}

/** Runs every due source now (the sources' own poll), with the feed server on loopback. */
async function poll(): Promise<void> {
  const runs = await runDueSources(app.db, {
    resolve: fakeDns({}),
    now: () => clock,
    ticketmasterApiKey: null,
  });
  for (const run of runs) expect(run.outcome, run.error ?? '').toBe('ok');
}

async function dueAgain(): Promise<void> {
  await app.db.update(sources).set({ nextRunAt: clock, etag: null, lastModified: null });
}

async function matchesOf(searchIds: readonly string[]) {
  if (searchIds.length === 0) return [];
  return app.db
    .select({
      searchId: watchedSearchMatches.watchedSearchId,
      eventId: watchedSearchMatches.eventId,
    })
    .from(watchedSearchMatches)
    .where(inArray(watchedSearchMatches.watchedSearchId, [...searchIds]));
}

const icalId = (uid: string) => `ical:${uid}`;

describe('an import of new events', { timeout: 180_000 }, () => {
  afterEach(async () => {
    await app.db.delete(sources);
    await app.db.delete(events);
    await app.db.delete(watchedSearches);
  });

  it('writes a match once for each active search the new events match, and tells the bell once', async () => {
    const family = await createOnboardedUser(app, { location: 'Oakland, CA' });
    const lanterns: FeedEvent = {
      uid: 'lanterns@watched',
      summary: 'Lantern Walk',
      start: inDays(3),
    };
    const source = await addSource('/watched.ics', [lanterns]);
    await poll();
    // Watched after the lantern walk was imported: it is not new to them.
    const puppets = await watch(family, 'Puppets', { ...oakland, query: 'puppet' });
    const shows = await watch(family, 'Shows', { ...oakland, query: 'theatre' });
    const paused = await watch(family, 'Paused puppets', {
      ...oakland,
      query: 'puppets',
      radiusKm: 30,
    });
    await call(family, 'PATCH', `/api/me/watched-searches/${paused.id}`, { state: 'paused' });
    const soccer = await watch(family, 'Soccer', { ...oakland, query: 'soccer' });
    const walks = await watch(family, 'Walks', { ...oakland, query: 'walk' });
    const farAway = await watch(family, 'Puppets in Boston', {
      location: 'Boston, MA',
      query: 'puppet',
    });

    const theatre: FeedEvent = {
      uid: 'puppets@watched',
      summary: 'Puppet Theatre',
      start: inDays(4),
    };
    feeds.set('/watched.ics', { body: icsFeed([lanterns, theatre]) });
    await dueAgain();
    await poll();

    const all = [puppets, shows, paused, soccer, walks, farAway].map((search) => search.id);
    const found = await matchesOf(all);
    expect(found.sort((a, b) => a.searchId.localeCompare(b.searchId))).toEqual(
      [
        { searchId: puppets.id, eventId: icalId(theatre.uid) },
        { searchId: shows.id, eventId: icalId(theatre.uid) },
      ].sort((a, b) => a.searchId.localeCompare(b.searchId)),
    );

    // Polled again, the same document: nothing is new, nothing written twice.
    await dueAgain();
    await poll();
    expect(await matchesOf(all)).toHaveLength(2);
    expect(source.id).toBeGreaterThan(0);

    // The bell: one notification for the event, naming the first search that matched it.
    const response = await call(family, 'GET', '/api/me/notifications');
    const bell: NotificationList = response.json();
    expectInContract(bell, NotificationList, 'GET /api/me/notifications');
    const aboutTheatre = bell.notifications.filter(
      (notification) => notification.eventId === icalId(theatre.uid),
    );
    expect(aboutTheatre).toEqual([
      expect.objectContaining({
        id: `watched:${icalId(theatre.uid)}`,
        kind: 'watched',
        title: 'New event for "Puppets"',
        body: expect.stringContaining('Puppet Theatre'),
        read: false,
      }),
    ]);
    const [match] = await app.db
      .select({ matchedAt: watchedSearchMatches.matchedAt })
      .from(watchedSearchMatches)
      .where(eq(watchedSearchMatches.watchedSearchId, puppets.id));
    expect(aboutTheatre[0]?.createdAt).toBe(match?.matchedAt.toISOString());
  });

  it('matches what Search shows for the same filters: stems, prefixes and near spellings alike', async () => {
    const family = await createOnboardedUser(app, { location: 'Oakland, CA' });
    const before: FeedEvent = { uid: 'walk@parity', summary: 'Lantern Walk', start: inDays(2) };
    await addSource('/parity.ics', [before]);
    await poll();
    const queries = [
      'puppets', // stemmed: 'Puppet Theatre'
      'pupp', // a prefix, as Search reads while typing
      'puppt', // a typo: nothing as typed, so Search shows near spellings
      'wallk', // the stem of 'Wallking' (new), as typed
      'walk', // found as typed (the lantern walk): near spellings are not shown
      'the', // a stop word alone: every event
      'jazz', // nothing
    ];
    const watched = new Map<string, WatchedSearch>();
    for (const query of queries) {
      watched.set(query, await watch(family, query, { ...oakland, query }));
    }
    const added: FeedEvent[] = [
      { uid: 'puppets@parity', summary: 'Puppet Theatre', start: inDays(3) },
      { uid: 'walking@parity', summary: 'Wallking Club', start: inDays(5) },
      {
        uid: 'boston@parity',
        summary: 'Puppet Parade',
        start: inDays(3),
        geo: { latitude: 42.36, longitude: -71.06 },
      },
    ];
    feeds.set('/parity.ics', { body: icsFeed([before, ...added]) });
    await dueAgain();
    await poll();
    const newIds = new Set(added.map((event) => icalId(event.uid)));

    const shownBySearch = async (query: string) => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/events/search?${new URLSearchParams({ query, location: 'Oakland, CA', limit: '50' })}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      const page: EventPage = response.json();
      return page.events
        .map((event) => event.id)
        .filter((id) => newIds.has(id))
        .sort();
    };
    const matchedFor = async (query: string) => {
      const search = watched.get(query);
      if (!search) throw new Error(query);
      return (await matchesOf([search.id])).map((match) => match.eventId).sort();
    };
    const seen: Record<string, string[][]> = {};
    for (const query of queries)
      seen[query] = [await matchedFor(query), await shownBySearch(query)];
    expect(Object.fromEntries(queries.map((query) => [query, seen[query]?.[0]]))).toEqual(
      Object.fromEntries(queries.map((query) => [query, seen[query]?.[1]])),
    );
    // And what that is, so the comparison cannot pass on two empty lists.
    const theatre = icalId('puppets@parity');
    const club = icalId('walking@parity');
    expect(seen.puppets?.[0]).toEqual([theatre]);
    expect(seen.pupp?.[0]).toEqual([theatre]);
    expect(seen.puppt?.[0]).toEqual([theatre]);
    expect(seen.wallk?.[0]).toEqual([club]);
    expect(seen.walk?.[0]).toEqual([]);
    expect(seen.the?.[0]).toEqual([theatre, club].sort());
    expect(seen.jazz?.[0]).toEqual([]);
  });

  it('a matching that fails leaves the run ok with its events, and says so by its error code only', async () => {
    const family = await createOnboardedUser(app, { location: 'Oakland, CA' });
    const puppets = await watch(family, 'Puppets', { ...oakland, query: 'puppet' });
    const theatre: FeedEvent = {
      uid: 'puppets@failing',
      summary: 'Puppet Theatre',
      start: inDays(3),
    };
    const source = await addSource('/failing.ics', [theatre]);
    // The database refuses every match, as a full disk would: the error's message names the
    // family's words, which must reach neither the run's figures nor its row.
    await app.db.execute(sql`create function refuse_watched_match() returns trigger
      language plpgsql as $$ begin
        raise exception 'no room for the match of puppet' using errcode = '53100';
      end $$`);
    await app.db.execute(sql`create trigger refuse_watched_match before insert
      on watched_search_matches for each row execute function refuse_watched_match()`);
    let runs: Awaited<ReturnType<typeof runDueSources>>;
    try {
      runs = await runDueSources(app.db, {
        resolve: fakeDns({}),
        now: () => clock,
        ticketmasterApiKey: null,
      });
    } finally {
      await app.db.execute(sql`drop trigger refuse_watched_match on watched_search_matches`);
      await app.db.execute(sql`drop function refuse_watched_match()`);
    }

    expect(runs).toEqual([
      expect.objectContaining({
        sourceId: source.id,
        outcome: 'ok',
        error: null,
        counts: expect.objectContaining({ added: 1, watchedMatchingFailure: '53100' }),
      }),
    ]);
    expect(JSON.stringify(runs)).not.toContain('puppet');
    const [row] = await app.db.select().from(sources).where(eq(sources.id, source.id));
    expect(row).toMatchObject({ lastOutcome: 'ok', lastError: null, lastAdded: 1 });
    // The event is kept and listed; only the alert is lost.
    const stored = await app.db.select({ id: events.id }).from(events);
    expect(stored).toEqual([{ id: icalId(theatre.uid) }]);
    expect(await matchesOf([puppets.id])).toEqual([]);
  });

  it('goes with the account: deleting it removes its searches and their matches', async () => {
    const family = await createOnboardedUser(app, { location: 'Oakland, CA' });
    const stayer = await createOnboardedUser(app, { location: 'Oakland, CA' });
    const leaving = await watch(family, 'Puppets', { ...oakland, query: 'puppet' });
    const staying = await watch(stayer, 'Puppets', { ...oakland, query: 'puppet' });
    await addSource('/deletion.ics', [
      { uid: 'puppets@deletion', summary: 'Puppet Theatre', start: inDays(3) },
    ]);
    await poll();
    expect(await matchesOf([leaving.id, staying.id])).toHaveLength(2);
    const [row] = await app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.firebaseUid, family.uid));

    const deleted = await app.inject({ method: 'DELETE', url: '/api/me', headers: bearer(family) });
    expect(deleted.statusCode).toBe(204);

    expect(
      await app.db
        .select()
        .from(watchedSearches)
        .where(eq(watchedSearches.userId, row?.id ?? '')),
    ).toEqual([]);
    expect(
      await app.db
        .select()
        .from(watchedSearchMatches)
        .where(eq(watchedSearchMatches.userId, row?.id ?? '')),
    ).toEqual([]);
    expect(await matchesOf([staying.id])).toHaveLength(1);
  });
});
