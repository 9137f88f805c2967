import { type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { familyGroupIds, familyGroups } from '../../contract/family.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { buildFixtureApp } from '../test/fixtureApp.ts';
import {
  eachPrototypeName,
  encode,
  expectBodyHandled,
  expectHandled,
  hostileValue,
  prototypeName,
  prototypeNames,
} from '../test/fuzz.ts';
import { bearer, createEmulatorUser, type EmulatorUser, uniqueEmail } from '../test/helpers.ts';
import type { FamJamApp } from '../types.ts';

/**
 * Every parameter of every read route, and the saved-list body, fed hostile values: wrong
 * types, huge numbers, unknown words, SQL and tsquery syntax, unicode, NUL bytes. The answer is
 * always a success or a 4xx JSON error whose message names the parameter; never a 500; and the
 * stored rows stay as they were.
 */

let app: FamJamApp;
let handle: DatabaseHandle;
let user: EmulatorUser;

/**
 * A digest of every stored row, column by column: a changed value anywhere shows, not only a
 * row added or lost. A saved row's saved_at is left out: the test itself puts the list back
 * after a PUT that succeeded, which stamps it anew.
 */
async function storedRows() {
  const digest = (rows: SQL, order: SQL) =>
    sql`(select md5(coalesce(string_agg(${rows}, '|' order by ${order}), '')) from`;
  const result = await handle.db.execute(sql`select
    ${digest(sql`t::text`, sql`t.id`)} events t) as events,
    ${digest(sql`t::text`, sql`t.id`)} restaurants t) as restaurants,
    ${digest(sql`concat_ws(',', t.user_id, t.event_id, t.position)`, sql`t.user_id, t.position`)} saved_events t) as saved,
    ${digest(sql`t::text`, sql`t.id`)} users t) as users,
    (select count(*)::integer from events) as event_count`);
  return rowsOf(result)[0];
}
let rowsBefore: Awaited<ReturnType<typeof storedRows>>;

beforeAll(async () => {
  // Thousands of requests from one address: the rate limiter is not what is under test.
  ({ app, handle } = await buildFixtureApp({ rateLimitPerMinute: 10_000_000 }));
  user = await createEmulatorUser(uniqueEmail('fuzz'));
  const created = await app.inject({
    method: 'POST',
    url: '/api/users',
    headers: bearer(user),
    payload: {
      email: user.email,
      name: 'Fuzz',
      familySituation: '',
      musicPreferences: [],
      location: '',
    },
  });
  expect(created.statusCode).toBe(201);
  const saved = await app.inject({
    method: 'PUT',
    url: '/api/me/saved',
    headers: bearer(user),
    payload: { ids: ['test:jazz', 'test:moma'] },
  });
  expect(saved.statusCode).toBe(200);
  rowsBefore = await storedRows();
});

afterAll(async () => {
  await app?.close();
});

const readRoutes: Record<string, string[]> = {
  '/api/events': ['location', 'familyMode', 'ages', 'limit', 'cursor', 'offset', 'radiusKm'],
  '/api/events/search': [
    'query',
    'category',
    'familyMode',
    'ages',
    'location',
    'price',
    'date',
    'tz',
    'limit',
    'cursor',
    'offset',
    'radiusKm',
  ],
  '/api/events/categories': ['location', 'familyMode', 'ages', 'radiusKm'],
  '/api/events/saved': ['ids'],
  '/api/restaurants': ['location', 'radiusKm', 'limit', 'offset'],
  '/api/geo/reverse': ['lat', 'lon'],
  '/api/geo/suggest': ['q'],
};

/** Values that make the other required parameters valid, so the fuzzed one is what is judged. */
const validCompanions: Record<string, string> = {
  '/api/events/saved': 'ids=test:jazz',
  '/api/geo/reverse': 'lat=37.77&lon=-122.42',
  '/api/geo/suggest': 'q=San',
};

/** `path` with its valid companions (a place, a query) and `parameter` given these values. */
function urlWith(path: string, parameter: string, values: string[]): string {
  const companions = (validCompanions[path] ?? '')
    .split('&')
    .filter((pair) => pair !== '' && !pair.startsWith(`${parameter}=`));
  const given = values.map((value) => `${parameter}=${encode(value)}`);
  return `${path}?${[...companions, ...given].join('&')}`;
}

describe('a place named like a member of Object.prototype', () => {
  for (const path of [
    '/api/events',
    '/api/events/search',
    '/api/events/categories',
    '/api/restaurants',
  ]) {
    it(`${path}?location=constructor is an unknown place, named`, async () => {
      const response = await app.inject({ method: 'GET', url: `${path}?location=constructor` });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({
        error: 'unknown_location',
        message: `We couldn't find the place "constructor". Try a city name, ZIP code or 'lat, lon'.`,
      });
    });
  }
});

describe('hostile query parameters', () => {
  for (const [path, parameters] of Object.entries(readRoutes)) {
    for (const parameter of parameters) {
      it(`${path} ?${parameter}=…`, async () => {
        await fc.assert(
          fc.asyncProperty(hostileValue, async (value) => {
            const response = await app.inject({
              method: 'GET',
              url: urlWith(path, parameter, [value]),
            });
            expectHandled(response, parameter);
          }),
          { numRuns: 40, examples: eachPrototypeName },
        );
      });
    }
  }

  it('any parameter of any route sent twice is refused or read, never a crash', async () => {
    const everyParameter = Object.entries(readRoutes).flatMap(([path, parameters]) =>
      parameters.map((parameter) => [path, parameter] as const),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...everyParameter),
        hostileValue,
        hostileValue,
        async ([path, parameter], first, second) => {
          const response = await app.inject({
            method: 'GET',
            url: urlWith(path, parameter, [first, second]),
          });
          expectHandled(response, parameter);
        },
      ),
      {
        numRuns: 120,
        examples: everyParameter.flatMap((pair) =>
          prototypeNames.map((name) => [pair, name, name] as [typeof pair, string, string]),
        ),
      },
    );
  });
});

describe('ages: any spelling of a choice of family groups', () => {
  it('answers 200 with only events whose range overlaps a chosen group, or an unknown id named', async () => {
    const part = fc.oneof(fc.constantFrom(...familyGroupIds), fc.constantFrom('', ' ', 'teen'));
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(part, { maxLength: 4 }), { minLength: 1, maxLength: 3 }),
        fc.constantFrom('/api/events', '/api/events/search', '/api/events/search?query=park'),
        async (values, path) => {
          const given = values.map((parts) => `ages=${encode(parts.join(','))}`).join('&');
          const response = await app.inject({
            method: 'GET',
            url: `${path}${path.includes('?') ? '&' : '?'}${given}`,
          });
          const chosen = values.flat().map((id) => id.trim());
          if (chosen.includes('teen')) {
            expectHandled(response, 'ages');
            expect(response.statusCode).toBe(400);
            return;
          }
          expect(response.statusCode, response.body).toBe(200);
          const groups = familyGroups.filter((group) => chosen.includes(group.id));
          const { events } = response.json() as {
            events: { id: string; minAge: number | null; maxAge: number | null }[];
          };
          for (const event of events) {
            if (groups.length === 0) continue;
            const fits = groups.some(
              (group) =>
                (event.minAge ?? 0) <= group.maxAge && (event.maxAge ?? 120) >= group.minAge,
            );
            expect(fits, `${event.id} for ${chosen.join(',')}`).toBe(true);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('hostile path and body', () => {
  it('/api/events/:id', async () => {
    await fc.assert(
      fc.asyncProperty(hostileValue, async (value) => {
        if (value === '') return;
        const response = await app.inject({ method: 'GET', url: `/api/events/${encode(value)}` });
        expectHandled(response, 'id');
      }),
      { numRuns: 120, examples: eachPrototypeName },
    );
  });

  it('/api/users/by-email/:email', async () => {
    await fc.assert(
      fc.asyncProperty(hostileValue, async (value) => {
        if (value === '') return;
        const response = await app.inject({
          method: 'GET',
          url: `/api/users/by-email/${encode(value)}`,
          headers: bearer(user),
        });
        expectHandled(response, 'email');
      }),
      { numRuns: 60, examples: eachPrototypeName },
    );
  });

  it('PUT /api/me/saved', async () => {
    // Object keys and string leaves may be Object.prototype's names too.
    const anything = fc.anything({
      key: fc.oneof(prototypeName, fc.string()),
      values: [fc.boolean(), fc.integer(), fc.double(), fc.constant(null), hostileValue],
    });
    const body = fc.oneof(
      anything,
      fc.record({ ids: anything }),
      fc.record({ ids: fc.array(hostileValue, { maxLength: 5 }) }),
      fc.record({ ids: fc.array(anything, { maxLength: 5 }) }),
    );
    const prototypeBodies: unknown[] = prototypeNames.flatMap((name) => [
      { ids: [name] },
      { ids: name },
      // fromEntries makes an own property even of '__proto__', as JSON.parse would.
      Object.fromEntries([[name, ['test:jazz']]]),
      { ids: ['test:jazz'], ...Object.fromEntries([[name, name]]) },
    ]);
    await fc.assert(
      fc.asyncProperty(body, async (payload) => {
        const response = await app.inject({
          method: 'PUT',
          url: '/api/me/saved',
          headers: { ...bearer(user), 'content-type': 'application/json' },
          payload: JSON.stringify(payload) ?? 'undefined',
        });
        expectBodyHandled(response, payload);
        if (response.statusCode === 200) {
          // A valid list of unknown ids replaces the list; put the fixture list back.
          await app.inject({
            method: 'PUT',
            url: '/api/me/saved',
            headers: bearer(user),
            payload: { ids: ['test:jazz', 'test:moma'] },
          });
        }
      }),
      { numRuns: 150, examples: prototypeBodies.map((payload) => [payload]) },
    );
  });

  it('GET and PUT /api/me/saved with any Authorization header but a real token', async () => {
    const printable = fc.oneof(prototypeName, fc.stringMatching(/^[\x20-\x7e]{0,300}$/));
    const authorization = fc.oneof(
      printable,
      printable.map((text) => `Bearer ${text}`),
      // JWT-shaped: three base64url parts, an unsigned or garbled signature.
      fc
        .tuple(fc.base64String(), fc.base64String(), fc.base64String())
        .map((parts) => `Bearer ${parts.map((part) => part.replace(/[+/=]/g, 'x')).join('.')}`),
    );
    await fc.assert(
      fc.asyncProperty(authorization, fc.constantFrom('GET', 'PUT'), async (header, method) => {
        const response = await app.inject({
          method: method as 'GET' | 'PUT',
          url: '/api/me/saved',
          headers: { authorization: header, 'content-type': 'application/json' },
          payload: method === 'PUT' ? { ids: [] } : undefined,
        });
        expect(response.statusCode, response.body).toBe(401);
        expect(response.json()).toMatchObject({ error: 'unauthorized' });
      }),
      {
        numRuns: 80,
        examples: prototypeNames.flatMap((name) =>
          (['GET', 'PUT'] as const).flatMap((method) => [
            [name, method],
            [`Bearer ${name}`, method],
          ]),
        ),
      },
    );
  });

  it('left every stored row as it was', async () => {
    expect(rowsBefore?.event_count).toBeGreaterThan(0);
    expect(await storedRows()).toEqual(rowsBefore);
    const saved = await app.inject({ method: 'GET', url: '/api/me/saved', headers: bearer(user) });
    expect(saved.json()).toEqual({ ids: ['test:jazz', 'test:moma'] });
  });
});
