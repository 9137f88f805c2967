import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyServerOptions, type InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isPublicApiPath, publicApiPrefixes } from '../../contract/publicApi.ts';
import { authPlugin } from '../plugins/auth.ts';
import { errorsPlugin } from '../plugins/errors.ts';
import { bearer, buildTestAppWithClient, createEmulatorUser, testConfig } from '../test/helpers.ts';
import type { FamJamApp } from '../types.ts';
import { authenticatedScope } from './scopes.ts';

/** "METHOD /url" of every route of each Fastify instance created in this file. */
const routesOf = vi.hoisted(() => new WeakMap<object, Set<string>>());

// Every instance records its routes from the moment it exists, so the list holds whatever
// buildApp registers, wherever in the app a route is added (API, SPA, plugins).
vi.mock('fastify', async (importOriginal) => {
  const original = await importOriginal<typeof import('fastify')>();
  function withRouteLog(options?: FastifyServerOptions) {
    const app = original.default(options);
    const routes = new Set<string>();
    routesOf.set(app, routes);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) routes.add(`${method} ${route.url}`);
    });
    return app;
  }
  return { ...original, default: withRouteLog };
});

/**
 * The routes anyone may call. Every other route must refuse a caller without a token, so a
 * route added without authentication fails below until it moves into the authenticated scope
 * (server/routes/index.ts) or is listed here on purpose. HEAD follows its GET.
 */
const publicRoutes = [
  'GET /api/health',
  'GET /api/config',
  'GET /api/docs',
  'GET /api/events',
  'GET /api/events/search',
  'GET /api/events/categories',
  'GET /api/events/saved',
  'GET /api/events/:id',
  'GET /api/restaurants',
  'GET /api/geo/reverse',
  'GET /api/geo/suggest',
  // Calendar apps send no token: the secret in the path is the credential.
  'GET /api/calendar/:secret.ics',
  // The weekly email's unsubscribe (RFC 8058 one-click): mail clients send no token, the one in
  // the link is the credential, and it turns off that one switch.
  'GET /api/email/unsubscribe',
  'POST /api/email/unsubscribe',
  // Event pictures and link-preview images (server/routes/pictures.ts): public listings' pictures,
  // fetched by <img> and by link-preview crawlers, which send no token.
  'GET /pictures/:id/:file',
  'GET /pictures/preview/:file',
  // FamJam's own map tiles and static venue maps (server/routes/maps.ts): drawn from coastlines
  // alone, nothing personal, fetched by <img>, which sends no token. The two wildcards answer
  // 400 to any other address under /tiles/ and /maps/ (never the app's page).
  'GET /tiles/:theme/:z/:x/:y.png',
  'GET /maps/static/:theme/:width/:lat/:lon.webp',
  'GET /tiles/*',
  'GET /maps/*',
  // The built client's files (index.html and its assets), served by @fastify/static.
  'GET /*',
  // The home page (server/plugins/spa.ts: with its frame, like every other client route).
  'GET /',
  // Each page's frame for the service worker's precache (server/plugins/spa.ts, issue 36): what
  // the page itself serves anyone, without configuration or event data.
  'GET /page-frames/:locale/:kind',
];

/**
 * The local Auth emulator's paths under FamJam's origin (server/plugins/authEmulatorProxy.ts,
 * emulator mode only, which the API tests run in): the Firebase SDK calls them to sign in, so
 * before anyone has a token. The proxy passes on only the SDK's public methods and answers 404
 * to the emulator's admin API (authEmulatorProxy.test.ts); every method is registered.
 */
const authEmulatorPrefixes = [
  '/identitytoolkit.googleapis.com/*',
  '/securetoken.googleapis.com/*',
  '/emulator/*',
];

function isPublic(route: string): boolean {
  const [, pattern = ''] = route.split(' ');
  if (authEmulatorPrefixes.includes(pattern)) return true;
  return publicRoutes.includes(route.replace(/^HEAD /, 'GET '));
}

function errorCodeOf(body: string): unknown {
  try {
    return (JSON.parse(body) as { error?: unknown }).error;
  } catch {
    return `not JSON: ${body.slice(0, 80)}`;
  }
}

/** A concrete URL for a route pattern: any value will do, the token is checked first. */
function sampleUrl(pattern: string): string {
  return pattern.replace(/:[A-Za-z]+/g, 'x').replace(/\*$/, 'x');
}

describe('the authenticated scope', () => {
  let app: FamJamApp;
  let handled = 0;

  beforeAll(async () => {
    const bare = Fastify().withTypeProvider<TypeBoxTypeProvider>();
    await bare.register(errorsPlugin);
    await bare.register(authPlugin, { firebase: testConfig().firebase });
    // A resource with no authentication code of its own, as a new one might be written.
    await bare.register(
      authenticatedScope([
        async (resource) => {
          resource.post('/notes', async (request) => {
            handled += 1;
            return { uid: request.user.uid };
          });
        },
      ]),
      { prefix: '/api' },
    );
    app = bare;
  });

  afterAll(async () => {
    await app?.close();
  });

  it('refuses a caller without a token before the handler runs or the body is parsed', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/notes',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: 'unauthorized',
      message:
        'Sign in first: this request needs an Authorization: Bearer <Firebase ID token> header.',
    });
    expect(handled).toBe(0);
  });

  it('lets a signed-in caller through with request.user set', async () => {
    const user = await createEmulatorUser();
    const response = await app.inject({
      method: 'POST',
      url: '/api/notes',
      headers: bearer(user),
      payload: {},
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ uid: user.uid });
  });
});

describe('every route of the app', () => {
  let app: FamJamApp;
  let registeredRoutes: Set<string>;

  beforeAll(async () => {
    // A built client, so the SPA plugin registers its file routes as in production.
    app = await buildTestAppWithClient();
    await app.ready();
    registeredRoutes = routesOf.get(app) ?? new Set();
  });

  afterAll(async () => {
    await app?.close();
  });

  it('has every public route it lists (a stale entry would hide nothing, but mislead)', () => {
    for (const route of publicRoutes) expect(registeredRoutes).toContain(route);
    for (const pattern of authEmulatorPrefixes)
      expect(registeredRoutes).toContain(`POST ${pattern}`);
  });

  it('is public under every prefix the app sends without a token (contract/publicApi.ts)', () => {
    const underPublicPrefixes = [...registeredRoutes].filter((route) => {
      const [method = '', pattern = ''] = route.split(' ');
      return method !== 'HEAD' && pattern.startsWith('/api/') && isPublicApiPath(pattern.slice(5));
    });
    expect(underPublicPrefixes.length).toBeGreaterThan(publicApiPrefixes.length);
    for (const route of underPublicPrefixes) expect(isPublic(route), route).toBe(true);
  });

  it('answers 401 JSON without a token on every route that is not public', async () => {
    const guarded = [...registeredRoutes].filter((route) => !isPublic(route));
    // The users and saved-list routes at least; a new user-data route joins them.
    expect(guarded).toEqual(
      expect.arrayContaining([
        'GET /api/users/by-email/:email',
        'POST /api/users',
        'GET /api/me/saved',
        'PUT /api/me/saved',
        'GET /api/me/calendar-feed',
        'POST /api/me/calendar-feed/rotate',
        'GET /api/me/watched-searches',
        'DELETE /api/me/watched-searches/:id',
        'GET /api/me/outreach',
        'PUT /api/me/outreach',
        'PUT /api/me/push-subscriptions',
        'DELETE /api/me/push-subscriptions',
        'POST /api/me/outreach/weekly-email-preview',
      ]),
    );
    const answers = await Promise.all(
      guarded.map(async (route) => {
        const [method = '', pattern = ''] = route.split(' ');
        const response = await app.inject({
          method: method as InjectOptions['method'],
          url: sampleUrl(pattern),
        });
        return {
          route,
          status: response.statusCode,
          type: response.headers['content-type'],
          // HEAD answers carry the headers of the GET answer but no body.
          error: method === 'HEAD' ? 'unauthorized' : errorCodeOf(response.body),
        };
      }),
    );
    expect(answers).toEqual(
      guarded.map((route) => ({
        route,
        status: 401,
        type: expect.stringContaining('application/json'),
        error: 'unauthorized',
      })),
    );
  });
});
