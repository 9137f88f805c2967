import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CreateUserBody,
  MAX_MUSIC_ARTISTS,
  type UpdateUserBody,
} from '../../contract/user.ts';
import { users } from '../db/schema/index.ts';
import {
  bearer,
  buildTestApp,
  changeEmulatorUserEmail,
  createAnonymousEmulatorUser,
  createEmulatorUser,
  deleteEmulatorUser,
  type EmulatorUser,
  uniqueEmail,
} from '../test/helpers.ts';
import type { FamJamApp } from '../types.ts';

let app: FamJamApp;

beforeAll(async () => {
  // Over a hundred profile writes in well under a minute: the write limit (a fifth of the
  // default 300 a minute) is app.test.ts's subject, not this file's.
  app = await buildTestApp({ rateLimitPerMinute: 10_000 });
});

afterAll(async () => {
  await app?.close();
});

/**
 * A schema's 400 as the API answers it: the message names the parameter, and `field` its
 * top-level property (none when the whole body is wrong).
 */
function schemaRefusal(message: string) {
  const field = /^(?:body|params|querystring)\/([^/ ]+)/.exec(message)?.[1];
  return { error: 'bad_request', message, ...(field === undefined ? {} : { field }) };
}

function profileFor(user: EmulatorUser, overrides: Partial<CreateUserBody> = {}): CreateUserBody {
  return {
    email: user.email,
    name: 'Riley Parent',
    familySituation: 'young_kids,tweens',
    musicPreferences: ['Pop', 'Family'],
    location: 'San Francisco, CA',
    ...overrides,
  };
}

function postUser(user: EmulatorUser | null, payload: unknown) {
  return app.inject({
    method: 'POST',
    url: '/api/users',
    headers: user ? bearer(user) : {},
    payload: payload as object,
  });
}

function getUser(user: EmulatorUser | null, email: string) {
  return app.inject({
    method: 'GET',
    url: `/api/users/by-email/${encodeURIComponent(email)}`,
    headers: user ? bearer(user) : {},
  });
}

/** An emulator-style (unsigned) token with its claims changed, to test what the server checks. */
function withClaims(idToken: string, claims: Record<string, unknown>): string {
  const [header, payload] = idToken.split('.');
  const decoded = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8'));
  const changed = Buffer.from(JSON.stringify({ ...decoded, ...claims })).toString('base64url');
  return `${header}.${changed}.`;
}

describe('authentication', () => {
  it('answers 401 JSON when the Authorization header is missing', async () => {
    const user = await createEmulatorUser();
    for (const response of [
      await getUser(null, user.email),
      await postUser(null, profileFor(user)),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: 'unauthorized',
        message:
          'Sign in first: this request needs an Authorization: Bearer <Firebase ID token> header.',
      });
    }
  });

  it('answers 401 for a header that is not a bearer token', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/users/by-email/someone%40example.com',
      headers: { authorization: 'Basic dXNlcjpwYXNz' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe('unauthorized');
  });

  it('answers 401 for a garbage token', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/users/by-email/someone%40example.com',
      headers: { authorization: 'Bearer not-a-jwt' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: 'unauthorized',
      message: 'Your sign-in token is not valid. Please sign in again.',
    });
  });

  it('answers 401 with a sign-in-again message for an expired token', async () => {
    const user = await createEmulatorUser();
    const now = Math.floor(Date.now() / 1000);
    const expired = withClaims(user.idToken, { iat: now - 7200, exp: now - 3600 });
    const response = await getUser({ ...user, idToken: expired }, user.email);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: 'unauthorized',
      message: 'Your sign-in has expired. Please sign in again.',
    });
  });

  it('answers 401 for a well-formed token of an account the emulator does not know', async () => {
    const user = await createEmulatorUser();
    const forged = withClaims(user.idToken, { sub: 'no-such-account', user_id: 'no-such-account' });
    const response = await getUser({ ...user, idToken: forged }, user.email);
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe('unauthorized');
  });

  it('answers 401 for a token issued for another Firebase project', async () => {
    const user = await createEmulatorUser();
    const foreign = withClaims(user.idToken, {
      aud: 'demo-other',
      iss: 'https://securetoken.google.com/demo-other',
    });
    const response = await getUser({ ...user, idToken: foreign }, user.email);
    expect(response.statusCode).toBe(401);
  });

  it('answers 401 for a deleted account', async () => {
    const user = await createEmulatorUser();
    await deleteEmulatorUser(user.idToken);
    const response = await getUser(user, user.email);
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/users/by-email/:email', () => {
  it('answers 404 JSON when the signed-in user has no record yet', async () => {
    const user = await createEmulatorUser();
    const response = await getUser(user, user.email);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: 'not_found',
      message: `No FamJam profile exists for ${user.email} yet.`,
    });
  });

  it('answers 204 with no body instead of 404 when asked with ifMissing=204, and the record when there is one', async () => {
    const user = await createEmulatorUser();
    const url = `/api/users/by-email/${encodeURIComponent(user.email)}?ifMissing=204`;
    const missing = await app.inject({ method: 'GET', url, headers: bearer(user) });
    expect(missing.statusCode).toBe(204);
    expect(missing.body).toBe('');
    expect((await postUser(user, profileFor(user))).statusCode).toBe(201);
    const found = await app.inject({ method: 'GET', url, headers: bearer(user) });
    expect(found.statusCode).toBe(200);
    expect(found.json().email).toBe(user.email);
  });

  it('answers 400 naming the parameter for another ifMissing value', async () => {
    const user = await createEmulatorUser();
    const response = await app.inject({
      method: 'GET',
      url: `/api/users/by-email/${encodeURIComponent(user.email)}?ifMissing=200`,
      headers: bearer(user),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^querystring\/ifMissing/);
  });

  it("answers 403 for another user's email, even when that user has a record", async () => {
    const owner = await createEmulatorUser();
    expect((await postUser(owner, profileFor(owner))).statusCode).toBe(201);
    const snoop = await createEmulatorUser();
    const response = await getUser(snoop, owner.email);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: 'forbidden',
      message: 'You can only look up the profile of the email you are signed in with.',
    });
  });

  it('answers 403 for a token without an email', async () => {
    const anonymous = await createAnonymousEmulatorUser();
    const response = await getUser(anonymous, 'anyone@example.com');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: 'forbidden',
      message: 'Your sign-in has no email address, and FamJam profiles are tied to one.',
    });
  });

  it('matches the email case-insensitively', async () => {
    const user = await createEmulatorUser(uniqueEmail('MixedCase'));
    expect((await postUser(user, profileFor(user))).statusCode).toBe(201);
    const response = await getUser(user, user.email.toUpperCase());
    expect(response.statusCode).toBe(200);
    expect(response.json().email).toBe(user.email.toLowerCase());
  });

  it('answers 400 naming the parameter for a too-short email', async () => {
    const user = await createEmulatorUser();
    const response = await getUser(user, 'a');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(
      schemaRefusal('params/email must NOT have fewer than 3 characters'),
    );
  });
});

describe('POST /api/users', () => {
  it('creates the record (201) and GET returns exactly what was posted', async () => {
    const user = await createEmulatorUser();
    const profile = profileFor(user);
    const created = await postUser(user, profile);
    expect(created.statusCode).toBe(201);
    const record = created.json();
    expect(record).toMatchObject(profile);
    expect(record.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number.isNaN(Date.parse(record.createdAt))).toBe(false);

    const fetched = await getUser(user, user.email);
    expect(fetched.statusCode).toBe(200);
    expect(fetched.json()).toEqual(record);
  });

  it('treats a second POST for the same account as an update (200), keeping the id', async () => {
    const user = await createEmulatorUser();
    const first = await postUser(user, profileFor(user));
    expect(first.statusCode).toBe(201);
    const second = await postUser(
      user,
      profileFor(user, { name: 'Riley Updated', musicPreferences: ['Jazz'], location: 'Oakland' }),
    );
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({
      id: first.json().id,
      name: 'Riley Updated',
      musicPreferences: ['Jazz'],
      location: 'Oakland',
      createdAt: first.json().createdAt,
    });
    expect((await getUser(user, user.email)).json().name).toBe('Riley Updated');
  });

  it('accepts the body email in any case and stores it lower-cased', async () => {
    const user = await createEmulatorUser();
    const response = await postUser(user, profileFor(user, { email: user.email.toUpperCase() }));
    expect(response.statusCode).toBe(201);
    expect(response.json().email).toBe(user.email);
  });

  it("answers 403 when the body names another user's email", async () => {
    const user = await createEmulatorUser();
    const response = await postUser(user, profileFor(user, { email: uniqueEmail('other') }));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: 'forbidden',
      message: 'body/email must be the email you are signed in with.',
    });
    expect((await getUser(user, user.email)).statusCode).toBe(404);
  });

  it('answers 403 for a token without an email', async () => {
    const anonymous = await createAnonymousEmulatorUser();
    const response = await postUser(
      anonymous,
      profileFor({ ...anonymous, email: 'x@example.com' }),
    );
    expect(response.statusCode).toBe(403);
  });

  it('hands the record to a new account with the same email once the old account is gone', async () => {
    const email = uniqueEmail('reused');
    const first = await createEmulatorUser(email);
    const created = await postUser(first, profileFor(first));
    expect(created.statusCode).toBe(201);
    // The Firebase account is deleted (or the emulator's accounts were lost) and the person
    // signs up again with the same address: the profile must not become unreachable.
    await deleteEmulatorUser(first.idToken);
    const second = await createEmulatorUser(email);
    const response = await postUser(second, profileFor(second, { name: 'Riley Again' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: created.json().id,
      email,
      name: 'Riley Again',
    });
    const fetched = await getUser(second, email);
    expect(fetched.statusCode).toBe(200);
    expect(fetched.json()).toMatchObject({ id: created.json().id, name: 'Riley Again' });
  });

  it('answers 409 while the account that owns the record for this email still exists', async () => {
    const email = uniqueEmail('owned');
    const owner = await createEmulatorUser(email);
    expect((await postUser(owner, profileFor(owner))).statusCode).toBe(201);
    // The owner moves their sign-in to another address, so a second account can sign up with
    // this one; the record is still the owner's.
    await changeEmulatorUserEmail(owner, uniqueEmail('moved'));
    const newcomer = await createEmulatorUser(email);
    const response = await postUser(newcomer, profileFor(newcomer, { name: 'Someone Else' }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: 'conflict',
      message: 'Another FamJam account already uses this email address.',
    });
    expect((await getUser(newcomer, email)).statusCode).toBe(404);
    const [stored] = await app.db.select().from(users).where(eq(users.email, email));
    expect(stored).toMatchObject({ firebaseUid: owner.uid, name: 'Riley Parent' });
  });

  describe('answers 400 naming the field for a malformed body', () => {
    const cases: Array<[string, (user: EmulatorUser) => unknown, string]> = [
      ['no body at all', () => undefined, 'body must be object'],
      ['an array body', () => [], 'body must be object'],
      [
        'a malformed email',
        (user) => profileFor(user, { email: 'not-an-email' }),
        'body/email must match format "email"',
      ],
      [
        'a missing email',
        (user) => {
          const { email: _omitted, ...rest } = profileFor(user);
          return rest;
        },
        'body/email is required',
      ],
      [
        'a missing name',
        (user) => {
          const { name: _omitted, ...rest } = profileFor(user);
          return rest;
        },
        'body/name is required',
      ],
      [
        'an empty name',
        (user) => profileFor(user, { name: '' }),
        'body/name must NOT have fewer than 1 characters',
      ],
      [
        'a name of only spaces',
        (user) => profileFor(user, { name: '   ' }),
        'body/name must match pattern "\\S"',
      ],
      ['a numeric name', (user) => ({ ...profileFor(user), name: 42 }), 'body/name must be string'],
      [
        'a familySituation that is not text',
        (user) => ({ ...profileFor(user), familySituation: ['young_kids'] }),
        'body/familySituation must be string',
      ],
      [
        'musicPreferences as text',
        (user) => ({ ...profileFor(user), musicPreferences: 'Rock' }),
        'body/musicPreferences must be array',
      ],
      [
        'a musicPreferences entry that is not text',
        (user) => ({ ...profileFor(user), musicPreferences: ['Rock', 7] }),
        'body/musicPreferences/1 must be string',
      ],
      [
        'a location that is not text',
        (user) => ({ ...profileFor(user), location: null }),
        'body/location must be string',
      ],
      [
        'a too-long location',
        (user) => profileFor(user, { location: 'x'.repeat(201) }),
        'body/location must NOT have more than 200 characters',
      ],
      [
        'an unknown field',
        (user) => ({ ...profileFor(user), isAdmin: true }),
        'body/isAdmin is not an accepted field',
      ],
      // A lone UTF-16 surrogate (JSON "\ud800") is no Unicode text: jsonb refused it (a 500) and
      // text columns stored U+FFFD instead. Refused for every string of every route.
      [
        'a lone surrogate in a genre',
        (user) => profileFor(user, { musicPreferences: ['\ud800'] }),
        'body/musicPreferences/0 must be well-formed Unicode (no lone surrogates)',
      ],
      [
        'a lone surrogate in an artist',
        (user) => profileFor(user, { musicArtists: ['Raffi', 'Mos\udc00'] }),
        'body/musicArtists/1 must be well-formed Unicode (no lone surrogates)',
      ],
      [
        'a lone surrogate in the name',
        (user) => profileFor(user, { name: 'Riley \udbff' }),
        'body/name must be well-formed Unicode (no lone surrogates)',
      ],
    ];

    it.each(cases)('%s', async (_label, makeBody, message) => {
      const user = await createEmulatorUser();
      const response = await postUser(user, makeBody(user));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(schemaRefusal(message));
      expect((await getUser(user, user.email)).statusCode).toBe(404);
    });
  });

  it('answers 400 JSON for a body that is not valid JSON', async () => {
    const user = await createEmulatorUser();
    const response = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { ...bearer(user), 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('bad_request');
    expect(response.json().message).toMatch(/JSON/);
  });

  it('answers 401 before looking at the body when the token is missing', async () => {
    const response = await postUser(null, { nonsense: true });
    expect(response.statusCode).toBe(401);
  });
});

describe('PUT /api/users/me', () => {
  function putOwn(user: EmulatorUser | null, payload: unknown, token = user?.idToken) {
    return app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
      payload: payload as object,
    });
  }

  function editFor(user: EmulatorUser): UpdateUserBody {
    const { email: _email, ...rest } = profileFor(user, {
      name: '  Riley Edited ',
      familySituation: 'teens',
      musicPreferences: ['Jazz'],
      location: ' Oakland, CA ',
    });
    return rest;
  }

  it("keeps the family's language (issue 35): set by a PUT, kept by one that leaves it out, null before any choice", async () => {
    const user = await createEmulatorUser();
    const created = await postUser(user, profileFor(user));
    expect(created.json().language).toBeNull();
    const chosen = await putOwn(user, { ...editFor(user), language: 'es' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().language).toBe('es');
    const kept = await putOwn(user, editFor(user));
    expect(kept.json().language).toBe('es');
    expect((await getUser(user, user.email)).json().language).toBe('es');
    for (const language of ['fr', 'ES', '', null]) {
      const refused = await putOwn(user, { ...editFor(user), language });
      expect(refused.statusCode, String(language)).toBe(400);
      expect(refused.json().message, String(language)).toMatch(/language/);
    }
    expect((await getUser(user, user.email)).json().language).toBe('es');
  });

  it('answers 401 without a token and with a garbage one', async () => {
    const user = await createEmulatorUser();
    for (const response of [
      await putOwn(null, editFor(user)),
      await putOwn(user, editFor(user), 'not-a-token'),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toBe('unauthorized');
    }
  });

  it('answers 404 JSON when the caller has no profile yet, and creates none', async () => {
    const user = await createEmulatorUser();
    const response = await putOwn(user, editFor(user));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: 'not_found',
      message: 'No FamJam profile for this account yet. Finish onboarding to create it.',
    });
    expect((await getUser(user, user.email)).statusCode).toBe(404);
  });

  it('says so in Spanish to a Spanish-speaking family', async () => {
    const user = await createEmulatorUser();
    const response = await app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${user.idToken}`, 'accept-language': 'es-MX' },
      payload: editFor(user) as object,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: 'not_found',
      message:
        'Esta cuenta todavía no tiene un perfil de FamJam. Termina los primeros pasos para crearlo.',
    });
  });

  it("replaces the caller's own profile, trimmed, keeping id, email and createdAt", async () => {
    const user = await createEmulatorUser();
    const created = (await postUser(user, profileFor(user))).json();
    const response = await putOwn(user, editFor(user));
    expect(response.statusCode).toBe(200);
    const updated = response.json();
    expect(updated).toMatchObject({
      id: created.id,
      email: user.email,
      name: 'Riley Edited',
      familySituation: 'teens',
      musicPreferences: ['Jazz'],
      location: 'Oakland, CA',
      createdAt: created.createdAt,
      photoUpdatedAt: null,
    });
    expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));
    expect((await getUser(user, user.email)).json()).toEqual(updated);
  });

  it('keeps the stored artists when the edit leaves them out, and [] clears them', async () => {
    const user = await createEmulatorUser();
    const created = await postUser(
      user,
      profileFor(user, { musicArtists: [' Raffi ', 'Elizabeth Mitchell', 'raffi', 'Lizzo'] }),
    );
    // Trimmed, and one spelling per name: the first one given.
    expect(created.json().musicArtists).toEqual(['Raffi', 'Elizabeth Mitchell', 'Lizzo']);
    const edited = await putOwn(user, editFor(user));
    expect(edited.json().musicArtists).toEqual(['Raffi', 'Elizabeth Mitchell', 'Lizzo']);
    const cleared = await putOwn(user, { ...editFor(user), musicArtists: [] });
    expect(cleared.json().musicArtists).toEqual([]);
    expect((await getUser(user, user.email)).json().musicArtists).toEqual([]);
  });

  it("never touches another account's profile", async () => {
    const other = await createEmulatorUser();
    const otherRecord = (await postUser(other, profileFor(other))).json();
    const caller = await createEmulatorUser();
    expect((await postUser(caller, profileFor(caller))).statusCode).toBe(201);
    expect((await putOwn(caller, editFor(caller))).statusCode).toBe(200);
    expect((await getUser(other, other.email)).json()).toEqual(otherRecord);
  });

  const badBodies: Array<[string, (user: EmulatorUser) => unknown, string]> = [
    ['no body at all', () => undefined, 'body must be object'],
    [
      'a blank name',
      (user) => ({ ...editFor(user), name: '   ' }),
      'body/name must match pattern "\\S"',
    ],
    [
      'an empty name',
      (user) => ({ ...editFor(user), name: '' }),
      'body/name must NOT have fewer than 1 characters',
    ],
    [
      'an email field',
      (user) => ({ ...editFor(user), email: user.email }),
      'body/email is not an accepted field',
    ],
    [
      'an unknown field',
      (user) => ({ ...editFor(user), isAdmin: true }),
      'body/isAdmin is not an accepted field',
    ],
    [
      'a missing location',
      (user) => {
        const { location: _omitted, ...rest } = editFor(user);
        return rest;
      },
      'body/location is required',
    ],
    [
      'musicPreferences as text',
      (user) => ({ ...editFor(user), musicPreferences: 'Rock' }),
      'body/musicPreferences must be array',
    ],
    [
      // PostgreSQL cannot store it: refused for every field of every route (errors plugin).
      'a NUL character in the location',
      (user) => ({ ...editFor(user), location: 'Oak\u0000land' }),
      'body/location must not contain NUL characters',
    ],
    [
      'a NUL character in a genre',
      (user) => ({ ...editFor(user), musicPreferences: ['Jazz', '\u0000'] }),
      'body/musicPreferences/1 must not contain NUL characters',
    ],
    [
      // Two lone halves in the wrong order are not a pair.
      'lone surrogates in the location',
      (user) => ({ ...editFor(user), location: 'Oakland \udc00\ud800' }),
      'body/location must be well-formed Unicode (no lone surrogates)',
    ],
    [
      'a blank artist',
      (user) => ({ ...editFor(user), musicArtists: ['Raffi', '  '] }),
      'body/musicArtists/1 must match pattern "\\S"',
    ],
    [
      'more artists than a profile keeps',
      (user) => ({
        ...editFor(user),
        musicArtists: Array.from({ length: MAX_MUSIC_ARTISTS + 1 }, (_, n) => `Band ${n}`),
      }),
      `body/musicArtists must NOT have more than ${MAX_MUSIC_ARTISTS} items`,
    ],
  ];

  it.each(badBodies)(
    'answers 400 naming the field for %s, leaving the profile as it was',
    async (_label, makeBody, message) => {
      const user = await createEmulatorUser();
      const created = (await postUser(user, profileFor(user))).json();
      const response = await putOwn(user, makeBody(user));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(schemaRefusal(message));
      expect((await getUser(user, user.email)).json()).toEqual(created);
    },
  );
});
