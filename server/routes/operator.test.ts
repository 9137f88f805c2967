import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventPage } from '../../contract/events.ts';
import { JobList } from '../../contract/jobs.ts';
import { AccountRole, SourceList } from '../../contract/operator.ts';
import { SourceSummary } from '../../contract/sources.ts';
import { type SuggestEventBody, Suggestion, SuggestionList } from '../../contract/suggestions.ts';
import { eventSources, events, sources } from '../db/schema/index.ts';
import { JobRunner } from '../jobs/runner.ts';
import { OPERATORS_ONLY_MESSAGE } from '../plugins/operator.ts';
import {
  bearer,
  buildTestApp,
  createEmulatorUser,
  createOnboardedUser,
  type EmulatorUser,
  emulatorHost,
  expectInContract,
  testConfig,
  uniqueEmail,
} from '../test/helpers.ts';
import type { FamJamApp } from '../types.ts';

let app: FamJamApp;
/** Named in FAMJAM_OPERATOR_EMAILS (the emulator counts every email as verified). */
let listedOperator: EmulatorUser;
/** Carries the Firebase custom claim operator: true. */
let claimedOperator: EmulatorUser;
/** An ordinary family. */
let family: EmulatorUser;

const testPassword = 'correct-horse-battery';

/** The 400's message for a source id not written as plain decimal. */
const sourceIdMessage = 'params/id must match pattern "^[1-9][0-9]*$"';

/**
 * Gives the account the custom claim `operator: true` through the Auth emulator's admin API
 * (what the Admin SDK's setCustomUserClaims does) and signs in again: claims reach a token only
 * when it is issued.
 */
async function withOperatorClaim(user: EmulatorUser): Promise<EmulatorUser> {
  const { projectId } = testConfig().firebase;
  const base = `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1`;
  const update = await fetch(`${base}/projects/${projectId}/accounts:update`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({
      localId: user.uid,
      customAttributes: JSON.stringify({ operator: true }),
    }),
  });
  expect(update.status, await update.text()).toBe(200);
  const signIn = await fetch(`${base}/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: testPassword, returnSecureToken: true }),
  });
  const { idToken } = (await signIn.json()) as { idToken: string };
  return { ...user, idToken };
}

beforeAll(async () => {
  const operatorEmail = uniqueEmail('operator');
  app = await buildTestApp({
    rateLimitPerMinute: 10_000,
    operatorEmails: [operatorEmail],
    // Sources added here are due at once; only 'Run now' may run them, so the poller stays off.
    sources: { pollSeconds: 0, ticketmasterApiKey: null },
  });
  [listedOperator, claimedOperator, family] = await Promise.all([
    createEmulatorUser(operatorEmail),
    createEmulatorUser(uniqueEmail('claimed')).then(withOperatorClaim),
    createOnboardedUser(app),
  ]);
});

afterAll(async () => {
  await app?.close();
});

function dayFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

function suggestionBody(overrides: Partial<SuggestEventBody> = {}): SuggestEventBody {
  return {
    title: 'Bubble Festival',
    description: 'Giant bubbles for all ages.',
    date: dayFromNow(5),
    time: '10:30',
    venue: 'Lake Merritt Amphitheater',
    address: '1520 Lakeside Dr',
    place: 'Oakland, CA',
    price: '$5',
    category: 'popup',
    ...overrides,
  };
}

async function call(
  user: EmulatorUser | null,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
) {
  const response = await app.inject({
    method,
    url,
    headers: user ? bearer(user) : {},
    ...(payload === undefined ? {} : { payload }),
  });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
}

/** A suggestion by a family of its own, so no test meets the waiting limit. */
async function suggested(title: string): Promise<{ suggestion: Suggestion; author: EmulatorUser }> {
  const author = await createOnboardedUser(app);
  const { status, body } = await call(
    author,
    'POST',
    '/api/me/suggestions',
    suggestionBody({ title }),
  );
  expect(status).toBe(201);
  return { suggestion: body as unknown as Suggestion, author };
}

/** A new source's body for POST /api/operator/sources; a URL of its own each time. */
function newSourceBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    kind: 'ical',
    url: `https://calendar.example/${randomUUID()}.ics`,
    name: 'Oakland Public Library',
    every: '6h',
    ...overrides,
  };
}

/** Every operator route, with a request that would get past the guard for an operator. */
const operatorRoutes: ReadonlyArray<{
  method: 'GET' | 'POST' | 'DELETE';
  /** As the OpenAPI document names it. */
  path: string;
  url: () => string;
  payload?: () => object;
  /** What an operator gets: the lists 200, a new source 201, an unknown id 404. */
  operatorStatus: number;
}> = [
  {
    method: 'GET',
    path: '/api/operator/suggestions',
    url: () => '/api/operator/suggestions?status=waiting',
    operatorStatus: 200,
  },
  {
    method: 'POST',
    path: '/api/operator/suggestions/{id}/publish',
    url: () => `/api/operator/suggestions/${randomUUID()}/publish`,
    operatorStatus: 404,
  },
  {
    method: 'POST',
    path: '/api/operator/suggestions/{id}/decline',
    url: () => `/api/operator/suggestions/${randomUUID()}/decline`,
    payload: () => ({ reason: 'Not a family event.' }),
    operatorStatus: 404,
  },
  {
    method: 'GET',
    path: '/api/operator/sources',
    url: () => '/api/operator/sources',
    operatorStatus: 200,
  },
  {
    method: 'POST',
    path: '/api/operator/sources',
    url: () => '/api/operator/sources',
    payload: () => newSourceBody(),
    operatorStatus: 201,
  },
  {
    method: 'DELETE',
    path: '/api/operator/sources/{id}',
    url: () => '/api/operator/sources/999999',
    operatorStatus: 404,
  },
  {
    method: 'POST',
    path: '/api/operator/sources/{id}/run',
    url: () => '/api/operator/sources/999999/run',
    operatorStatus: 404,
  },
  {
    method: 'POST',
    path: '/api/operator/sources/{id}/pause',
    url: () => '/api/operator/sources/999999/pause',
    operatorStatus: 404,
  },
  {
    method: 'POST',
    path: '/api/operator/sources/{id}/resume',
    url: () => '/api/operator/sources/999999/resume',
    operatorStatus: 404,
  },
  {
    method: 'GET',
    path: '/api/operator/jobs',
    url: () => '/api/operator/jobs',
    operatorStatus: 200,
  },
];

describe('who may use the operator routes', () => {
  it('the table below names every operator route the API has', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs' });
    const paths = response.json<{ paths: Record<string, Record<string, unknown>> }>().paths;
    const documented = Object.entries(paths)
      .filter(([path]) => path.startsWith('/api/operator/'))
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    expect(documented).toEqual(operatorRoutes.map((r) => `${r.method} ${r.path}`).sort());
  });

  describe.each(operatorRoutes)('$method $path', (route) => {
    it('answers 401 without a token', async () => {
      const { status, body } = await call(null, route.method, route.url(), route.payload?.());
      expect(status).toBe(401);
      expect(body.error).toBe('unauthorized');
    });

    it('answers 403 with a message to a signed-in family that is not an operator', async () => {
      const { status, body } = await call(family, route.method, route.url(), route.payload?.());
      expect({ status, body }).toEqual({
        status: 403,
        body: { error: 'forbidden', message: OPERATORS_ONLY_MESSAGE },
      });
    });

    it('answers 403 to an account without an email (anonymous sign-in)', async () => {
      const anonymous = await fetch(
        `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ returnSecureToken: true }),
        },
      );
      const { idToken, localId } = (await anonymous.json()) as { idToken: string; localId: string };
      const { status } = await call(
        { idToken, uid: localId, email: '' },
        route.method,
        route.url(),
        route.payload?.(),
      );
      expect(status).toBe(403);
    });

    it.each([
      ['listed in FAMJAM_OPERATOR_EMAILS', () => listedOperator],
      ['carrying the operator claim', () => claimedOperator],
    ])('lets an operator %s through', async (_label, operator) => {
      const { status } = await call(operator(), route.method, route.url(), route.payload?.());
      // Past the guard: the lists answer, an unknown suggestion or source is 404 (not 403).
      expect(status).toBe(route.operatorStatus);
    });
  });
});

describe('GET /api/me/role', () => {
  it.each([
    ['a family', () => family, false],
    ['an operator by email', () => listedOperator, true],
    ['an operator by claim', () => claimedOperator, true],
  ])('tells %s whether to show the operator screen', async (_label, user, operator) => {
    const { status, body } = await call(user(), 'GET', '/api/me/role');
    expect(status).toBe(200);
    expectInContract(body, AccountRole, 'GET /api/me/role');
    expect(body).toEqual({ operator });
  });

  it('needs a token', async () => {
    expect((await call(null, 'GET', '/api/me/role')).status).toBe(401);
  });
});

describe('reviewing suggestions', () => {
  it('lists waiting suggestions, oldest first, for operators', async () => {
    const { suggestion: first } = await suggested('Queue first');
    const { suggestion: second } = await suggested('Queue second');
    const { status, body } = await call(listedOperator, 'GET', '/api/operator/suggestions');
    expect(status).toBe(200);
    expectInContract(body, SuggestionList, 'GET /api/operator/suggestions');
    const ids = (body as unknown as SuggestionList).suggestions.map((s) => s.id);
    expect(ids.indexOf(first.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    const wrongStatus = await call(listedOperator, 'GET', '/api/operator/suggestions?status=all');
    expect(wrongStatus.status).toBe(400);
  });

  it('publishes a suggestion as an event that search finds, and its author sees Published', async () => {
    const title = `Puppet Parade ${randomUUID().slice(0, 6)}`;
    const { suggestion, author } = await suggested(title);
    const published = await call(
      claimedOperator,
      'POST',
      `/api/operator/suggestions/${suggestion.id}/publish`,
    );
    expect(published.status).toBe(200);
    expectInContract(published.body, Suggestion, 'publish');
    expect(published.body).toMatchObject({
      status: 'published',
      statusText: 'Published',
      eventId: `suggestion:${suggestion.id}`,
    });

    const search = await app.inject({
      method: 'GET',
      url: `/api/events/search?query=${encodeURIComponent('Puppet Parade')}&location=${encodeURIComponent('Oakland, CA')}`,
    });
    expect(search.statusCode).toBe(200);
    const found = search
      .json<EventPage>()
      .events.find((e) => e.id === `suggestion:${suggestion.id}`);
    expect(found).toMatchObject({
      title,
      venue: 'Lake Merritt Amphitheater',
      location: 'Oakland, CA',
      category: 'popup',
      imageUrl: '/images/categories/popup.svg',
      imageId: null,
      cancelled: false,
    });

    const listing = await app.inject({
      method: 'GET',
      url: `/api/events?location=${encodeURIComponent('Oakland, CA')}&limit=100`,
    });
    expect(listing.json<EventPage>().events.map((e) => e.id)).toContain(
      `suggestion:${suggestion.id}`,
    );

    const mine = await call(author, 'GET', '/api/me/suggestions');
    const shown = (mine.body as unknown as SuggestionList).suggestions.find(
      (s) => s.id === suggestion.id,
    );
    expect(shown?.statusText).toBe('Published');

    // Reviewed once: a second publish or a decline is refused, not applied twice.
    const again = await call(
      listedOperator,
      'POST',
      `/api/operator/suggestions/${suggestion.id}/publish`,
    );
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('already_reviewed');
    expect(again.body).toEqual({
      error: 'already_reviewed',
      message: 'This suggestion was already reviewed (published or declined).',
    });
  });

  it("declines with a reason the author reads as 'Not published: {reason}'", async () => {
    const { suggestion, author } = await suggested('Late-night tasting');
    const missing = await call(
      listedOperator,
      'POST',
      `/api/operator/suggestions/${suggestion.id}/decline`,
      {},
    );
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('body/reason is required');
    const tooLong = await call(
      listedOperator,
      'POST',
      `/api/operator/suggestions/${suggestion.id}/decline`,
      { reason: 'x'.repeat(201) },
    );
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe('body/reason must NOT have more than 200 characters');

    const declined = await call(
      listedOperator,
      'POST',
      `/api/operator/suggestions/${suggestion.id}/decline`,
      { reason: '  It is for adults only.  ' },
    );
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({
      status: 'declined',
      reason: 'It is for adults only.',
      statusText: 'Not published: It is for adults only.',
      eventId: null,
    });
    const mine = await call(author, 'GET', '/api/me/suggestions');
    const shown = (mine.body as unknown as SuggestionList).suggestions.find(
      (s) => s.id === suggestion.id,
    );
    expect(shown?.statusText).toBe('Not published: It is for adults only.');
    const queue = await call(listedOperator, 'GET', '/api/operator/suggestions');
    expect((queue.body as unknown as SuggestionList).suggestions.map((s) => s.id)).not.toContain(
      suggestion.id,
    );
  });

  it('answers 404 for an id no suggestion has', async () => {
    for (const verdict of ['publish', 'decline']) {
      const { status, body } = await call(
        listedOperator,
        'POST',
        `/api/operator/suggestions/${randomUUID()}/${verdict}`,
        verdict === 'decline' ? { reason: 'Not for families.' } : undefined,
      );
      expect({ status, body }, verdict).toEqual({
        status: 404,
        body: { error: 'not_found', message: 'There is no suggestion with this id.' },
      });
    }
  });

  it('answers 400 for an id that is not a suggestion id', async () => {
    const { status, body } = await call(
      listedOperator,
      'POST',
      '/api/operator/suggestions/not-a-uuid/publish',
    );
    expect(status).toBe(400);
    expect(body.message).toBe('params/id must match format "uuid"');
  });
});

describe('sources on the operator screen', () => {
  let feed: Server;
  let feedUrl: string;
  let feedRequests = 0;

  beforeAll(async () => {
    // A stand-in iCalendar feed on loopback, as a venue's calendar would serve it.
    const start = new Date(Date.now() + 7 * 86_400_000);
    const stamp = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '');
    const calendar = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Stand-in//EN',
      'BEGIN:VEVENT',
      'UID:storytime-1@library.example',
      `DTSTAMP:${stamp(new Date())}`,
      `DTSTART:${stamp(start)}`,
      'SUMMARY:Toddler Storytime',
      'LOCATION:Main Library\\, Oakland\\, CA',
      'GEO:37.8044;-122.2712',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    feed = createServer((_request, response) => {
      feedRequests += 1;
      response.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' });
      response.end(calendar);
    });
    await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
    feedUrl = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/calendar.ics`;
  });

  afterAll(async () => {
    await new Promise((resolve) => feed?.close(resolve));
  });

  async function addSource(): Promise<number> {
    const [row] = await app.db
      .insert(sources)
      .values({
        kind: 'ical',
        name: `Library ${randomUUID().slice(0, 6)}`,
        url: `${feedUrl}?${randomUUID()}`,
        defaultLocation: 'Oakland, CA',
        defaultLatitude: 37.8044,
        defaultLongitude: -122.2712,
        defaultTimeZone: 'America/Los_Angeles',
        intervalSeconds: 6 * 3600,
        allowPrivateNetwork: true,
        // Not due: only 'Run now' runs it, so the poller cannot get there first.
        nextRunAt: new Date(Date.now() + 86_400_000),
      })
      .returning({ id: sources.id });
    if (!row) throw new Error('no source row');
    return row.id;
  }

  it('lists sources with their last run, runs one now, pauses and resumes it', async () => {
    const id = await addSource();
    const before = await call(listedOperator, 'GET', '/api/operator/sources');
    expect(before.status).toBe(200);
    expectInContract(before.body, SourceList, 'GET /api/operator/sources');
    const listed = (before.body as unknown as SourceList).sources.find((s) => s.id === id);
    expect(listed).toMatchObject({ kind: 'ical', enabled: true, lastRunAt: null, added: 0 });

    const requestsBefore = feedRequests;
    const run = await call(claimedOperator, 'POST', `/api/operator/sources/${id}/run`);
    expect(run.status).toBe(200);
    expectInContract(run.body, SourceSummary, 'run');
    expect(feedRequests).toBe(requestsBefore + 1);
    expect(run.body).toMatchObject({ id, lastOutcome: 'ok', added: 1, lastError: null });
    expect(run.body.lastRunAt).not.toBeNull();

    const paused = await call(listedOperator, 'POST', `/api/operator/sources/${id}/pause`);
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ id, enabled: false });
    const resumed = await call(listedOperator, 'POST', `/api/operator/sources/${id}/resume`);
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ id, enabled: true });
  });

  it('adds a source from the screen as the CLI would, due at once and listed', async () => {
    const url = `https://calendar.example/${randomUUID()}.ics`;
    const added = await call(
      listedOperator,
      'POST',
      '/api/operator/sources',
      newSourceBody({ url, name: '  Rockridge Library  ', location: 'Oakland, CA' }),
    );
    expect(added.status).toBe(201);
    expectInContract(added.body, SourceSummary, 'POST /api/operator/sources');
    expect(added.body).toMatchObject({
      kind: 'ical',
      name: 'Rockridge Library',
      url,
      intervalSeconds: 6 * 3600,
      enabled: true,
      lastRunAt: null,
      lastOutcome: null,
      eventCount: 0,
    });
    const id = added.body.id as number;
    const list = await call(claimedOperator, 'GET', '/api/operator/sources');
    expect((list.body as unknown as SourceList).sources.map((s) => s.id)).toContain(id);
    const [row] = await app.db.select().from(sources).where(eq(sources.id, id));
    expect(row).toMatchObject({
      defaultLocation: 'Oakland, CA',
      defaultTimeZone: 'America/Los_Angeles',
      allowPrivateNetwork: false,
    });
    expect(row?.nextRunAt.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('stores a Ticketmaster query in its normal form, and refuses one carrying a key', async () => {
    const added = await call(
      listedOperator,
      'POST',
      '/api/operator/sources',
      newSourceBody({
        kind: 'ticketmaster',
        url: 'latlong=37.8,-122.27&radius=25',
        timeZone: 'America/Los_Angeles',
      }),
    );
    expect(added.status).toBe(201);
    expect(added.body.kind).toBe('ticketmaster');
    expect(added.body.url).toBe('latlong=37.8%2C-122.27&radius=25');
    const withKey = await call(
      listedOperator,
      'POST',
      '/api/operator/sources',
      newSourceBody({ kind: 'ticketmaster', url: 'city=Oakland&apikey=secret' }),
    );
    expect(withKey.status).toBe(400);
    expect(withKey.body.message).toMatch(/^Leave apikey out of the query/);
    expect(withKey.body.field).toBe('url');
  });

  it('refuses each wrong field with the sentence the CLI gives, storing nothing', async () => {
    // The CLI's sentences, word for word, with the field they are about as `field`.
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ kind: 'csv' }, 'Unknown kind "csv": expected one of ical, jsonld, ticketmaster.', 'kind'],
      [{ kind: '' }, 'Expected a kind (ical, jsonld, ticketmaster) and a URL or query.', 'kind'],
      [{ url: '' }, 'Expected the URL.', 'url'],
      [
        { url: 'not a url' },
        '"not a url" is not a URL: give the feed\'s full http(s) address.',
        'url',
      ],
      [
        { url: 'ftp://files.example/a.ics' },
        '"ftp://files.example/a.ics" is not an http or https URL.',
        'url',
      ],
      [{ name: '   ' }, 'Give the source a name.', 'name'],
      [{ name: 'x'.repeat(121) }, 'The name is longer than 120 characters.', 'name'],
      [{ every: '' }, 'Say how often to poll it.', 'every'],
      [
        { every: '6x' },
        '"6x" is not an interval: write a number and a unit, e.g. 30m, 6h, 1d or 1w.',
        'every',
      ],
      [{ every: '1m' }, 'The interval must be between 5m and 1w (got 1m).', 'every'],
      [
        { location: 'Nowhereville Zzzq' },
        "We couldn't find the place \"Nowhereville Zzzq\". Try a city name, ZIP code or 'lat, lon'.",
        'location',
      ],
      [
        { timeZone: 'Mars/Olympus' },
        '"Mars/Olympus" is not an IANA time zone (e.g. America/Los_Angeles).',
        'timeZone',
      ],
      // A web screen must not make the server fetch from its own network: CLI only.
      [
        { allowPrivateNetwork: true },
        'body/allowPrivateNetwork is not an accepted field',
        'allowPrivateNetwork',
      ],
      [{ name: undefined }, 'body/name is required', 'name'],
    ];
    const before = (await app.db.select({ id: sources.id }).from(sources)).length;
    for (const [overrides, message, field] of cases) {
      const { status, body } = await call(
        listedOperator,
        'POST',
        '/api/operator/sources',
        newSourceBody(overrides),
      );
      expect({ status, body }, JSON.stringify(overrides)).toEqual({
        status: 400,
        body: { error: 'bad_request', message, ...(field === undefined ? {} : { field }) },
      });
    }
    expect((await app.db.select({ id: sources.id }).from(sources)).length).toBe(before);
  });

  it('answers 409 for a kind and URL already added', async () => {
    const body = newSourceBody();
    const first = await call(listedOperator, 'POST', '/api/operator/sources', body);
    expect(first.status).toBe(201);
    const again = await call(claimedOperator, 'POST', '/api/operator/sources', {
      ...body,
      name: 'Same feed, other name',
    });
    expect(again).toEqual({
      status: 409,
      body: {
        error: 'duplicate_source',
        message: `That ical source is already #${first.body.id}.`,
      },
    });
  });

  it('never lets a source added from the screen fetch from a private network', async () => {
    const added = await call(
      listedOperator,
      'POST',
      '/api/operator/sources',
      newSourceBody({ url: `${feedUrl}?${randomUUID()}` }),
    );
    expect(added.status).toBe(201);
    const requestsBefore = feedRequests;
    const run = await call(listedOperator, 'POST', `/api/operator/sources/${added.body.id}/run`);
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({ lastOutcome: 'failed', added: 0 });
    expect(run.body.lastError).toMatch(/not a public address/);
    expect(feedRequests).toBe(requestsBefore);
  });

  it('removes a source; the events it brought stay', async () => {
    const id = await addSource();
    const run = await call(listedOperator, 'POST', `/api/operator/sources/${id}/run`);
    expect(run.body).toMatchObject({ lastOutcome: 'ok', eventCount: 1 });
    const brought = await app.db
      .select({ eventId: eventSources.eventId })
      .from(eventSources)
      .where(eq(eventSources.sourceId, id));
    expect(brought).toHaveLength(1);
    const eventId = brought[0]?.eventId ?? '';

    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/operator/sources/${id}`,
      headers: bearer(claimedOperator),
    });
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    const list = await call(listedOperator, 'GET', '/api/operator/sources');
    expect((list.body as unknown as SourceList).sources.map((s) => s.id)).not.toContain(id);
    const kept = await app.db.select({ id: events.id }).from(events).where(eq(events.id, eventId));
    expect(kept).toEqual([{ id: eventId }]);

    const again = await call(listedOperator, 'DELETE', `/api/operator/sources/${id}`);
    expect(again).toEqual({
      status: 404,
      body: { error: 'not_found', message: 'There is no source with this id.' },
    });
  });

  it('answers 400 for a source id that is not a number', async () => {
    const { status, body } = await call(listedOperator, 'POST', '/api/operator/sources/abc/run');
    expect(status).toBe(400);
    expect(body.message).toBe(sourceIdMessage);
  });

  // Issue 31: '0x10', '95e0', '+99' and '%2097' each named (and deleted) source 16, 95, 99, 97.
  it('takes a source id only in plain decimal, on every route that names one', async () => {
    const id = await addSource();
    const spellings = [
      `0x${id.toString(16)}`,
      `${id}e0`,
      `+${id}`,
      `%20${id}`,
      `${id}%20`,
      `0${id}`,
      `${id}.0`,
      `0b${id.toString(2)}`,
    ];
    for (const spelling of spellings) {
      for (const [method, suffix] of [
        ['POST', '/pause'],
        ['POST', '/resume'],
        ['DELETE', ''],
      ] as const) {
        const answer = await call(
          listedOperator,
          method,
          `/api/operator/sources/${spelling}${suffix}`,
        );
        expect(answer, `${method} …/sources/${spelling}${suffix}`).toEqual({
          status: 400,
          body: { error: 'bad_request', message: sourceIdMessage, field: 'id' },
        });
      }
    }
    const list = await call(listedOperator, 'GET', '/api/operator/sources');
    expect((list.body as unknown as SourceList).sources.find((s) => s.id === id)).toMatchObject({
      enabled: true,
    });
  });

  it('answers 404 for a source id past the largest a source can have', async () => {
    const answer = await call(listedOperator, 'POST', '/api/operator/sources/2147483648/run');
    expect(answer).toEqual({
      status: 404,
      body: { error: 'not_found', message: 'There is no source with this id.' },
    });
  });
});

describe('the timed jobs on the operator screen', () => {
  it("shows each job's last run, next run and last error, as the runner wrote them", async () => {
    // A runner beside the app's (whose jobs are off here), as another process's would be.
    let clock = Date.parse('2026-12-01T12:00:00Z');
    const runner = new JobRunner(app.db, { now: () => clock });
    runner.register({
      name: 'operator-screen-test',
      everyMs: 60_000,
      run: async () => {
        throw new Error('the mail server said no');
      },
    });
    runner.start();
    await runner.stop();
    // Written, then read back whichever process asks.
    expect((await runner.attempt('operator-screen-test')).outcome).toBe('not claimed');
    clock += 60_000;
    expect((await runner.attempt('operator-screen-test')).outcome).toBe('failed');
    const answer = await call(listedOperator, 'GET', '/api/operator/jobs');
    expect(answer.status).toBe(200);
    expectInContract(answer.body, JobList, 'GET /api/operator/jobs');
    expect((answer.body as unknown as JobList).jobs).toContainEqual({
      name: 'operator-screen-test',
      running: false,
      lastRunAt: '2026-12-01T12:01:00.000Z',
      // Failed twice in a row: the period doubled.
      nextRunAt: '2026-12-01T12:03:00.000Z',
      lastError: 'the mail server said no',
      failures: 2,
    });
    expect((await call(family, 'GET', '/api/operator/jobs')).status).toBe(403);
  });
});
