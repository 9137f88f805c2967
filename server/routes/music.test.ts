import { randomBytes } from 'node:crypto';
import type { TSchema } from '@sinclair/typebox';
import { decodeProtectedHeader, importSPKI, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APPLE_MUSIC_PROFILE_FAILED,
  AppleMusicDeveloperToken,
  AppleMusicUserProfile,
  SPOTIFY_EXCHANGE_FAILED,
  SPOTIFY_PROFILE_FAILED,
  SPOTIFY_TOP_ARTISTS_FAILED,
  SpotifyAuthUrl,
  SpotifyTokens,
  SpotifyTopArtists,
  SpotifyUserProfile,
} from '../../contract/music.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openTestDatabase } from '../test/database.ts';
import {
  bearer,
  buildTestApp,
  createEmulatorUser,
  type EmulatorUser,
  emulatorHost,
  expectInContract,
  testConfig,
} from '../test/helpers.ts';
import {
  type MusicProviderStandIn,
  STAND_IN_APPLE_KEY_ID,
  STAND_IN_APPLE_PRIVATE_KEY_BODY,
  STAND_IN_APPLE_PUBLIC_KEY_PEM,
  STAND_IN_APPLE_TEAM_ID,
  STAND_IN_MUSIC_USER_TOKEN,
  STAND_IN_SPOTIFY_CLIENT_ID,
  STAND_IN_SPOTIFY_CLIENT_SECRET,
  standInLibraryArtists,
  standInTopArtists,
  startMusicProviderStandIn,
} from '../test/musicProviderStandIn.ts';
import type { FamJamApp } from '../types.ts';

let standIn: MusicProviderStandIn;
let app: FamJamApp;
let unconfigured: FamJamApp;
let user: EmulatorUser;

/** Every response the configured app gave, searched at the end for anything secret. */
const seen: string[] = [];

/**
 * FAMJAM_PUBLIC_URL: the default redirect URI is built from it. Requests name another host
 * FamJam answers to (an address; call below), which must never end up in the redirect URI.
 */
const publicUrl = 'http://localhost:8181';
const callbackUrl = `${publicUrl}/auth/spotify/callback`;

beforeAll(async () => {
  standIn = await startMusicProviderStandIn();
  const { music } = loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(), ...standIn.env });
  [app, unconfigured, user] = await Promise.all([
    buildTestApp({ music, publicUrl }),
    buildTestApp(),
    createEmulatorUser(),
  ]);
});

afterAll(async () => {
  await Promise.all([app?.close(), unconfigured?.close(), standIn?.close()]);
});

interface Answer {
  status: number;
  body: unknown;
  headers: Record<string, unknown>;
}

async function call(
  method: 'GET' | 'POST',
  url: string,
  options: { as?: EmulatorUser | null; payload?: unknown; target?: FamJamApp } = {},
): Promise<Answer> {
  const { as = user, payload, target = app } = options;
  const response = await target.inject({
    method,
    url,
    headers: { host: '192.0.2.66:8181', ...(as ? bearer(as) : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  if (target === app) seen.push(JSON.stringify(response.headers), response.body);
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

/** A 200 answer's body, checked against the route's contract schema. */
/** The 400's message for a token with a character no HTTP header may carry. */
function tokenMessage(field: string): string {
  return `body/${field} must match pattern`;
}

function ok<T>(answer: Answer, contract: TSchema, request: string): T {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expectInContract(answer.body, contract, request);
  return answer.body as T;
}

async function authUrl(as: EmulatorUser = user): Promise<SpotifyAuthUrl> {
  return ok(await call('GET', '/api/spotify/auth-url', { as }), SpotifyAuthUrl, 'auth-url');
}

/** What the user's browser does on the stand-in's authorize page: press Agree or Cancel. */
async function decide(url: string, decision: 'agree' | 'cancel'): Promise<URL> {
  const form = new URLSearchParams(new URL(url).searchParams);
  form.set('decision', decision);
  const response = await fetch(`${standIn.url}/authorize`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  expect(response.status).toBe(303);
  return new URL(response.headers.get('location') ?? '');
}

/** auth-url, then Agree: the code and state the popup's callback page receives. */
async function agreedCode(as: EmulatorUser = user): Promise<{ code: string; state: string }> {
  const { authUrl: url } = await authUrl(as);
  const callback = await decide(url, 'agree');
  return {
    code: callback.searchParams.get('code') ?? '',
    state: callback.searchParams.get('state') ?? '',
  };
}

function exchange(body: unknown, as: EmulatorUser = user) {
  return call('POST', '/api/spotify/exchange-code', { as, payload: body });
}

describe('Spotify, against the stand-in provider', () => {
  it('runs the whole handshake: authorize URL, Agree, code exchange, profile, top artists', async () => {
    const { authUrl: url, state } = await authUrl();
    const authorize = new URL(url);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${standIn.url}/authorize`);
    expect(Object.fromEntries(authorize.searchParams)).toEqual({
      client_id: STAND_IN_SPOTIFY_CLIENT_ID,
      response_type: 'code',
      redirect_uri: callbackUrl,
      scope: 'user-top-read',
      state,
      code_challenge_method: 'S256',
      code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const page = await fetch(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<h1>Stand-in Spotify</h1>');
    expect(html).toContain('>Agree</button>');

    const callback = await decide(url, 'agree');
    expect(`${callback.origin}${callback.pathname}`).toBe(callbackUrl);
    expect(callback.searchParams.get('state')).toBe(state);
    const code = callback.searchParams.get('code') ?? '';

    const tokens = ok<SpotifyTokens>(await exchange({ code, state }), SpotifyTokens, 'exchange');
    expect(tokens).toEqual({
      access_token: expect.stringMatching(/^standin-access-/),
      token_type: 'Bearer',
      expires_in: 3600,
      scope: 'user-top-read',
    });

    const accessToken = tokens.access_token;
    const profile = await call('POST', '/api/spotify/user-profile', { payload: { accessToken } });
    expect(ok(profile, SpotifyUserProfile, 'user-profile')).toEqual({
      id: 'stand-in-listener',
      display_name: 'Stand-in Listener',
    });
    expect(profile.headers['cache-control']).toBe('no-store');

    const top = await call('POST', '/api/spotify/top-artists', { payload: { accessToken } });
    expect(ok(top, SpotifyTopArtists, 'top-artists')).toEqual(
      standInTopArtists.map(({ id, name, genres }) => ({ id, name, genres: [...genres] })),
    );
  });

  it('refuses a state used once already, and one it never issued', async () => {
    const { code, state } = await agreedCode();
    expect((await exchange({ code, state })).status).toBe(200);
    const again = await exchange({ code, state });
    expect(again).toMatchObject({
      status: 400,
      body: {
        error: 'bad_request',
        message:
          'This Spotify sign-in has expired or was already used. Start the connection again.',
      },
    });
    const unknown = await exchange({ code, state: randomBytes(32).toString('base64url') });
    expect(unknown.status).toBe(400);
  });

  it("refuses another account's state without using it up", async () => {
    const other = await createEmulatorUser();
    const { code, state } = await agreedCode(user);
    expect(await exchange({ code, state }, other)).toMatchObject({
      status: 403,
      body: {
        error: 'forbidden',
        message: 'This Spotify sign-in was started by another account. Start the connection again.',
      },
    });
    expect((await exchange({ code, state }, user)).status).toBe(200);
  });

  it('answers 400 with docs/product.md#spec-8 text when Spotify refuses the code or its verifier', async () => {
    const { state } = await authUrl();
    expect(await exchange({ code: 'not-a-code', state })).toMatchObject({
      status: 400,
      body: { error: 'bad_request', message: SPOTIFY_EXCHANGE_FAILED },
    });
    // A code issued for one attempt's challenge, redeemed with another attempt's state: the
    // server sends that attempt's verifier, which does not match the code's challenge.
    const first = await authUrl();
    const { code } = await agreedCode();
    expect(await exchange({ code, state: first.state })).toMatchObject({
      status: 400,
      body: { error: 'bad_request', message: SPOTIFY_EXCHANGE_FAILED },
    });
  });

  it('leaves the popup an error, and no code, when the user presses Cancel', async () => {
    const { authUrl: url, state } = await authUrl();
    const callback = await decide(url, 'cancel');
    expect(Object.fromEntries(callback.searchParams)).toEqual({ state, error: 'access_denied' });
  });

  it('answers 502 with docs/product.md#spec-8 text when the provider fails or refuses a token', async () => {
    const { code, state } = await agreedCode();
    standIn.failNext('/api/token');
    expect(await exchange({ code, state })).toMatchObject({
      status: 502,
      body: { error: 'bad_gateway', message: SPOTIFY_EXCHANGE_FAILED },
    });
    const payload = { accessToken: 'expired-or-made-up' };
    expect(await call('POST', '/api/spotify/user-profile', { payload })).toMatchObject({
      status: 502,
      body: { error: 'bad_gateway', message: SPOTIFY_PROFILE_FAILED },
    });
    expect(await call('POST', '/api/spotify/top-artists', { payload })).toMatchObject({
      status: 502,
      body: { error: 'bad_gateway', message: SPOTIFY_TOP_ARTISTS_FAILED },
    });
  });
});

describe('Apple Music, against the stand-in provider', () => {
  it('signs an ES256 developer token with the team and key id, and hands out the same one again', async () => {
    const first = ok<AppleMusicDeveloperToken>(
      await call('GET', '/api/apple-music/developer-token'),
      AppleMusicDeveloperToken,
      'developer-token',
    );
    const publicKey = await importSPKI(STAND_IN_APPLE_PUBLIC_KEY_PEM, 'ES256');
    const { payload } = await jwtVerify(first.token, publicKey, {
      algorithms: ['ES256'],
      issuer: STAND_IN_APPLE_TEAM_ID,
    });
    expect(decodeProtectedHeader(first.token)).toEqual({
      alg: 'ES256',
      kid: STAND_IN_APPLE_KEY_ID,
    });
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(12 * 60 * 60);
    expect(first.expiresAt).toBe(new Date((payload.exp ?? 0) * 1000).toISOString());

    const second = await call('GET', '/api/apple-music/developer-token');
    expect(second.body).toEqual(first);
  });

  it("reads the user's library artists across pages", async () => {
    const answer = await call('POST', '/api/apple-music/user-profile', {
      payload: { userToken: STAND_IN_MUSIC_USER_TOKEN },
    });
    expect(ok(answer, AppleMusicUserProfile, 'apple user-profile')).toEqual(
      standInLibraryArtists.map(({ id, name }) => ({ id, name, genres: [] })),
    );
  });

  it('answers 502 with docs/product.md#spec-8 text when Apple refuses the music user token', async () => {
    const answer = await call('POST', '/api/apple-music/user-profile', {
      payload: { userToken: 'not-the-users-token' },
    });
    expect(answer).toMatchObject({
      status: 502,
      body: { error: 'bad_gateway', message: APPLE_MUSIC_PROFILE_FAILED },
    });
  });
});

const routes = [
  ['GET', '/api/spotify/auth-url', undefined],
  ['POST', '/api/spotify/exchange-code', { code: 'x', state: 'a'.repeat(43) }],
  ['POST', '/api/spotify/user-profile', { accessToken: 'x' }],
  ['POST', '/api/spotify/top-artists', { accessToken: 'x' }],
  ['GET', '/api/apple-music/developer-token', undefined],
  ['POST', '/api/apple-music/user-profile', { userToken: 'x' }],
] as const;

describe('every music route', () => {
  it.each(routes)('%s %s needs a sign-in', async (method, url, payload) => {
    const answer = await call(method, url, { as: null, payload });
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ error: 'unauthorized' });
  });

  it.each(routes)(
    '%s %s says plainly when its service is not configured',
    async (method, url, payload) => {
      const answer = await call(method, url, { payload, target: unconfigured });
      const service = url.includes('spotify') ? 'Spotify' : 'Apple Music';
      expect(answer).toMatchObject({
        status: 503,
        body: { error: 'not_configured', message: `${service} is not configured on this server.` },
      });
    },
  );

  it.each([
    ['/api/spotify/exchange-code', { state: 'a'.repeat(43) }, 'body/code is required'],
    [
      '/api/spotify/exchange-code',
      { code: 'x', state: 'not a valid state, this one' },
      'body/state must match',
    ],
    [
      '/api/spotify/exchange-code',
      { code: 'x', state: 'a'.repeat(43), verifier: 'x' },
      'body/verifier is not an accepted field',
    ],
    ['/api/spotify/user-profile', { accessToken: '' }, 'body/accessToken must NOT have fewer'],
    ['/api/spotify/top-artists', {}, 'body/accessToken is required'],
    ['/api/apple-music/user-profile', { userToken: 5 }, 'body/userToken must be string'],
    // Issue 31: a token a header cannot carry made the provider call throw, answered 502.
    ['/api/spotify/user-profile', { accessToken: 'token€' }, tokenMessage('accessToken')],
    ['/api/spotify/top-artists', { accessToken: 'to ken\n' }, tokenMessage('accessToken')],
    ['/api/apple-music/user-profile', { userToken: 'Ωmega' }, tokenMessage('userToken')],
  ])('POST %s refuses the body %o with 400', async (url, payload, message) => {
    const answer = await call('POST', url, { payload });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      error: 'bad_request',
      message: expect.stringContaining(message),
    });
  });
});

describe('what the browser gets', () => {
  it('says which services are configured, and where MusicKit JS is', async () => {
    const answer = await call('GET', '/api/config', { as: null });
    expect(answer.body).toMatchObject({
      music: { spotify: true, appleMusic: { scriptUrl: `${standIn.url}/musickit.js` } },
    });
  });

  it('serves the music callback pages with COOP unsafe-none, every other page with same-origin-allow-popups', async () => {
    const callback = await app.inject({
      method: 'GET',
      url: '/auth/spotify/callback?code=x&state=y',
    });
    expect(callback.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    const apple = await app.inject({ method: 'GET', url: '/auth/apple-music/callback' });
    expect(apple.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    for (const url of ['/auth', '/onboarding', '/api/config']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers['cross-origin-opener-policy'], url).toBe('same-origin-allow-popups');
    }
    expect(String(callback.headers['content-security-policy'])).toContain(
      `script-src 'self' https://apis.google.com ${standIn.url}`,
    );
  });

  // Last: `seen` holds every response of the tests above.
  it('never contains the client secret, the private key or a refresh token', () => {
    expect(seen.length).toBeGreaterThan(30);
    const everything = seen.join('\n');
    const basic = Buffer.from(`${STAND_IN_SPOTIFY_CLIENT_ID}:${STAND_IN_SPOTIFY_CLIENT_SECRET}`);
    for (const secret of [
      STAND_IN_SPOTIFY_CLIENT_SECRET,
      basic.toString('base64'),
      STAND_IN_APPLE_PRIVATE_KEY_BODY.slice(0, 40),
      'PRIVATE KEY',
      'standin-refresh-',
      'refresh_token',
      'code_verifier',
    ]) {
      expect(everything).not.toContain(secret);
    }
  });
});

describe('the server log', () => {
  it('has the callback page without its code and state, and no provider token at all', async () => {
    const lines: string[] = [];
    const database = await openTestDatabase();
    const logged = await buildApp({
      config: testConfig({ music: app.config.music }),
      db: database.db,
      logger: { level: 'trace', stream: { write: (line: string) => void lines.push(line) } },
    });
    try {
      const { code, state } = await agreedCode();
      const page = await logged.inject({
        method: 'GET',
        url: `/auth/spotify/callback?code=${code}&state=${state}`,
      });
      expect(page.statusCode).toBeLessThan(500);
      // The code is redeemed on the app that issued its state; this one only logs the page.
      const tokens = (await exchange({ code, state })).body as SpotifyTokens;
      const profile = await logged.inject({
        method: 'POST',
        url: '/api/spotify/user-profile',
        headers: bearer(user),
        payload: { accessToken: tokens.access_token },
      });
      // A working access token in a body, then a made-up one that makes a logged failure.
      expect(profile.statusCode).toBe(200);
      const refused = await logged.inject({
        method: 'POST',
        url: '/api/spotify/top-artists',
        headers: bearer(user),
        payload: { accessToken: 'made-up-access-token' },
      });
      expect(refused.statusCode).toBe(502);
    } finally {
      await logged.close();
      await database.close();
    }
    const log = lines.join('');
    expect(log).toContain('/auth/spotify/callback?[redacted]');
    expect(log).toContain(SPOTIFY_TOP_ARTISTS_FAILED);
    expect(log).toContain('/v1/me/top/artists answered 401');
    for (const secret of [
      'standin-code-',
      'standin-access-',
      'made-up-access-token',
      user.idToken,
    ]) {
      expect(log).not.toContain(secret);
    }
  });
});
