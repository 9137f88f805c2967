import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profilePhotoTypes, type UserRecord } from '../../contract/user.ts';
import { photoTypeOf } from '../services/photoType.ts';
import { expectBodyHandled, hostileValue, prototypeName, prototypeNames } from '../test/fuzz.ts';
import {
  bearer,
  buildTestApp,
  createOnboardedUser,
  type EmulatorUser,
  profileBody,
} from '../test/helpers.ts';
import { tinyImages } from '../test/images.ts';
import type { FamJamApp } from '../types.ts';

/**
 * The profile routes fed what the other routes' fuzz feeds them (server/test/fuzz.ts): PUT
 * /api/users/me bodies, photo uploads of any bytes under any Content-Type, and any
 * Authorization header. Never a 500; errors are 4xx JSON; a bystander's profile and photo
 * stay exactly as they were.
 */

let app: FamJamApp;
let caller: EmulatorUser;
let bystander: EmulatorUser;
let bystanderRecord: UserRecord;
let bystanderPhoto: Buffer;

async function ownRecord(user: EmulatorUser): Promise<UserRecord> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/users/by-email/${encodeURIComponent(user.email)}`,
    headers: bearer(user),
  });
  return response.json();
}

beforeAll(async () => {
  // Thousands of requests from one address: the rate limiter is not what is under test.
  app = await buildTestApp({ rateLimitPerMinute: 10_000_000 });
  [caller, bystander] = await Promise.all([createOnboardedUser(app), createOnboardedUser(app)]);
  const photo = await app.inject({
    method: 'POST',
    url: '/api/me/photo',
    headers: { ...bearer(bystander), 'content-type': 'image/webp' },
    payload: tinyImages['image/webp'],
  });
  expect(photo.statusCode).toBe(200);
  bystanderRecord = await ownRecord(bystander);
  bystanderPhoto = (
    await app.inject({ method: 'GET', url: '/api/me/photo', headers: bearer(bystander) })
  ).rawPayload;
});

afterAll(async () => {
  await app?.close();
});

// Object keys and string leaves may be Object.prototype's names too.
const anything = fc.anything({
  key: fc.oneof(prototypeName, fc.string()),
  values: [fc.boolean(), fc.integer(), fc.double(), fc.constant(null), hostileValue],
});

describe('hostile bodies', () => {
  it('PUT /api/users/me', async () => {
    const { email: _email, ...valid } = profileBody(caller);
    const body = fc.oneof(
      anything,
      fc.record(
        {
          name: fc.oneof(hostileValue, anything),
          familySituation: fc.oneof(hostileValue, anything),
          musicPreferences: fc.oneof(fc.array(hostileValue, { maxLength: 5 }), anything),
          musicArtists: fc.oneof(fc.array(hostileValue, { maxLength: 5 }), anything),
          location: fc.oneof(hostileValue, anything),
        },
        { requiredKeys: [] },
      ),
      // Mostly valid, one field hostile: reaches the database more often.
      fc
        .record({ field: fc.constantFrom(...Object.keys(valid)), value: hostileValue })
        .map(({ field, value }) => ({ ...valid, [field]: value })),
      // Mostly valid, one list holding hostile text (a lone surrogate there was a 500: jsonb).
      fc
        .record({
          field: fc.constantFrom('musicPreferences', 'musicArtists'),
          values: fc.array(hostileValue, { minLength: 1, maxLength: 3 }),
        })
        .map(({ field, values }) => ({ ...valid, [field]: values })),
    );
    const textFields = ['name', 'familySituation', 'location'] as const;
    const loneSurrogateBodies: unknown[] = [
      ...textFields.map((field) => ({ ...valid, [field]: 'Oakland \ud800' })),
      { ...valid, musicPreferences: ['\ud800'] },
      { ...valid, musicArtists: ['Raffi', '\udc00'] },
    ];
    const prototypeBodies: unknown[] = prototypeNames.flatMap((name) => [
      { ...valid, name, location: name, familySituation: name, musicPreferences: [name] },
      { ...valid, ...Object.fromEntries([[name, name]]) },
      Object.fromEntries([[name, valid]]),
    ]);
    await fc.assert(
      fc.asyncProperty(body, async (payload) => {
        const response = await app.inject({
          method: 'PUT',
          url: '/api/users/me',
          headers: { ...bearer(caller), 'content-type': 'application/json' },
          payload: JSON.stringify(payload) ?? 'undefined',
        });
        expectBodyHandled(response, payload);
        if (response.statusCode === 200) {
          expect(response.json<UserRecord>().email).toBe(caller.email);
        }
      }),
      {
        numRuns: 150,
        examples: [...loneSurrogateBodies, ...prototypeBodies].map((payload) => [payload]),
      },
    );
  });

  it('POST /api/me/photo: any bytes, any Content-Type', async () => {
    const signature = fc.constantFrom(
      ...Object.values(tinyImages).map((image) => image.subarray(0, 12)),
    );
    const bytes = fc.oneof(
      fc.uint8Array({ maxLength: 64 }),
      // A whole real image: stored (re-encoded).
      fc.constantFrom(...Object.values(tinyImages)).map((image) => new Uint8Array(image)),
      // A real signature followed by anything: the type is right, but it rarely decodes.
      fc
        .tuple(signature, fc.uint8Array({ maxLength: 64 }))
        .map(([head, tail]) => Buffer.concat([head, tail])),
      // A signature cut short.
      fc.tuple(signature, fc.nat(11)).map(([head, length]) => head.subarray(0, length)),
    );
    const knownTypes: string[] = [
      ...profilePhotoTypes,
      'application/octet-stream',
      'application/json',
      'text/plain',
      'multipart/form-data; boundary=x',
      'image/svg+xml',
      'image/png; charset=utf-8',
    ];
    const badHeader =
      'The Content-Type header is not a valid media type. Send the photo as image/jpeg, image/png, image/webp or application/octet-stream.';
    const contentType = fc.oneof(
      fc.constantFrom(...knownTypes),
      fc.stringMatching(/^[\x21-\x7e]{1,60}$/),
    );
    await fc.assert(
      fc.asyncProperty(bytes, contentType, async (body, type) => {
        const response = await app.inject({
          method: 'POST',
          url: '/api/me/photo',
          headers: { ...bearer(caller), 'content-type': type },
          payload: Buffer.from(body),
        });
        const context = `${type} ${Buffer.from(body).toString('hex')}: ${response.statusCode} ${response.body}`;
        expect(String(response.headers['content-type']), context).toContain('application/json');
        const expected = body.length === 0 ? 400 : photoTypeOf(body) === null ? 415 : 200;
        const message = response.statusCode === 415 ? response.json().message : '';
        if (response.statusCode === 415 && message === badHeader) {
          // Only a header Fastify cannot parse is refused before the bytes are read.
          expect(knownTypes, context).not.toContain(type);
        } else if (expected === 200 && response.statusCode === 415) {
          // The right signature on bytes that do not decode as that image.
          expect(message, context).toMatch(/^That (JPEG|PNG|WebP) file could not be read/);
        } else {
          expect(response.statusCode, context).toBe(expected);
        }
      }),
      { numRuns: 150 },
    );
    const photo = await app.inject({
      method: 'GET',
      url: '/api/me/photo',
      headers: bearer(caller),
    });
    expect(profilePhotoTypes).toContain(photo.headers['content-type']);
  });
});

it('any Authorization header but a real token: 401 on every profile route', async () => {
  const routes = [
    { method: 'PUT', url: '/api/users/me', payload: { name: 'x' } },
    { method: 'GET', url: '/api/me/photo' },
    { method: 'POST', url: '/api/me/photo', payload: tinyImages['image/png'] },
    { method: 'DELETE', url: '/api/me/photo' },
    { method: 'GET', url: '/api/me/notifications' },
    { method: 'POST', url: '/api/me/notifications/read' },
    { method: 'DELETE', url: '/api/me' },
  ] as const;
  const printable = fc.oneof(prototypeName, fc.stringMatching(/^[\x20-\x7e]{0,300}$/));
  const authorization = fc.oneof(
    printable,
    printable.map((text) => `Bearer ${text}`),
  );
  await fc.assert(
    fc.asyncProperty(authorization, fc.constantFrom(...routes), async (header, route) => {
      const response = await app.inject({
        method: route.method,
        url: route.url,
        headers: { authorization: header },
        ...('payload' in route ? { payload: route.payload } : {}),
      });
      expect(response.statusCode, response.body).toBe(401);
      expect(response.json()).toMatchObject({ error: 'unauthorized' });
    }),
    { numRuns: 60 },
  );
});

it("left the bystander's profile and photo as they were", async () => {
  expect(await ownRecord(bystander)).toEqual(bystanderRecord);
  const photo = await app.inject({
    method: 'GET',
    url: '/api/me/photo',
    headers: bearer(bystander),
  });
  expect(photo.rawPayload.equals(bystanderPhoto)).toBe(true);
});
