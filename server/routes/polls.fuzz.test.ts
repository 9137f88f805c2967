import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Poll } from '../../contract/polls.ts';
import { buildApp } from '../app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { openTestDatabase } from '../test/database.ts';
import {
  eachPrototypeName,
  encode,
  expectBodyHandled,
  expectHandled,
  hostileValue,
  prototypeName,
  prototypeNames,
} from '../test/fuzz.ts';
import {
  bearer,
  createEmulatorUser,
  type EmulatorUser,
  testConfig,
  uniqueEmail,
} from '../test/helpers.ts';
import type { FamJamApp } from '../types.ts';

/**
 * The poll routes fed what the other routes' fuzz feeds them (server/test/fuzz.ts): every path
 * id, the list's limit, the create and vote bodies. The answer is a success or a 4xx JSON error
 * naming what was wrong; never a 500; an id that is no poll is a 404; and the poll under test
 * keeps its title, options and state.
 */

let app: FamJamApp;
let handle: DatabaseHandle;
let owner: EmulatorUser;
let voter: EmulatorUser;
let poll: Poll;

async function storedPoll() {
  const result = await handle.db.execute(sql`select
    (select md5(string_agg(t::text, '|' order by t.id)) from polls t where t.id = ${poll.id}) as poll,
    (select md5(string_agg(t::text, '|' order by t.id)) from poll_options t where t.poll_id = ${poll.id}) as options`);
  return rowsOf(result)[0];
}
let before: Awaited<ReturnType<typeof storedPoll>>;

beforeAll(async () => {
  handle = await openTestDatabase();
  // Thousands of requests from one address: the rate limiter is not what is under test.
  app = await buildApp({ config: testConfig({ rateLimitPerMinute: 10_000_000 }), db: handle.db });
  [owner, voter] = await Promise.all([
    createEmulatorUser(uniqueEmail('poll-fuzz-owner')),
    createEmulatorUser(uniqueEmail('poll-fuzz-voter')),
  ]);
  const created = await app.inject({
    method: 'POST',
    url: '/api/polls',
    headers: bearer(owner),
    payload: { title: 'Fuzzed', options: ['One', 'Two', 'Three'] },
  });
  expect(created.statusCode).toBe(201);
  poll = created.json<Poll>();
  before = await storedPoll();
});

afterAll(async () => {
  await app?.close();
  await handle?.close();
});

/** Every route with a poll id in its path, with a body that would be valid for a real poll. */
const idRoutes = [
  { method: 'GET', path: (id: string) => `/api/polls/${id}` },
  { method: 'PUT', path: (id: string) => `/api/polls/${id}/vote`, payload: { optionId: '1' } },
  { method: 'POST', path: (id: string) => `/api/polls/${id}/close` },
  { method: 'DELETE', path: (id: string) => `/api/polls/${id}` },
] as const;

describe('hostile poll ids', () => {
  for (const route of idRoutes) {
    it(`${route.method} ${route.path(':id')}`, async () => {
      await fc.assert(
        fc.asyncProperty(hostileValue, async (value) => {
          if (value === '') return;
          const response = await app.inject({
            method: route.method,
            url: route.path(encode(value)),
            headers: bearer(voter),
            ...('payload' in route ? { payload: route.payload } : {}),
          });
          expectHandled(response, 'id');
          // No hostile value is a real poll's id.
          expect([404, 414], response.body).toContain(response.statusCode);
        }),
        { numRuns: 60, examples: eachPrototypeName },
      );
    });
  }
});

describe('hostile query and bodies', () => {
  it('GET /api/polls?limit=…', async () => {
    await fc.assert(
      fc.asyncProperty(hostileValue, async (value) => {
        const response = await app.inject({
          method: 'GET',
          url: `/api/polls?limit=${encode(value)}`,
          headers: bearer(owner),
        });
        expectHandled(response, 'limit');
      }),
      { numRuns: 60, examples: eachPrototypeName },
    );
  });

  // Object keys and string leaves may be Object.prototype's names too.
  const anything = fc.anything({
    key: fc.oneof(prototypeName, fc.string()),
    values: [fc.boolean(), fc.integer(), fc.double(), fc.constant(null), hostileValue],
  });

  it('POST /api/polls', async () => {
    const body = fc.oneof(
      anything,
      fc.record(
        {
          title: fc.oneof(hostileValue, anything),
          description: fc.oneof(hostileValue, anything),
          options: fc.oneof(fc.array(hostileValue, { maxLength: 7 }), anything),
        },
        { requiredKeys: [] },
      ),
    );
    const prototypeBodies: unknown[] = prototypeNames.flatMap((name) => [
      { title: name, options: [name, name] },
      { title: 'Lunch', options: name },
      // fromEntries makes an own property even of '__proto__', as JSON.parse would.
      { title: 'Lunch', options: ['a', 'b'], ...Object.fromEntries([[name, name]]) },
      Object.fromEntries([[name, { title: 'Lunch', options: ['a', 'b'] }]]),
    ]);
    await fc.assert(
      fc.asyncProperty(body, async (payload) => {
        const response = await app.inject({
          method: 'POST',
          url: '/api/polls',
          headers: { ...bearer(owner), 'content-type': 'application/json' },
          payload: JSON.stringify(payload) ?? 'undefined',
        });
        expectBodyHandled(response, payload);
      }),
      { numRuns: 150, examples: prototypeBodies.map((payload) => [payload]) },
    );
  });

  it('PUT /api/polls/:id/vote', async () => {
    const body = fc.oneof(anything, fc.record({ optionId: fc.oneof(hostileValue, anything) }));
    const prototypeBodies: unknown[] = prototypeNames.flatMap((name) => [
      { optionId: name },
      Object.fromEntries([[name, '1']]),
    ]);
    await fc.assert(
      fc.asyncProperty(body, async (payload) => {
        const response = await app.inject({
          method: 'PUT',
          url: `/api/polls/${poll.id}/vote`,
          headers: { ...bearer(voter), 'content-type': 'application/json' },
          payload: JSON.stringify(payload) ?? 'undefined',
        });
        expectBodyHandled(response, payload);
      }),
      { numRuns: 150, examples: prototypeBodies.map((payload) => [payload]) },
    );
  });
});

it('any Authorization header but a real token: 401 on every poll route', async () => {
  const printable = fc.oneof(prototypeName, fc.stringMatching(/^[\x20-\x7e]{0,300}$/));
  const authorization = fc.oneof(
    printable,
    printable.map((text) => `Bearer ${text}`),
  );
  await fc.assert(
    fc.asyncProperty(authorization, fc.constantFrom(...idRoutes), async (header, route) => {
      const response = await app.inject({
        method: route.method,
        url: route.path(poll.id),
        headers: { authorization: header },
        ...('payload' in route ? { payload: route.payload } : {}),
      });
      expect(response.statusCode, response.body).toBe(401);
      expect(response.json()).toMatchObject({ error: 'unauthorized' });
    }),
    { numRuns: 60 },
  );
});

it('left the poll as it was, open, with only the voter’s own vote possibly changed', async () => {
  expect(before?.poll).toBeTruthy();
  expect(await storedPoll()).toEqual(before);
  const seen = await app.inject({
    method: 'GET',
    url: `/api/polls/${poll.id}`,
    headers: bearer(owner),
  });
  expect(seen.json()).toMatchObject({ title: 'Fuzzed', closed: false });
  expect(seen.json<Poll>().totalVotes).toBeLessThanOrEqual(1);
});
