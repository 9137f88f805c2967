/**
 * A stand-in for Spotify's accounts service and Web API and for Apple Music's API and MusicKit
 * JS, on loopback, so the API and e2e tests run the real handshakes (authorization code + PKCE,
 * an ES256 developer token, a music user token) without the real services or real credentials.
 * It checks what the real ones check (client credentials, redirect URI, PKCE verifier, single-
 * use codes, the developer token's signature, issuer and key id) and answers in their shapes.
 *
 * scripts/e2e-stack.ts starts one and points the e2e stack at it with `env`; the exported
 * constants let a test check that no secret ever reaches the browser.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { importSPKI, jwtVerify } from 'jose';
import { SPOTIFY_CALLBACK_PATH } from '../../contract/music.ts';

export const STAND_IN_SPOTIFY_CLIENT_ID = '5a1d0f0e0c11e47b9c0ffee0d15c0000';
export const STAND_IN_SPOTIFY_CLIENT_SECRET = 'stand-in-spotify-client-secret-do-not-leak';
export const STAND_IN_APPLE_TEAM_ID = 'STANDIN001';
export const STAND_IN_APPLE_KEY_ID = 'STANDINKEY';

/*
 * A TEST-ONLY ES256 key pair, committed on purpose: it signs nothing but the stand-in's
 * developer tokens, and a fixed value lets a test search every response for it.
 */
export const STAND_IN_APPLE_PRIVATE_KEY_PEM = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgvhQXbbP6j7pq7TgF
rXBpfXUkUPsjBe8VOSAHcgkEGTShRANCAARqIKKf+Mtr45fGAOTdAtflcGiGssYE
UAZgx7Zq1DaxBF1FCAuJiUZF2j187UGZzWYyvM/NgAYMTWKdZ4qIBx2B
-----END PRIVATE KEY-----
`;
export const STAND_IN_APPLE_PUBLIC_KEY_PEM = `-----BEGIN PUBLIC KEY-----
MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEaiCin/jLa+OXxgDk3QLX5XBohrLG
BFAGYMe2atQ2sQRdRQgLiYlGRdo9fO1Bmc1mMrzPzYAGDE1inWeKiAcdgQ==
-----END PUBLIC KEY-----
`;
/** The base64 body of the private key, which is what a leak would show even without the PEM lines. */
export const STAND_IN_APPLE_PRIVATE_KEY_BODY = STAND_IN_APPLE_PRIVATE_KEY_PEM.split('\n')
  .filter((line) => line !== '' && !line.startsWith('-----'))
  .join('');

/** What the stand-in MusicKit's authorize() resolves, and the library endpoint accepts. */
export const STAND_IN_MUSIC_USER_TOKEN = 'stand-in-music-user-token';
/** Set `window.__famjamMusicKitStandIn = 'deny'` before authorize() to make it reject. */
export const STAND_IN_MUSICKIT_DENY_FLAG = '__famjamMusicKitStandIn';
export const STAND_IN_DISPLAY_NAME = 'Stand-in Listener';
const STAND_IN_SPOTIFY_USER_ID = 'stand-in-listener';

/** Spotify's top artists: three genres that map onto FamJam's, and one that maps to none. */
export const standInTopArtists = [
  { id: 'standin-quartet', name: 'The Stand-in Quartet', genres: ['jazz', 'vocal jazz'] },
  { id: 'standin-hummers', name: 'Little Hummers', genres: ["children's music"] },
  { id: 'standin-lights', name: 'Bright Lights', genres: ['pop', 'dance pop'] },
  { id: 'standin-fog', name: 'Fog Machine', genres: ['vaporwave'] },
] as const;

/** Apple Music library artists; served two per page so a client has to follow `next`. */
export const standInLibraryArtists = [
  { id: 'r.standin1', name: 'The Stand-in Quartet' },
  { id: 'r.standin2', name: 'Little Hummers' },
  { id: 'r.standin3', name: 'Quiet Harbour' },
] as const;
const libraryPageSize = 2;

const codeLifetimeMs = 10 * 60 * 1000;

export interface MusicProviderStandIn {
  /** Base URL, e.g. http://127.0.0.1:PORT (no trailing slash). */
  url: string;
  spotifyClientId: string;
  spotifyClientSecret: string;
  appleTeamId: string;
  appleKeyId: string;
  applePrivateKeyPem: string;
  /** The FAMJAM_* variables that point a FamJam server at this stand-in. */
  env: Record<string, string>;
  /** Makes the next request to `path` (e.g. '/v1/me') answer 500, as a provider outage would. */
  failNext(path: string): void;
  close(): Promise<void>;
}

interface IssuedCode {
  redirectUri: string;
  challenge: string;
  expiresAt: number;
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ??
      character,
  );
}

function send(
  response: ServerResponse,
  status: number,
  body: string,
  contentType = 'application/json',
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { 'content-type': contentType, ...headers });
  response.end(body);
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  send(response, status, JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/** Spotify requires a registered redirect URI; the stand-in accepts FamJam's callback on loopback. */
function acceptableRedirectUri(raw: string | null): boolean {
  if (raw === null) return false;
  try {
    const url = new URL(raw);
    return (
      (url.hostname === '127.0.0.1' || url.hostname === 'localhost') &&
      url.pathname === SPOTIFY_CALLBACK_PATH &&
      url.search === ''
    );
  } catch {
    return false;
  }
}

/** The authorize request's problem, or null when it is one Spotify would accept. */
function authorizeProblem(params: URLSearchParams): string | null {
  if (params.get('client_id') !== STAND_IN_SPOTIFY_CLIENT_ID)
    return 'INVALID_CLIENT: Invalid client';
  if (params.get('response_type') !== 'code') return 'unsupported_response_type';
  if (!acceptableRedirectUri(params.get('redirect_uri'))) {
    return 'INVALID_CLIENT: Invalid redirect URI';
  }
  if (!params.get('state')) return 'state is required';
  if (params.get('code_challenge_method') !== 'S256') return 'code_challenge_method must be S256';
  if (!/^[A-Za-z0-9_-]{43}$/.test(params.get('code_challenge') ?? '')) {
    return 'code_challenge must be a base64url SHA-256 digest';
  }
  return null;
}

function authorizePage(params: URLSearchParams): string {
  const hidden = ['client_id', 'response_type', 'redirect_uri', 'state', 'code_challenge']
    .map(
      (name) =>
        `<input type="hidden" name="${name}" value="${escapeHtml(params.get(name) ?? '')}">`,
    )
    .join('\n      ');
  const scope = escapeHtml(params.get('scope') ?? '');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Stand-in Spotify: authorize FamJam</title>
  </head>
  <body>
    <main>
      <h1>Stand-in Spotify</h1>
      <p>FamJam asks to read: ${scope}</p>
      <form method="post" action="/authorize">
      ${hidden}
        <input type="hidden" name="code_challenge_method" value="S256">
        <button type="submit" name="decision" value="agree">Agree</button>
        <button type="submit" name="decision" value="cancel">Cancel</button>
      </form>
    </main>
  </body>
</html>`;
}

/** MusicKit JS v3's surface as FamJam uses it: configure, getInstance, authorize, the load event. */
const musicKitScript = `(() => {
  let instance = null;
  const MusicKit = {
    configure(options) {
      if (!options || typeof options.developerToken !== 'string' || options.developerToken === '') {
        return Promise.reject(new Error('MusicKit: a developerToken is required'));
      }
      if (!options.app || typeof options.app.name !== 'string' || typeof options.app.build !== 'string') {
        return Promise.reject(new Error('MusicKit: app.name and app.build are required'));
      }
      instance = {
        developerToken: options.developerToken,
        app: { name: options.app.name, build: options.app.build },
        isAuthorized: false,
        authorize() {
          if (window[${JSON.stringify(STAND_IN_MUSICKIT_DENY_FLAG)}] === 'deny') {
            return Promise.reject(new Error('AUTHORIZATION_ERROR: Unauthorized'));
          }
          this.isAuthorized = true;
          this.musicUserToken = ${JSON.stringify(STAND_IN_MUSIC_USER_TOKEN)};
          return Promise.resolve(this.musicUserToken);
        },
        unauthorize() {
          this.isAuthorized = false;
          this.musicUserToken = undefined;
          return Promise.resolve();
        },
      };
      return Promise.resolve(instance);
    },
    getInstance() {
      return instance;
    },
  };
  window.MusicKit = MusicKit;
  document.dispatchEvent(new Event('musickitloaded'));
})();
`;

/** Starts the stand-in on 127.0.0.1 and a free port. */
export async function startMusicProviderStandIn(): Promise<MusicProviderStandIn> {
  const codes = new Map<string, IssuedCode>();
  const accessTokens = new Set<string>();
  const failing = new Set<string>();
  const applePublicKey = await importSPKI(STAND_IN_APPLE_PUBLIC_KEY_PEM, 'ES256');

  function spotifyBearer(request: IncomingMessage): boolean {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    return token !== undefined && accessTokens.has(token);
  }

  async function token(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const basic = /^Basic (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const expected = Buffer.from(
      `${STAND_IN_SPOTIFY_CLIENT_ID}:${STAND_IN_SPOTIFY_CLIENT_SECRET}`,
    ).toString('base64');
    if (basic !== expected) {
      return sendJson(response, 400, {
        error: 'invalid_client',
        error_description: 'Invalid client',
      });
    }
    if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
      return sendJson(response, 400, { error: 'invalid_request' });
    }
    const form = new URLSearchParams(await readBody(request));
    if (form.get('grant_type') !== 'authorization_code') {
      return sendJson(response, 400, { error: 'unsupported_grant_type' });
    }
    const code = form.get('code') ?? '';
    const issued = codes.get(code);
    // Single use: a replayed or unknown code, like an expired one, is an invalid grant.
    codes.delete(code);
    if (issued === undefined || issued.expiresAt < Date.now()) {
      return sendJson(response, 400, {
        error: 'invalid_grant',
        error_description: 'Invalid authorization code',
      });
    }
    if (form.get('redirect_uri') !== issued.redirectUri) {
      return sendJson(response, 400, {
        error: 'invalid_grant',
        error_description: 'Invalid redirect URI',
      });
    }
    if (s256(form.get('code_verifier') ?? '') !== issued.challenge) {
      return sendJson(response, 400, {
        error: 'invalid_grant',
        error_description: 'code_verifier was incorrect',
      });
    }
    const accessToken = `standin-access-${randomBytes(16).toString('base64url')}`;
    accessTokens.add(accessToken);
    return sendJson(response, 200, {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: 3600,
      scope: 'user-top-read',
      // Spotify sends one; FamJam must never pass it on.
      refresh_token: `standin-refresh-${randomBytes(16).toString('base64url')}`,
    });
  }

  async function libraryArtists(
    request: IncomingMessage,
    response: ServerResponse,
    url: URL,
  ): Promise<void> {
    const developerToken = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    try {
      const { protectedHeader } = await jwtVerify(developerToken, applePublicKey, {
        algorithms: ['ES256'],
        issuer: STAND_IN_APPLE_TEAM_ID,
      });
      if (protectedHeader.kid !== STAND_IN_APPLE_KEY_ID) throw new Error('wrong kid');
    } catch {
      return sendJson(response, 401, { errors: [{ status: '401', title: 'Unauthorized' }] });
    }
    if (request.headers['music-user-token'] !== STAND_IN_MUSIC_USER_TOKEN) {
      return sendJson(response, 403, { errors: [{ status: '403', title: 'Forbidden' }] });
    }
    const offset = Number(url.searchParams.get('offset') ?? '0');
    const limit = Math.min(Number(url.searchParams.get('limit') ?? '25'), libraryPageSize);
    const page = standInLibraryArtists.slice(offset, offset + limit);
    const nextOffset = offset + page.length;
    return sendJson(response, 200, {
      data: page.map((artist) => ({
        id: artist.id,
        type: 'library-artists',
        href: `/v1/me/library/artists/${artist.id}`,
        attributes: { name: artist.name },
      })),
      ...(nextOffset < standInLibraryArtists.length
        ? { next: `/v1/me/library/artists?offset=${nextOffset}` }
        : {}),
      meta: { total: standInLibraryArtists.length },
    });
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    if (failing.delete(url.pathname)) {
      return sendJson(response, 500, { error: { status: 500, message: 'Stand-in outage' } });
    }
    const route = `${request.method} ${url.pathname}`;
    switch (route) {
      case 'GET /authorize': {
        const problem = authorizeProblem(url.searchParams);
        if (problem !== null) return send(response, 400, problem, 'text/plain; charset=utf-8');
        return send(response, 200, authorizePage(url.searchParams), 'text/html; charset=utf-8');
      }
      case 'POST /authorize': {
        const form = new URLSearchParams(await readBody(request));
        const problem = authorizeProblem(form);
        if (problem !== null) return send(response, 400, problem, 'text/plain; charset=utf-8');
        const redirect = new URL(form.get('redirect_uri') ?? '');
        redirect.searchParams.set('state', form.get('state') ?? '');
        if (form.get('decision') === 'agree') {
          const code = `standin-code-${randomBytes(16).toString('base64url')}`;
          codes.set(code, {
            redirectUri: form.get('redirect_uri') ?? '',
            challenge: form.get('code_challenge') ?? '',
            expiresAt: Date.now() + codeLifetimeMs,
          });
          redirect.searchParams.set('code', code);
        } else {
          redirect.searchParams.set('error', 'access_denied');
        }
        response.writeHead(303, { location: redirect.href });
        return void response.end();
      }
      case 'POST /api/token':
        return token(request, response);
      case 'GET /v1/me':
        if (!spotifyBearer(request)) {
          return sendJson(response, 401, {
            error: { status: 401, message: 'Invalid access token' },
          });
        }
        return sendJson(response, 200, {
          id: STAND_IN_SPOTIFY_USER_ID,
          display_name: STAND_IN_DISPLAY_NAME,
          type: 'user',
        });
      case 'GET /v1/me/top/artists':
        if (!spotifyBearer(request)) {
          return sendJson(response, 401, {
            error: { status: 401, message: 'Invalid access token' },
          });
        }
        return sendJson(response, 200, {
          items: standInTopArtists.map((artist) => ({
            ...artist,
            genres: [...artist.genres],
            type: 'artist',
            popularity: 50,
          })),
          total: standInTopArtists.length,
          limit: Number(url.searchParams.get('limit') ?? '20'),
          offset: 0,
          next: null,
        });
      case 'GET /v1/me/library/artists':
        return libraryArtists(request, response, url);
      case 'GET /musickit.js':
        // Loaded by a page on another origin: JavaScript's type, readable cross-origin.
        return send(response, 200, musicKitScript, 'text/javascript; charset=utf-8', {
          'access-control-allow-origin': '*',
          'cross-origin-resource-policy': 'cross-origin',
          'cache-control': 'no-store',
        });
      default:
        return sendJson(response, 404, { error: { status: 404, message: 'Not found' } });
    }
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) sendJson(response, 500, { error: 'stand-in failure' });
      else response.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    spotifyClientId: STAND_IN_SPOTIFY_CLIENT_ID,
    spotifyClientSecret: STAND_IN_SPOTIFY_CLIENT_SECRET,
    appleTeamId: STAND_IN_APPLE_TEAM_ID,
    appleKeyId: STAND_IN_APPLE_KEY_ID,
    applePrivateKeyPem: STAND_IN_APPLE_PRIVATE_KEY_PEM,
    env: {
      FAMJAM_SPOTIFY_CLIENT_ID: STAND_IN_SPOTIFY_CLIENT_ID,
      FAMJAM_SPOTIFY_CLIENT_SECRET: STAND_IN_SPOTIFY_CLIENT_SECRET,
      FAMJAM_SPOTIFY_ACCOUNTS_URL: url,
      FAMJAM_SPOTIFY_API_URL: url,
      FAMJAM_APPLE_MUSIC_TEAM_ID: STAND_IN_APPLE_TEAM_ID,
      FAMJAM_APPLE_MUSIC_KEY_ID: STAND_IN_APPLE_KEY_ID,
      // As a deployer would put it in a one-line .env value: literal \n escapes.
      FAMJAM_APPLE_MUSIC_PRIVATE_KEY: STAND_IN_APPLE_PRIVATE_KEY_PEM.replaceAll('\n', '\\n'),
      FAMJAM_APPLE_MUSIC_API_URL: url,
      FAMJAM_MUSICKIT_SCRIPT_URL: `${url}/musickit.js`,
    },
    failNext(path) {
      failing.add(path);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
