import { sql } from 'drizzle-orm';
import type { FastifyServerOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import type { DatabaseHandle } from './db/client.ts';
import { errorLogFields } from './logRedaction.ts';
import { openTestDatabase } from './test/database.ts';
import {
  bearer,
  createEmulatorUser,
  type EmulatorUser,
  profileBody,
  testConfig,
} from './test/helpers.ts';
import type { FamJamApp } from './types.ts';

/**
 * What the server log holds when a request fails: enough to find what failed (route, status,
 * the database's error code and constraint) and nothing the request carried (email, name,
 * place, Firebase uid) nor the statement's parameters. Read on the driver the run uses
 * (PGlite, or node-postgres under api-postgres).
 */

let app: FamJamApp;
let database: DatabaseHandle;
const lines: string[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  const logger: FastifyServerOptions['logger'] = {
    level: 'trace',
    stream: { write: (line: string) => void lines.push(line) },
  };
  app = await buildApp({ config: testConfig(), db: database.db, logger });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

/** The log lines written while `run` ran, parsed. */
async function logOf(run: () => Promise<void>): Promise<Array<Record<string, unknown>>> {
  const start = lines.length;
  await run();
  return lines.slice(start).map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** Everything a person could be recognised by in `user`'s request. */
function personalValues(user: EmulatorUser, profile: Record<string, unknown>): string[] {
  const [localPart = ''] = user.email.split('@');
  return [user.email, localPart, user.uid, ...Object.values(profile).flat().map(String)];
}

describe('a write the database refuses', () => {
  it('is logged with its route, status and error code, and none of the request data', async () => {
    // A rule no schema check knows, as a bug or a migration ahead of the code might add:
    // PostgreSQL refuses every new profile, and its error details quote the whole row.
    await database.db.execute(
      sql.raw('alter table users add constraint log_test_refuses_all check (false) not valid'),
    );
    const user = await createEmulatorUser();
    const profile = profileBody(user, {
      name: 'Quinn Logsworth',
      familySituation: 'teens',
      location: 'Smallvale, KS',
      musicPreferences: ['Zydeco Nights'],
      musicArtists: ['The Unlikely Owls'],
    });
    let answer = { statusCode: 0, body: '' };
    const entries = await logOf(async () => {
      answer = await app.inject({
        method: 'POST',
        url: '/api/users',
        headers: bearer(user),
        payload: profile,
      });
    }).finally(() =>
      database.db.execute(sql.raw('alter table users drop constraint log_test_refuses_all')),
    );
    expect(answer.statusCode).toBe(500);
    expect(JSON.parse(answer.body)).toEqual({
      error: 'internal',
      message: 'Something went wrong on our side.',
    });

    const log = JSON.stringify(entries);
    for (const value of personalValues(user, profile)) expect(log).not.toContain(value);
    expect(log).not.toContain('params');
    expect(log).not.toContain('Failing row');

    const failures = entries.filter((entry) => entry.level === 50);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({
      msg: 'unhandled error',
      method: 'POST',
      route: '/api/users',
      statusCode: 500,
      err: {
        type: 'DrizzleQueryError',
        code: '23514',
        table: 'users',
        constraint: 'log_test_refuses_all',
      },
    });
  });
});

describe('the request log', () => {
  it('names the profile looked up by email without the email', async () => {
    const user = await createEmulatorUser();
    const entries = await logOf(async () => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/users/by-email/${encodeURIComponent(user.email)}`,
        headers: bearer(user),
      });
      expect(response.statusCode).toBe(404);
    });
    expect(entries.find((entry) => entry.msg === 'incoming request')).toMatchObject({
      req: { method: 'GET', url: '/api/users/by-email/[redacted]' },
    });
    const [localPart = ''] = user.email.split('@');
    expect(JSON.stringify(entries)).not.toContain(localPart);
  });
});

describe('the request log at info and debug', () => {
  // The shape of a real feed secret (43 URL-safe characters): the address alone is the credential.
  const feedSecret = 'Zq3vK8mW1xR5tY7uI9oP2aS4dF6gH0jL-_bN3cV5xZ7';
  const unsubscribeToken = 'Uq3vK8mW1xR5tY7uI9oP2aS4dF6gH0jL-_bN3cV5xZ8';
  const [latitude, longitude] = ['37.774929', '-122.419416'];
  const requests = [
    `/api/calendar/${feedSecret}.ics`,
    `/api/email/unsubscribe?token=${unsubscribeToken}`,
    `/api/calendar/${feedSecret}.ics?download=1`,
    `/api/geo/reverse?lat=${latitude}&lon=${longitude}`,
    `/api/events/search?location=${encodeURIComponent(`${latitude}, ${longitude}`)}&radiusKm=10`,
    `/api/restaurants?location=${latitude},${longitude}`,
  ];

  for (const level of ['info', 'debug'] as const) {
    it(`at ${level}, names no feed secret and no exact place`, async () => {
      const written: string[] = [];
      const logger: FastifyServerOptions['logger'] = {
        level,
        stream: { write: (line: string) => void written.push(line) },
      };
      const logged = await buildApp({ config: testConfig(), db: database.db, logger });
      try {
        for (const url of requests) {
          await logged.inject({ method: 'GET', url });
          await logged.inject({ method: 'POST', url });
        }
      } finally {
        await logged.close();
      }
      const log = written.join('');
      expect(log).toContain('incoming request');
      for (const secret of [
        feedSecret,
        unsubscribeToken,
        latitude,
        longitude,
        '37.7749',
        '122.4194',
        '37.77',
        '122.41',
      ]) {
        expect(log).not.toContain(secret);
      }
      const urls = written
        .map((line) => JSON.parse(line) as { msg?: string; req?: { url?: string } })
        .filter((entry) => entry.msg === 'incoming request')
        .map((entry) => entry.req?.url);
      expect(urls).toContain('/api/calendar/[redacted].ics');
      expect(urls).toContain('/api/email/unsubscribe?[redacted]');
      // Rounded to a tenth of a degree (about 11 km): the town is still there to read.
      expect(urls).toContain('/api/geo/reverse?lat=37.8&lon=-122.4');
      expect(urls).toContain('/api/restaurants?location=37.8%2C-122.4');
    });
  }
});

describe('errorLogFields', () => {
  it("keeps a driver wrapper's code and frames, not its statement, parameters or message", () => {
    // What drizzle throws when the connection itself fails: no database fields to keep.
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
    const wrapped = Object.assign(
      new Error('Failed query: select 1 where email = $1\nparams: someone@example.com', {
        cause: refused,
      }),
      { query: 'select 1 where email = $1', params: ['someone@example.com'] },
    );
    const fields = errorLogFields(wrapped);
    expect(fields).toMatchObject({ type: 'Error', code: 'ECONNREFUSED' });
    expect(String(fields.stack)).toMatch(/^\s+at /m);
    expect(JSON.stringify(fields)).not.toContain('someone');
  });

  it('keeps the message and stack of an error that did not come from the database', () => {
    const bug = new TypeError("Cannot read properties of undefined (reading 'id')");
    expect(errorLogFields(bug)).toMatchObject({
      type: 'TypeError',
      message: bug.message,
      stack: bug.stack,
    });
    expect(errorLogFields('thrown text')).toEqual({
      type: 'string',
      message: 'thrown text',
      stack: '',
    });
  });
});
