import { readFileSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { events } from '../../db/schema/events.ts';
import { eventSources, type NewSourceRow, sources } from '../../db/schema/sources.ts';
import { claimDueSource, findSource, listSources } from '../../stores/sources.ts';
import { openTestDatabase } from '../../test/database.ts';
import { buildTestApp, testConfig } from '../../test/helpers.ts';
import {
  type FeedEvent,
  type FeedServer,
  fakeDns,
  icsFeed,
  jsonLdPage,
  startFeedServer,
} from '../../test/testFeeds.ts';
import type { FamJamApp } from '../../types.ts';
import type { RunDependencies } from './run.ts';
import { runDueSources, runSource } from './run.ts';
import { normalisedTitle } from './sameEvent.ts';
import { backoffSeconds, formatInterval, parseInterval, retryAfterSeconds } from './schedule.ts';
import { runSourceNow, setSourceEnabled, sourceRunDependencies } from './sources.ts';

const hour = 3_600_000;
let clock = new Date('2026-12-01T12:00:00Z');
const later = (ms: number) => new Date(clock.getTime() + ms);

let handle: DatabaseHandle;
let feeds: FeedServer;

function deps(overrides: Partial<RunDependencies> = {}): RunDependencies {
  return {
    resolve: fakeDns({}),
    now: () => clock,
    ticketmasterApiKey: null,
    ...overrides,
  };
}

async function addSource(values: Partial<NewSourceRow> & Pick<NewSourceRow, 'url'>) {
  const [row] = await handle.db
    .insert(sources)
    .values({
      kind: 'ical',
      name: 'Test feed',
      intervalSeconds: 3600,
      allowPrivateNetwork: true,
      nextRunAt: clock,
      ...values,
    })
    .returning();
  if (!row) throw new Error('no source row');
  return row;
}

async function source(id: number) {
  const row = await findSource(handle.db, id);
  if (!row) throw new Error(`no source ${id}`);
  return row;
}

async function event(id: string) {
  const [row] = await handle.db.select().from(events).where(eq(events.id, id));
  return row;
}

async function linksOf(eventId: string) {
  return handle.db
    .select({ sourceId: eventSources.sourceId, key: eventSources.sourceKey })
    .from(eventSources)
    .where(eq(eventSources.eventId, eventId));
}

/** Moves the clock to when the source is next due and runs everything due. */
async function pollWhenDue(sourceId: number, overrides: Partial<RunDependencies> = {}) {
  clock = (await source(sourceId)).nextRunAt;
  return runDueSources(handle.db, deps(overrides));
}

const start = new Date('2026-12-10T18:00:00Z');
const bubble: FeedEvent = { uid: 'bubble-1@feed', summary: 'Bubble Festival', start };
const puppets: FeedEvent = {
  uid: 'puppets-1@feed',
  summary: 'Puppet Theatre',
  start: new Date('2026-12-11T17:00:00Z'),
};
const lanterns: FeedEvent = {
  uid: 'lanterns-1@feed',
  summary: 'Lantern Walk',
  start: new Date('2026-12-12T02:00:00Z'),
  image: 'https://pictures.example/lanterns.jpg',
};

beforeAll(async () => {
  handle = await openTestDatabase();
  feeds = await startFeedServer();
});

afterAll(async () => {
  await feeds.close();
  await handle.close();
});

afterEach(async () => {
  clock = new Date('2026-12-01T12:00:00Z');
  feeds.requests.length = 0;
  await handle.db.delete(sources);
  await handle.db.delete(events);
});

describe('a polled iCalendar source', { timeout: 120_000 }, () => {
  it('adds, updates, reschedules and cancels as the feed changes between polls', async () => {
    feeds.set('/changing.ics', { body: icsFeed([bubble, puppets, lanterns]) });
    const feed = await addSource({ url: feeds.url('/changing.ics') });

    const [first] = await runDueSources(handle.db, deps());
    expect(first).toMatchObject({ outcome: 'ok', counts: { added: 3, cancelled: 0 } });
    expect(await linksOf('ical:bubble-1@feed')).toEqual([
      { sourceId: feed.id, key: 'bubble-1@feed' },
    ]);
    // The picture is only recorded: the picture worker fetches it.
    expect(await event('ical:lanterns-1@feed')).toMatchObject({
      pictureUrl: 'https://pictures.example/lanterns.jpg',
      imageUrl: '/images/categories/popup.svg',
      imageId: null,
    });
    // The worker has tried the lantern picture (and refused it); a new URL must be tried again.
    await handle.db
      .update(events)
      .set({ pictureCheckedAt: clock, pictureError: 'not a picture' })
      .where(eq(events.id, 'ical:lanterns-1@feed'));

    // Second poll: the bubbles move two hours later, the puppets are gone, the lanterns have a
    // new picture, and a new event appears.
    const moved = new Date(start.getTime() + 2 * hour);
    const skating: FeedEvent = {
      uid: 'skating-1@feed',
      summary: 'Family Skate',
      start: new Date('2026-12-13T18:00:00Z'),
    };
    feeds.set('/changing.ics', {
      body: icsFeed([
        { ...bubble, start: moved },
        { ...lanterns, image: 'https://pictures.example/lanterns-2.jpg' },
        skating,
      ]),
    });
    const [second] = await pollWhenDue(feed.id);
    expect(second).toMatchObject({
      outcome: 'ok',
      counts: { added: 1, updated: 2, cancelled: 1 },
    });
    const rescheduled = await event('ical:bubble-1@feed');
    expect(rescheduled?.startsAt.toISOString()).toBe(moved.toISOString());
    expect(rescheduled?.previousStartsAt?.toISOString()).toBe(start.toISOString());
    expect(rescheduled?.rescheduledAt).not.toBeNull();
    expect(rescheduled?.cancelledAt).toBeNull();
    // Gone from its only source: cancelled, not deleted.
    expect((await event('ical:puppets-1@feed'))?.cancelledAt?.toISOString()).toBe(
      clock.toISOString(),
    );
    expect(await event('ical:lanterns-1@feed')).toMatchObject({
      pictureUrl: 'https://pictures.example/lanterns-2.jpg',
      pictureCheckedAt: null,
      pictureError: null,
    });

    // Third poll: the feed says the skating is cancelled, and the puppets are back.
    feeds.set('/changing.ics', {
      body: icsFeed([
        { ...bubble, start: moved },
        { ...lanterns, image: 'https://pictures.example/lanterns-2.jpg' },
        { ...skating, status: 'CANCELLED' },
        puppets,
      ]),
    });
    const [third] = await pollWhenDue(feed.id);
    expect(third).toMatchObject({ outcome: 'ok', counts: { cancelled: 1 } });
    expect((await event('ical:skating-1@feed'))?.cancelledAt).not.toBeNull();
    expect((await event('ical:puppets-1@feed'))?.cancelledAt).toBeNull();
    // An unchanged start is not a reschedule.
    expect((await event('ical:bubble-1@feed'))?.previousStartsAt?.toISOString()).toBe(
      start.toISOString(),
    );

    const [summary] = await listSources(handle.db);
    expect(summary).toMatchObject({
      id: feed.id,
      lastOutcome: 'ok',
      lastRunAt: clock.toISOString(),
      nextRunAt: later(hour).toISOString(),
      cancelled: 1,
      lastError: null,
      eventCount: 4,
    });
  });

  it('sends the validators back and changes nothing on 304', async () => {
    feeds.set('/validated.ics', (response, request) => {
      if (request.headers['if-none-match'] === '"v1"') {
        response.writeHead(304).end();
        return;
      }
      response
        .writeHead(200, {
          etag: '"v1"',
          'last-modified': 'Mon, 30 Nov 2026 08:00:00 GMT',
          'content-type': 'text/calendar',
        })
        .end(icsFeed([bubble]));
    });
    const feed = await addSource({ url: feeds.url('/validated.ics') });
    await runDueSources(handle.db, deps());
    const [second] = await pollWhenDue(feed.id);
    expect(second).toMatchObject({ outcome: 'not_modified', counts: null });
    expect(feeds.requests.at(-1)?.headers).toMatchObject({
      'if-none-match': '"v1"',
      'if-modified-since': 'Mon, 30 Nov 2026 08:00:00 GMT',
    });
    expect(await source(feed.id)).toMatchObject({
      lastOutcome: 'not_modified',
      lastAdded: 0,
      nextRunAt: later(hour),
      etag: '"v1"',
    });
    expect((await event('ical:bubble-1@feed'))?.cancelledAt).toBeNull();
  });

  it('backs off after failures, keeps the last good events, and recovers', async () => {
    feeds.set('/flaky.ics', { body: icsFeed([bubble]) });
    const feed = await addSource({ url: feeds.url('/flaky.ics'), intervalSeconds: 6 * 3600 });
    await runDueSources(handle.db, deps());

    feeds.set('/flaky.ics', { status: 500, body: 'oops' });
    const waits: number[] = [];
    for (let failure = 1; failure <= 4; failure += 1) {
      const [run] = await pollWhenDue(feed.id);
      expect(run?.outcome).toBe('failed');
      waits.push(((await source(feed.id)).nextRunAt.getTime() - clock.getTime()) / hour);
    }
    // Doubled per failure from the 6 h interval, then held at a day.
    expect(waits).toEqual([12, 24, 24, 24]);
    expect(await source(feed.id)).toMatchObject({
      lastOutcome: 'failed',
      consecutiveFailures: 4,
      lastError: `${feeds.url('/flaky.ics')} answered 500 Internal Server Error`,
    });
    // A failure is not the feed dropping its events.
    expect((await event('ical:bubble-1@feed'))?.cancelledAt).toBeNull();

    feeds.set('/flaky.ics', { body: icsFeed([bubble]) });
    const [recovered] = await pollWhenDue(feed.id);
    expect(recovered?.outcome).toBe('ok');
    expect(await source(feed.id)).toMatchObject({ consecutiveFailures: 0, lastError: null });
  });

  it('gives up on a feed that does not answer in time', async () => {
    feeds.set('/silent.ics', () => {
      // Never answers: the poller's time limit has to end it.
    });
    const feed = await addSource({ url: feeds.url('/silent.ics') });
    const [run] = await runDueSources(handle.db, deps({ timeoutMs: 500 }));
    expect(run).toMatchObject({ outcome: 'failed' });
    expect(run?.error).toContain('no answer within 0.5 s');
    expect((await source(feed.id)).nextRunAt).toEqual(later(2 * hour));
  });

  it('stops reading a body larger than the limit', async () => {
    feeds.set('/huge.ics', (response) => {
      response.writeHead(200, { 'content-type': 'text/calendar' });
      // Two MiB streamed without a length: the limit is enforced while reading.
      const chunk = 'X'.repeat(64 * 1024);
      for (let index = 0; index < 32; index += 1) response.write(chunk);
      response.end();
    });
    const feed = await addSource({ url: feeds.url('/huge.ics') });
    const [run] = await runDueSources(handle.db, deps({ maxBytes: 256 * 1024 }));
    expect(run?.outcome).toBe('failed');
    expect((await source(feed.id)).lastError).toBe(
      `${feeds.url('/huge.ics')} is larger than 262144 bytes, the most the importer reads; stopped there.`,
    );
  });

  it('honours Retry-After, in seconds or as a date, when it is longer than the backoff', async () => {
    feeds.set('/busy.ics', {
      status: 429,
      headers: { 'retry-after': String(30 * 3600) },
      body: 'slow down',
    });
    const feed = await addSource({ url: feeds.url('/busy.ics') });
    await runDueSources(handle.db, deps());
    expect((await source(feed.id)).nextRunAt).toEqual(later(30 * hour));

    const due = (await source(feed.id)).nextRunAt;
    const comeBack = new Date(due.getTime() + 50 * hour);
    feeds.set('/busy.ics', {
      status: 503,
      headers: { 'retry-after': comeBack.toUTCString() },
    });
    const [run] = await pollWhenDue(feed.id);
    expect(run?.error).toContain('503 Service Unavailable (asked to come back in 180000 s)');
    expect((await source(feed.id)).nextRunAt).toEqual(comeBack);
  });

  it('refuses a private address the source was not allowed, and a redirect to one', async () => {
    const dns = fakeDns({ 'feeds.example': '127.0.0.1', 'metadata.internal': '169.254.169.254' });
    const port = new URL(feeds.origin).port;
    feeds.set('/bounce.ics', {
      status: 302,
      headers: { location: 'http://metadata.internal/latest/meta-data/' },
    });
    // Allowed on a private network for its own origin, not for where it redirects.
    const bouncing = await addSource({ url: feeds.url('/bounce.ics') });
    // Not allowed at all: its name resolves to this machine.
    const local = await addSource({
      url: `http://feeds.example:${port}/local.ics`,
      allowPrivateNetwork: false,
    });
    const runs = await runDueSources(handle.db, deps({ resolve: dns }));
    expect(runs.map((run) => run.outcome)).toEqual(['failed', 'failed']);
    expect((await source(bouncing.id)).lastError).toContain(
      'Refusing to fetch from metadata.internal: it resolves to 169.254.169.254, which is not a public address. The source was allowed a private network for its own address only (scheme, host and port)',
    );
    expect((await source(local.id)).lastError).toContain(
      'Refusing to fetch from feeds.example: it resolves to 127.0.0.1',
    );
    expect(feeds.requests.map((request) => request.path)).toEqual(['/bounce.ics']);
  });

  it('keeps a private-network allowance to the source’s own scheme, host and port, redirects included', async () => {
    // Another service on this machine, on another port, and FamJam's own public origin.
    const other = await startFeedServer();
    try {
      other.set('/elsewhere.ics', { body: icsFeed([bubble]) });
      feeds.set('/to-other-port.ics', {
        status: 302,
        headers: { location: other.url('/elsewhere.ics') },
      });
      feeds.set('/to-famjam.ics', {
        status: 302,
        headers: { location: 'https://famjam.example/api/config' },
      });
      feeds.set('/moved.ics', { status: 301, headers: { location: feeds.url('/here.ics') } });
      feeds.set('/here.ics', { body: icsFeed([bubble]) });
      const toOtherPort = await addSource({ url: feeds.url('/to-other-port.ics') });
      const toFamJam = await addSource({ url: feeds.url('/to-famjam.ics') });
      const moved = await addSource({ url: feeds.url('/moved.ics') });
      const dns = fakeDns({});
      await runDueSources(
        handle.db,
        deps({
          resolve: dns,
          ownServer: () => ({ origins: ['https://famjam.example'], port: null }),
        }),
      );
      expect((await source(toOtherPort.id)).lastError).toBe(
        'Refusing to fetch from 127.0.0.1: it resolves to 127.0.0.1, which is not a public address. The source was allowed a private network for its own address only (scheme, host and port), and this is another.',
      );
      expect((await source(toFamJam.id)).lastError).toBe(
        'Refusing to fetch from famjam.example: it is FamJam itself, which a feed or its pictures never point to.',
      );
      expect(dns.asked).toEqual([]);
      expect(other.requests).toEqual([]);
      // Its own host and port, through a redirect, still works.
      expect(await source(moved.id)).toMatchObject({
        lastOutcome: 'ok',
        lastError: null,
        lastAdded: 1,
      });
    } finally {
      await other.close();
    }
  });

  it('runs the other sources when one fails', async () => {
    feeds.set('/broken.ics', { status: 500 });
    feeds.set('/fine.ics', { body: icsFeed([bubble]) });
    const broken = await addSource({ url: feeds.url('/broken.ics'), nextRunAt: later(-hour) });
    const fine = await addSource({ url: feeds.url('/fine.ics') });
    const runs = await runDueSources(handle.db, deps());
    expect(runs.map((run) => [run.sourceId, run.outcome])).toEqual([
      [broken.id, 'failed'],
      [fine.id, 'ok'],
    ]);
    expect(await linksOf('ical:bubble-1@feed')).toEqual([{ sourceId: fine.id, key: bubble.uid }]);
  });

  it('does not treat a document with unreadable records or no records as dropping events', async () => {
    feeds.set('/partial.ics', { body: icsFeed([bubble, puppets]) });
    const feed = await addSource({ url: feeds.url('/partial.ics') });
    await runDueSources(handle.db, deps());
    // The puppets now lack a place: unreadable, so it may still be on.
    feeds.set('/partial.ics', {
      body: icsFeed([bubble]).replace(
        'END:VCALENDAR',
        'BEGIN:VEVENT\r\nUID:puppets-1@feed\r\nDTSTART:20261211T170000Z\r\nSUMMARY:Puppet Theatre\r\nEND:VEVENT\r\nEND:VCALENDAR',
      ),
    });
    const [partial] = await pollWhenDue(feed.id);
    expect(partial?.counts).toMatchObject({ invalid: 1, cancelled: 0, absenceCounted: false });
    feeds.set('/partial.ics', { body: icsFeed([]) });
    const [empty] = await pollWhenDue(feed.id);
    expect(empty?.counts).toMatchObject({ cancelled: 0, absenceCounted: false });
    expect((await event('ical:puppets-1@feed'))?.cancelledAt).toBeNull();
  });
});

describe('a source’s own place and zone', { timeout: 120_000 }, () => {
  it('places events that name no place at the source’s location, in its zone', async () => {
    // Floating local time and a room name only, as library feeds often write.
    feeds.set('/rooms.ics', {
      body: [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'BEGIN:VEVENT',
        'UID:story-room@library',
        'DTSTART:20261205T103000',
        'SUMMARY:Toddler Story Time',
        'LOCATION:Story Room',
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    });
    await addSource({
      url: feeds.url('/rooms.ics'),
      defaultLocation: 'Oakland, CA',
      defaultLatitude: 37.8044,
      defaultLongitude: -122.2712,
      defaultTimeZone: 'America/Los_Angeles',
    });
    const [run] = await runDueSources(handle.db, deps());
    expect(run?.counts).toMatchObject({ added: 1, invalid: 0 });
    const story = await event('ical:story-room@library');
    expect(story).toMatchObject({
      venue: 'Story Room',
      location: 'Oakland, CA',
      latitude: 37.8044,
      longitude: -122.2712,
      timeZone: 'America/Los_Angeles',
    });
    // 10:30 in Oakland in December is 18:30 UTC.
    expect(story?.startsAt.toISOString()).toBe('2026-12-05T18:30:00.000Z');
  });
});

describe('two sources listing the same event', { timeout: 120_000 }, () => {
  it('keep one event, linked to both, cancelled only when both drop it', async () => {
    // The venue's feed runs first, so its listing is the one stored.
    const venueFeed = await addSource({
      url: feeds.url('/venue.ics'),
      name: 'Venue',
      nextRunAt: later(-hour),
    });
    const cityPage = await addSource({
      kind: 'jsonld',
      url: feeds.url('/city.html'),
      name: 'City calendar',
    });
    feeds.set('/venue.ics', { body: icsFeed([{ ...bubble, summary: 'The Bubble Festival!' }]) });
    // Five minutes later, 100 m away, written differently: the same event.
    const sameBubbles: FeedEvent = {
      ...bubble,
      uid: 'bubbles',
      summary: 'BUBBLE FESTIVAL',
      start: new Date(start.getTime() + 5 * 60_000),
      geo: { latitude: 37.8038, longitude: -122.2585 },
    };
    // Same title and place, but an hour later: another showing.
    const laterShowing: FeedEvent = {
      ...sameBubbles,
      uid: 'bubbles-late',
      start: new Date(start.getTime() + hour),
    };
    feeds.set('/city.html', { body: jsonLdPage([sameBubbles, laterShowing]) });
    const runs = await runDueSources(handle.db, deps());
    expect(runs.map((run) => run.counts?.added)).toEqual([1, 1]);
    expect(await linksOf('ical:bubble-1@feed')).toEqual(
      expect.arrayContaining([
        { sourceId: venueFeed.id, key: bubble.uid },
        { sourceId: cityPage.id, key: 'https://events.example/bubbles' },
      ]),
    );
    expect(await event('jsonld:https://events.example/bubbles')).toBeUndefined();
    expect(await event('jsonld:https://events.example/bubbles-late')).toBeDefined();

    // The venue drops it; the city page still lists it: still on.
    feeds.set('/venue.ics', { body: icsFeed([puppets]) });
    await pollWhenDue(venueFeed.id);
    expect((await event('ical:bubble-1@feed'))?.cancelledAt).toBeNull();
    // The city page drops it too: cancelled.
    feeds.set('/city.html', { body: jsonLdPage([laterShowing]) });
    const runsThen = await pollWhenDue(cityPage.id);
    expect(runsThen.find((run) => run.sourceId === cityPage.id)?.counts?.cancelled).toBe(1);
    expect((await event('ical:bubble-1@feed'))?.cancelledAt).not.toBeNull();
  });

  it('normalises titles: case, accents, punctuation, "&" and filler words', () => {
    expect(normalisedTitle('The Bubble Festival!')).toBe(normalisedTitle('bubble festival'));
    expect(normalisedTitle('Día de los Muertos')).toBe(normalisedTitle('DIA DE LOS MUERTOS'));
    expect(normalisedTitle('Arts & Crafts')).toBe(normalisedTitle('Arts and Crafts'));
    expect(normalisedTitle('Bubble Festival II')).not.toBe(normalisedTitle('Bubble Festival'));
  });
});

describe('claiming due sources', { timeout: 120_000 }, () => {
  it('gives a due source to exactly one of two claims made at once', async () => {
    const feed = await addSource({ url: feeds.url('/claimed.ics') });
    const claims = await Promise.all([
      claimDueSource(handle.db, clock),
      claimDueSource(handle.db, clock),
    ]);
    expect(claims.filter((claim) => claim !== null).map((claim) => claim?.id)).toEqual([feed.id]);
  });

  it('runs a due source once when two pollers run at the same time', async () => {
    feeds.set('/once.ics', { body: icsFeed([bubble]) });
    await addSource({ url: feeds.url('/once.ics') });
    const [a, b] = await Promise.all([
      runDueSources(handle.db, deps()),
      runDueSources(handle.db, deps()),
    ]);
    expect((a?.length ?? 0) + (b?.length ?? 0)).toBe(1);
    expect(feeds.requests.filter((request) => request.path === '/once.ics')).toHaveLength(1);
  });

  it('leaves paused and not yet due sources alone', async () => {
    await addSource({ url: feeds.url('/paused.ics'), enabled: false });
    await addSource({ url: feeds.url('/later.ics'), nextRunAt: later(hour) });
    expect(await runDueSources(handle.db, deps())).toEqual([]);
    expect(feeds.requests).toEqual([]);
  });
});

describe('a Ticketmaster source', { timeout: 120_000 }, () => {
  const fixtures = join(import.meta.dirname, '..', '..', 'ingest', 'fixtures');
  const tls = {
    key: readFileSync(join(fixtures, 'tls', 'test-only-key.pem'), 'utf8'),
    cert: readFileSync(join(fixtures, 'tls', 'test-only-cert.pem'), 'utf8'),
  };
  const body = JSON.parse(readFileSync(join(fixtures, 'ticketmaster-events.json'), 'utf8')) as {
    _embedded: { events: { id: string; dates: { status: { code: string } } }[] };
  };

  it('sends the key to Ticketmaster only, trusts its status and not its absences', async () => {
    let answer = body;
    const seen: string[] = [];
    const api = createHttpsServer(tls, (request, response) => {
      seen.push(`${request.headers.host} ${request.url}`);
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
    await new Promise<void>((done) => api.listen(0, '127.0.0.1', done));
    try {
      const port = (api.address() as AddressInfo).port;
      const tmDeps = deps({
        resolve: fakeDns({ 'app.ticketmaster.com': '127.0.0.1' }),
        ticketmasterApiKey: 'secret-key',
        ticketmasterPort: port,
        tlsCa: tls.cert,
        // Every fixture event is in December 2026 or later.
        now: () => clock,
      });
      const metro = await addSource({
        kind: 'ticketmaster',
        url: 'city=San+Francisco&stateCode=CA',
      });
      const [first] = await runDueSources(handle.db, tmDeps);
      expect(first?.outcome).toBe('ok');
      expect(seen[0]).toBe(
        `app.ticketmaster.com:${port} /discovery/v2/events.json?city=San+Francisco&stateCode=CA&size=200&sort=date%2Casc&apikey=secret-key`,
      );
      const [kept, onsale] = body._embedded.events;
      if (!kept || !onsale) throw new Error('fixture changed');
      // Next page of results: one event left the window, another is now cancelled.
      answer = {
        _embedded: {
          events: [{ ...onsale, dates: { ...onsale.dates, status: { code: 'cancelled' } } }],
        },
      };
      await pollWhenDue(metro.id, tmDeps);
      expect((await event(`ticketmaster:${onsale.id}`))?.cancelledAt).not.toBeNull();
      expect((await event(`ticketmaster:${kept.id}`))?.cancelledAt).toBeNull();
    } finally {
      await new Promise((done) => api.close(done));
    }
  });

  it('fails with a clear message when no key is configured', async () => {
    const metro = await addSource({ kind: 'ticketmaster', url: 'city=Oakland' });
    const run = await runSource(handle.db, metro, deps());
    expect(run).toMatchObject({ outcome: 'failed' });
    expect(run.error).toMatch(/^TICKETMASTER_API_KEY is not set/);
  });
});

/** What a run needs in a server, as the operator route builds it. */
function runDependencies(app: FamJamApp): RunDependencies {
  return sourceRunDependencies(app.config, () => app.server.address());
}

describe('the sources service and the poller in a server', { timeout: 180_000 }, () => {
  it('lists, runs and pauses sources for the operator screen', async () => {
    const app = await buildTestApp({
      sources: { ...testConfig().sources, pollSeconds: 0 },
    });
    try {
      feeds.set('/app.ics', { body: icsFeed([bubble]) });
      const [row] = await app.db
        .insert(sources)
        .values({
          kind: 'ical',
          name: 'Library',
          url: feeds.url('/app.ics'),
          intervalSeconds: 21_600,
          allowPrivateNetwork: true,
          // Not due: only runNow fetches it.
          nextRunAt: new Date(Date.now() + 86_400_000),
        })
        .returning();
      if (!row) throw new Error('no row');
      expect(await listSources(app.db)).toEqual([
        expect.objectContaining({ id: row.id, lastOutcome: null, eventCount: 0 }),
      ]);
      expect(await runSourceNow(app.db, row.id, runDependencies(app))).toMatchObject({
        id: row.id,
        kind: 'ical',
        name: 'Library',
        url: feeds.url('/app.ics'),
        intervalSeconds: 21_600,
        enabled: true,
        lastOutcome: 'ok',
        added: 1,
        eventCount: 1,
        lastError: null,
      });
      expect(await setSourceEnabled(app.db, row.id, false)).toMatchObject({ enabled: false });
      expect(await runSourceNow(app.db, row.id + 1000, runDependencies(app))).toBeNull();
      expect(await setSourceEnabled(app.db, row.id + 1000, true)).toBeNull();
    } finally {
      await app.close();
    }
  });

  it('polls due sources by itself once the server listens', async () => {
    const app = await buildTestApp({ sources: { ...testConfig().sources, pollSeconds: 60 } });
    try {
      feeds.set('/polled.ics', { body: icsFeed([bubble]) });
      await app.db.insert(sources).values({
        kind: 'ical',
        name: 'Polled',
        url: feeds.url('/polled.ics'),
        intervalSeconds: 3600,
        allowPrivateNetwork: true,
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      await expect
        .poll(async () => (await listSources(app.db))[0]?.lastOutcome, { timeout: 60_000 })
        .toBe('ok');
    } finally {
      await app.close();
    }
  });
});

describe('schedules', () => {
  it('reads and writes intervals, and caps the backoff at a day or the interval', () => {
    expect(parseInterval('6h')).toEqual({ seconds: 21_600 });
    expect(parseInterval(' 90m ')).toEqual({ seconds: 5400 });
    expect(parseInterval('2w')).toEqual({
      error: 'The interval must be between 5m and 1w (got 2w).',
    });
    expect(formatInterval(5400)).toBe('90m');
    expect(formatInterval(604_800)).toBe('1w');
    // A weekly source waits its week, not less, however often it failed.
    expect(backoffSeconds(604_800, 3)).toBe(604_800);
    expect(backoffSeconds(300, 1)).toBe(600);
    expect(backoffSeconds(300, 100)).toBe(86_400);
    expect(retryAfterSeconds('Wed, 02 Dec 2026 12:00:00 GMT', clock)).toBe(86_400);
    expect(retryAfterSeconds('soon', clock)).toBeNull();
  });
});
