import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { events, restaurants, savedEvents, users } from '../db/schema/index.ts';
import { buildFixtureApp } from '../services/events.fixtures.ts';
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

async function rowCounts() {
  return {
    events: await handle.db.$count(events),
    restaurants: await handle.db.$count(restaurants),
    savedEvents: await handle.db.$count(savedEvents),
    users: await handle.db.$count(users),
  };
}
let countsBefore: Awaited<ReturnType<typeof rowCounts>>;

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
  countsBefore = await rowCounts();
});

afterAll(async () => {
  await app?.close();
});

const hostileWords = [
  "'; DROP TABLE events; --",
  "' OR '1'='1",
  '") UNION SELECT * FROM users --',
  '!jazz & | <-> :* (',
  'jazz:* & !',
  '%',
  '_',
  '\\',
  '\u0000',
  'a\u0000b',
  '\uFFFF',
  '\uD800',
  '😀🎷',
  'Ǆ̈́ͅ',
  'ﷺ',
  '\u202Eevil',
  ' ',
  '',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e400',
  '-1e400',
  '9'.repeat(400),
  '-0',
  '0x10',
  '1,2',
  'ten',
  'x'.repeat(5000),
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '95, 200',
  '-91,0',
  '2026-13-45',
  '2026-02-30',
  'Mars/Olympus_Mons',
  'Etc/GMT+99',
];

const hostileValue = fc.oneof(
  fc.constantFrom(...hostileWords),
  fc.string({ maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.integer().map(String),
  fc.double().map(String),
  fc.bigInt().map(String),
);

/** Encodes like a browser, except lone surrogates, which URLs cannot carry: they go raw. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return value.replace(/[^\uD800-\uDFFF]/g, (char) => encodeURIComponent(char));
  }
}

interface ErrorBody {
  error?: unknown;
  message?: unknown;
}

/** A success, or a 4xx JSON error naming the parameter (an unknown place names the place). */
function expectHandled(
  response: { statusCode: number; headers: Record<string, unknown>; body: string },
  parameter: string,
): void {
  const context = `${response.statusCode} ${response.body.slice(0, 300)}`;
  expect(response.statusCode, context).toBeLessThan(500);
  expect(String(response.headers['content-type']), context).toContain('application/json');
  if (response.statusCode === 200) return;
  expect(response.statusCode, context).toBeGreaterThanOrEqual(400);
  const body = JSON.parse(response.body) as ErrorBody;
  expect(typeof body.error, context).toBe('string');
  expect(typeof body.message, context).toBe('string');
  if (body.error === 'unknown_location') {
    expect(String(body.message)).toMatch(/^We couldn't find the place ".*"\. Try a city name/s);
    return;
  }
  if (response.statusCode === 404) return;
  // Case-insensitive: Fastify's own "Body is not valid JSON" names the body too.
  expect(String(body.message).toLowerCase(), context).toContain(parameter.toLowerCase());
}

const readRoutes: Record<string, string[]> = {
  '/api/events': ['location', 'familyMode', 'limit', 'cursor', 'offset', 'radiusKm'],
  '/api/events/search': [
    'query',
    'category',
    'familyMode',
    'location',
    'price',
    'date',
    'tz',
    'limit',
    'cursor',
    'offset',
    'radiusKm',
  ],
  '/api/events/categories': ['location', 'familyMode', 'radiusKm'],
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

describe('hostile query parameters', () => {
  for (const [path, parameters] of Object.entries(readRoutes)) {
    for (const parameter of parameters) {
      it(`${path} ?${parameter}=…`, async () => {
        await fc.assert(
          fc.asyncProperty(hostileValue, async (value) => {
            const companions = (validCompanions[path] ?? '')
              .split('&')
              .filter((pair) => pair !== '' && !pair.startsWith(`${parameter}=`));
            const query = [...companions, `${parameter}=${encode(value)}`].join('&');
            const response = await app.inject({ method: 'GET', url: `${path}?${query}` });
            expectHandled(response, parameter);
          }),
          { numRuns: 40 },
        );
      });
    }
  }

  it('a parameter sent twice is refused or read, never a crash', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('limit', 'location', 'query', 'date', 'tz', 'price', 'familyMode'),
        hostileValue,
        hostileValue,
        async (parameter, first, second) => {
          const url = `/api/events/search?${parameter}=${encode(first)}&${parameter}=${encode(second)}`;
          expectHandled(await app.inject({ method: 'GET', url }), parameter);
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
      { numRuns: 120 },
    );
  });

  it('PUT /api/me/saved', async () => {
    const body = fc.oneof(
      fc.anything(),
      fc.record({ ids: fc.anything() }),
      fc.record({ ids: fc.array(hostileValue, { maxLength: 5 }) }),
      fc.record({ ids: fc.array(fc.anything(), { maxLength: 5 }) }),
    );
    await fc.assert(
      fc.asyncProperty(body, async (payload) => {
        const response = await app.inject({
          method: 'PUT',
          url: '/api/me/saved',
          headers: { ...bearer(user), 'content-type': 'application/json' },
          payload: JSON.stringify(payload) ?? 'undefined',
        });
        expectHandled(response, 'body');
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
      { numRuns: 150 },
    );
  });

  it('left every stored row as it was', async () => {
    expect(await rowCounts()).toEqual(countsBefore);
    const saved = await app.inject({ method: 'GET', url: '/api/me/saved', headers: bearer(user) });
    expect(saved.json()).toEqual({ ids: ['test:jazz', 'test:moma'] });
  });
});
