import { readFileSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { type AddressInfo, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Type } from '@sinclair/typebox';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { rowsOf } from './db/rows.ts';
import {
  contentSecurityPolicyDirectives,
  reactAriaInjectedStyles,
} from './plugins/securityHeaders.ts';
import { clientConfigFrom } from './routes/config.ts';
import { SharedRateLimitCounts } from './stores/rateLimits.ts';
import { openTestDatabase } from './test/database.ts';
import {
  bearer,
  buildTestApp,
  createEmulatorUser,
  emulatorHost,
  testConfig,
} from './test/helpers.ts';
import type { FamJamApp } from './types.ts';

const repoRoot = join(import.meta.dirname, '..');

describe('the API around the routes', () => {
  let app: FamJamApp;

  beforeAll(async () => {
    app = await buildTestApp();
    // A route that fails the way a bug would, to see what the caller gets.
    app.get('/api/test-only/crash', async () => {
      throw new Error('database exploded: secret connection details');
    });
    app.get('/api/test-only/large', async () => ({ text: 'FamJam '.repeat(1000) }));
    const Bounded = Type.Object({ n: Type.Number({ minimum: 0, maximum: 10 }) });
    app.get('/api/test-only/bounded', { schema: { querystring: Bounded } }, async () => ({}));
    app.post('/api/test-only/bounded', { schema: { body: Bounded } }, async () => ({}));
  });

  afterAll(async () => {
    await app?.close();
  });

  it('answers 404 JSON naming the method and path for an unknown /api route', async () => {
    const get = await app.inject({ method: 'GET', url: '/api/xyz?x=1' });
    expect(get.statusCode).toBe(404);
    expect(get.headers['content-type']).toMatch(/^application\/json/);
    expect(get.json()).toEqual({ error: 'not_found', message: 'No API route GET /api/xyz' });

    const del = await app.inject({ method: 'DELETE', url: '/api/users' });
    expect(del.statusCode).toBe(404);
    expect(del.json()).toEqual({ error: 'not_found', message: 'No API route DELETE /api/users' });
  });

  it('rate limits unknown /api paths too, with the limit headers on the 404', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/no-such-thing' });
    const second = await app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(first.statusCode).toBe(404);
    expect(first.json().error).toBe('not_found');
    expect(first.headers['x-ratelimit-limit']).toBe('300');
    expect(Number(second.headers['x-ratelimit-remaining'])).toBe(
      Number(first.headers['x-ratelimit-remaining']) - 1,
    );
  });

  it('answers 400 naming the parameter for numbers that are not finite, on every route', async () => {
    for (const value of ['1e400', 'Infinity', '-Infinity']) {
      const query = await app.inject({ method: 'GET', url: `/api/test-only/bounded?n=${value}` });
      expect(query.statusCode).toBe(400);
      expect(query.json()).toEqual({
        error: 'bad_request',
        message: 'querystring/n must be a finite number',
        field: 'n',
      });
    }
    // JSON.parse reads 1e400 as Infinity; uncoerced, Ajv's own type check refuses that.
    const body = await app.inject({
      method: 'POST',
      url: '/api/test-only/bounded',
      headers: { 'content-type': 'application/json' },
      payload: '{"n":1e400}',
    });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toEqual({
      error: 'bad_request',
      message: 'body/n must be number',
      field: 'n',
    });
    const reverse = await app.inject({ method: 'GET', url: '/api/geo/reverse?lat=1e400&lon=0' });
    expect(reverse.statusCode).toBe(400);
    expect(reverse.json().message).toBe('querystring/lat must be a finite number');
    const fine = await app.inject({ method: 'GET', url: '/api/test-only/bounded?n=2.5' });
    expect(fine.statusCode).toBe(200);
  });

  it('routes path parameters up to 300 characters, and answers 414 JSON beyond', async () => {
    const longId = await app.inject({ method: 'GET', url: `/api/events/${'x'.repeat(300)}` });
    expect(longId.statusCode).toBe(404);
    expect(longId.json().error).toBe('not_found');
    const tooLong = await app.inject({ method: 'GET', url: `/api/events/${'x'.repeat(301)}` });
    expect(tooLong.statusCode).toBe(414);
    expect(tooLong.json()).toEqual({
      error: 'uri_too_long',
      message: 'params/id must NOT have more than 300 characters',
    });
  });

  it('answers 500 with a generic JSON message for an unexpected error, leaking nothing', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test-only/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: 'internal',
      message: 'Something went wrong on our side.',
    });
  });

  it('answers 415 JSON for a body type the API does not take', async () => {
    const user = await createEmulatorUser();
    const response = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { ...bearer(user), 'content-type': 'text/csv' },
      payload: 'email,name',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toBe('unsupported_media_type');
  });

  it('reports health with the database kind', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, database: 'pglite' });
  });

  it("serves the emulator-mode client configuration, without the emulator's address", async () => {
    const response = await app.inject({ method: 'GET', url: '/api/config' });
    expect(response.statusCode).toBe(200);
    // The browser reaches the emulator through this origin only; its port is nobody's business.
    expect(response.body).not.toContain(emulatorHost().split(':')[1]);
    expect(response.json()).toEqual({
      firebase: {
        apiKey: 'demo-api-key',
        authDomain: 'demo-famjam.firebaseapp.com',
        projectId: 'demo-famjam',
      },
      authEmulator: true,
      legal: { company: 'FamJam, Inc.', supportEmail: 'support@famjam.app' },
      ads: null,
      music: { spotify: false, appleMusic: null },
      // No tile provider configured: the tiles FamJam draws itself, from its own origin.
      map: {
        tiles: { light: '/tiles/light/{z}/{x}/{y}.png', dark: '/tiles/dark/{z}/{x}/{y}.png' },
        attribution: 'Coastlines: Natural Earth (public domain) · FamJam',
        maxZoom: 16,
      },
      // The public half of the VAPID pair only (a P-256 point, 65 bytes in base64url).
      push: { vapidPublicKey: app.config.push.vapidKeys?.publicKey },
    });
    expect(response.json().push.vapidPublicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect(response.body).not.toContain(app.config.push.vapidKeys?.privateKey);
  });

  it('sends security headers with a CSP that allows the app (and the emulator through it) only', async () => {
    for (const url of ['/api/health', '/api/nope', '/some/page']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self' https://apis.google.com");
      expect(csp).toContain(
        "style-src 'self' 'sha256-38RhXrc7EdReTKsOm23ZPOCUgniTUUcjky8QOOrQx6o=' 'sha256-",
      );
      expect(csp).not.toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).toContain("style-src-attr 'unsafe-inline'");
      // The Auth emulator is reached through this origin, never at its own port.
      expect(csp).toContain("connect-src 'self';");
      expect(csp).toMatch(/(^|;)frame-src 'self'(;|$)/);
      expect(csp).not.toContain(emulatorHost());
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(csp).not.toContain("'unsafe-eval'");
    }
  });

  it('sends rate-limit headers on API responses', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/health' });
    const second = await app.inject({ method: 'GET', url: '/api/health' });
    expect(first.headers['x-ratelimit-limit']).toBe('300');
    expect(Number(second.headers['x-ratelimit-remaining'])).toBe(
      Number(first.headers['x-ratelimit-remaining']) - 1,
    );
  });

  it('compresses large responses for clients that accept it', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/test-only/large',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(response.rawPayload).toString('utf8')).text).toHaveLength(7000);
  });

  it('answers a short 404 JSON for app pages while the client is not built', async () => {
    const response = await app.inject({ method: 'GET', url: '/saved' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: 'client_not_built',
      message:
        'The web client is not built yet: run npm run build (or npm run dev for hot reload).',
    });
  });
});

// Every rule holds with the per-process counts (the embedded default) and with the counts in
// the database that several processes share (the default with PostgreSQL).
describe.each(['memory', 'database'] as const)('rate limiting, counted in %s', (rateLimitStore) => {
  let app: FamJamApp;

  beforeAll(async () => {
    app = await buildTestApp({ rateLimitPerMinute: 10, rateLimitStore });
  });

  afterAll(async () => {
    await app?.close();
  });

  it('answers 429 JSON once a client exceeds the write limit, while reads still work', async () => {
    // Writes get a fifth of the read budget: 2 per minute here.
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      statuses.push((await app.inject({ method: 'POST', url: '/api/users' })).statusCode);
    }
    expect(statuses).toEqual([401, 401, 429]);
    const limited = await app.inject({ method: 'POST', url: '/api/users' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      error: 'rate_limited',
      message: 'Too many requests. Please try again in 1 minute.',
    });
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('answers 429 JSON once a client exceeds the read limit', async () => {
    let last = await app.inject({ method: 'GET', url: '/api/config' });
    for (let attempt = 0; attempt < 10; attempt++) {
      last = await app.inject({ method: 'GET', url: '/api/config' });
    }
    expect(last.statusCode).toBe(429);
    expect(last.json().error).toBe('rate_limited');
  });

  // The router decodes the path before matching, so each of these reaches the same route as
  // its plain form; each must draw on the same budget. A fresh client address per test gives
  // each its own budget (10 reads, 2 writes a minute).
  const readVariants = [
    '/api/events/categories',
    '/%61pi/events/categories',
    '/api/%65vents/categories',
    '/%61%70%69/events/%63ategories',
  ];

  it('limits percent-encoded spellings of a read route exactly like the plain path', async () => {
    const remoteAddress = '198.51.100.1';
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt++) {
      const url = readVariants[attempt % readVariants.length] ?? '';
      const response = await app.inject({ method: 'GET', url, remoteAddress });
      statuses.push(response.statusCode);
      if (attempt === 10) {
        // The window may be part gone by now (the first request loads the gazetteer).
        expect(response.json()).toEqual({
          error: 'rate_limited',
          message: expect.stringMatching(/^Too many requests\. Please try again in /),
        });
      }
    }
    expect(statuses).toEqual([...Array<number>(10).fill(200), 429, 429]);
  });

  it.each([['/%61pi/events/categories'], ['/api/%65vents/%63ategories']])(
    'gives %s alone the read budget, not more',
    async (url) => {
      const remoteAddress = `198.51.100.${url.length}`;
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 11; attempt++) {
        statuses.push((await app.inject({ method: 'GET', url, remoteAddress })).statusCode);
      }
      expect(statuses).toEqual([...Array<number>(10).fill(200), 429]);
    },
  );

  it.each([
    ['PUT', ['/api/me/saved', '/%61pi/me/saved', '/api/m%65/saved']],
    ['POST', ['/%61pi/users', '/api/%75sers', '/api/users']],
  ] as const)(
    'limits percent-encoded spellings of %s writes like the plain path',
    async (method, urls) => {
      const remoteAddress = `203.0.113.${method.length}`;
      const statuses: number[] = [];
      for (const url of urls) {
        const response = await app.inject({ method, url, remoteAddress, payload: {} });
        statuses.push(response.statusCode);
        if (response.statusCode === 429) expect(response.json().error).toBe('rate_limited');
      }
      // Unauthenticated: refused by the auth check until the budget of 2 is spent.
      expect(statuses).toEqual([401, 401, 429]);
    },
  );

  it('limits unknown percent-encoded /api paths like unknown /api paths', async () => {
    const remoteAddress = '198.51.100.200';
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      const response = await app.inject({ method: 'GET', url: '/%61pi/nope', remoteAddress });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(404), 429]);
  });

  it("limits a shared event's page (drawn from the database) like an API read", async () => {
    const remoteAddress = '198.51.100.201';
    const statuses: number[] = [];
    let limited = null as Awaited<ReturnType<FamJamApp['inject']>> | null;
    for (let attempt = 0; attempt < 11; attempt++) {
      // Alternating spellings: the router decodes '/%65vent/…' to the same page.
      const url = attempt % 2 === 0 ? `/event/test%3Aevent-${attempt}` : `/%65vent/x-${attempt}`;
      const response = await app.inject({ method: 'GET', url, remoteAddress });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) limited = response;
    }
    expect(statuses).toEqual([...Array<number>(10).fill(404), 429]);
    expect(limited?.json()).toEqual({
      error: 'rate_limited',
      message: expect.stringMatching(/^Too many requests\. Please try again in /),
    });
  });

  it('does not limit the static client', async () => {
    for (let attempt = 0; attempt < 15; attempt++) {
      const response = await app.inject({ method: 'GET', url: '/profile' });
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe('client_not_built');
    }
  });
});

describe('rate limiting across processes', () => {
  it('limits a client on every process once their counts are shared', async () => {
    // Two apps on one database stand for two API processes on one PostgreSQL; the api-postgres
    // step runs this against a real server too. Each counts in memory and shares at its flushes
    // (every 250 ms; here when the test says, so the outcome does not hang on the clock).
    const database = await openTestDatabase();
    const config = testConfig({ rateLimitPerMinute: 10, rateLimitStore: 'database' });
    const firstCounts = new SharedRateLimitCounts(database.db);
    const secondCounts = new SharedRateLimitCounts(database.db);
    const first = await buildApp({ config, db: database.db, rateLimitCounts: firstCounts });
    const second = await buildApp({ config, db: database.db, rateLimitCounts: secondCounts });
    try {
      const remoteAddress = '192.0.2.77';
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 10; attempt++) {
        const app = attempt % 2 === 0 ? first : second;
        statuses.push(
          (await app.inject({ method: 'GET', url: '/api/health', remoteAddress })).statusCode,
        );
      }
      expect(statuses).toEqual(Array<number>(10).fill(200));
      // Each process has counted 5: alone, each would allow 5 more.
      await firstCounts.flush();
      await secondCounts.flush();
      // The first learns the second's hits at its next flush (a refresh of the keys it wrote).
      await firstCounts.flush();
      for (const app of [first, second]) {
        const limited = await app.inject({ method: 'GET', url: '/api/health', remoteAddress });
        expect(limited.statusCode).toBe(429);
        expect(limited.json().error).toBe('rate_limited');
      }
      // Another client is untouched.
      const other = await second.inject({
        method: 'GET',
        url: '/api/health',
        remoteAddress: '192.0.2.78',
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await first.close();
      await second.close();
      await database.close();
    }
  });

  it('shares the counts on its own, every flush interval', async () => {
    // No flush asked for: each process's timer adds its hits to the database. The outcome is
    // awaited, never a fixed time.
    const database = await openTestDatabase();
    const config = testConfig({ rateLimitPerMinute: 10, rateLimitStore: 'database' });
    const secondCounts = new SharedRateLimitCounts(database.db);
    const first = await buildApp({ config, db: database.db });
    const second = await buildApp({ config, db: database.db, rateLimitCounts: secondCounts });
    const remoteAddress = '192.0.2.79';
    const sharedHits = async () =>
      Number(
        rowsOf(
          await database.db.execute(
            sql`SELECT hits FROM rate_limit_hits WHERE key = ${`read:${remoteAddress}`}`,
          ),
        )[0]?.hits ?? 0,
      );
    try {
      for (let attempt = 0; attempt < 10; attempt++) {
        const response = await first.inject({ method: 'GET', url: '/api/health', remoteAddress });
        expect(response.statusCode).toBe(200);
      }
      await vi.waitFor(async () => expect(await sharedHits()).toBe(10), {
        timeout: 10_000,
        interval: 20,
      });
      // The second process has not flushed yet, so it does not know: the overshoot the
      // batching accepts (docs/scaling.md), one hit here.
      expect(
        (await second.inject({ method: 'GET', url: '/api/health', remoteAddress })).statusCode,
      ).toBe(200);
      await vi.waitFor(async () => expect(await sharedHits()).toBe(11), {
        timeout: 10_000,
        interval: 20,
      });
      // Its timer's flush answered 11; a flush now adds nothing and only waits for that one.
      await secondCounts.flush();
      const limited = await second.inject({ method: 'GET', url: '/api/health', remoteAddress });
      expect(limited.statusCode).toBe(429);
    } finally {
      await first.close();
      await second.close();
      await database.close();
    }
  });
});

describe('the single-page app', () => {
  let app: FamJamApp;
  let staticDir: string;
  const indexHtml = '<!doctype html><title>FamJam test build</title><div id="root"></div>';

  beforeAll(async () => {
    staticDir = await mkdtemp(join(tmpdir(), 'famjam-static-'));
    await mkdir(join(staticDir, 'assets'));
    await writeFile(join(staticDir, 'index.html'), indexHtml);
    await writeFile(join(staticDir, 'assets', 'index-abc123.js'), 'console.log("famjam");');
    // Vite writes a source map beside every script (vite.config.ts), the worker's included.
    await writeFile(join(staticDir, 'assets', 'index-abc123.js.map'), '{"sources":["/home/x"]}');
    await writeFile(join(staticDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    await writeFile(join(staticDir, 'sw.js.map'), '{"sources":["/home/x"]}');
    await writeFile(join(staticDir, 'manifest.webmanifest'), '{"name":"FamJam"}');
    await writeFile(join(staticDir, '.env'), 'SECRET=dotfile-content');
    await mkdir(join(staticDir, '.git'));
    await writeFile(join(staticDir, '.git', 'config'), '[core] dotdir-content');
    // What Vite copies from public/ into the build.
    await copyFile(join(repoRoot, 'public', 'robots.txt'), join(staticDir, 'robots.txt'));
    app = await buildTestApp({ staticDir });
  });

  afterAll(async () => {
    await app?.close();
    await rm(staticDir, { recursive: true, force: true });
  });

  it('serves index.html at / without long caching', async () => {
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(indexHtml);
  });

  it('serves index.html for any client route, so deep links and reloads work', async () => {
    for (const url of ['/search?category=music', '/event/42', '/auth/spotify/callback?code=x']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(indexHtml);
    }
  });

  it('serves hashed assets with a year-long immutable cache', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves other files from the build without long caching', async () => {
    const response = await app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers 404 JSON, not index.html, for a missing asset', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-old999.js' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: 'not_found',
      message: 'No file /assets/index-old999.js',
    });
  });

  it('keeps unknown /api paths as JSON 404 even with the client built', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/xyz' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'not_found', message: 'No API route GET /api/xyz' });
  });

  it('treats a percent-encoded /api path as the API: JSON 404, rate limited', async () => {
    const response = await app.inject({ method: 'GET', url: '/%61pi/xyz' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'not_found', message: 'No API route GET /api/xyz' });
    expect(response.headers['x-ratelimit-limit']).toBe('300');
  });

  it('does not serve dotfiles or dot directories: 404, not their content', async () => {
    for (const url of ['/.env', '/.git/config', '/%2eenv']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('content');
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  it('serves robots.txt as text: the legal pages and sign-in open to crawlers, /api/ not', async () => {
    const response = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.headers['cache-control']).toBe('no-cache');
    const rules = response.body
      .split('\n')
      .map((line) => line.replace(/#.*/, '').trim())
      .filter((line) => line !== '');
    // Every line a field robots.txt parsers know (RFC 9309), under a User-agent group.
    for (const rule of rules) expect(rule).toMatch(/^(User-agent|Allow|Disallow|Sitemap): *\S+$/);
    expect(rules[0]).toBe('User-agent: *');
    expect(rules).toEqual(
      expect.arrayContaining([
        'Disallow: /api/',
        'Allow: /privacy-policy$',
        'Allow: /terms-of-service$',
        'Allow: /auth$',
        'Allow: /event/',
      ]),
    );
  });

  it('marks pages that need an account noindex, and leaves the public ones indexable', async () => {
    for (const url of ['/', '/search', '/saved', '/profile', '/onboarding', '/poll/abc']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['x-robots-tag'], url).toBe('noindex');
    }
    for (const url of ['/auth', '/privacy-policy', '/terms-of-service', '/event/abc']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['x-robots-tag'], url).toBeUndefined();
    }
  });

  it('answers 404 JSON, not the app, for unknown file-like paths', async () => {
    for (const url of [
      '/favicon.png',
      '/sitemap.xml',
      '/wp-login.php',
      '/old/app.js',
      '/x.y?z=1',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({
        error: 'not_found',
        message: `No file ${url.split('?')[0]}`,
      });
    }
  });

  it('still serves the app for client routes, including event ids with dots', async () => {
    for (const url of [
      '/event/abc',
      '/event/ical:party@calendar.example',
      '/event/jsonld:https%3A%2F%2Fsite.example%2Fe.html',
      '/search?category=music',
      '/poll/x',
      '/privacy-policy',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(indexHtml);
    }
  });

  it('answers 404 JSON for non-GET requests to client paths', async () => {
    const response = await app.inject({ method: 'POST', url: '/profile' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'not_found', message: 'No route POST /profile' });
  });

  it('answers 414 JSON for an over-long path part or path, never echoing it', async () => {
    const part = (length: number) => 'x'.repeat(length);
    const cases: Array<[string, string]> = [
      // The static files' wildcard route used to take these over from the API's routes.
      [`/api/events/${part(301)}`, 'params/id must NOT have more than 300 characters'],
      [`/api/events/${part(1200)}`, 'params/id must NOT have more than 300 characters'],
      [`/api/polls/${part(5000)}`, 'params/id must NOT have more than 300 characters'],
      [`/api/${part(301)}`, 'A part of the URL path is longer than 300 characters.'],
      [`/${part(5000)}`, 'A part of the URL path is longer than 300 characters.'],
      [`/assets/${part(400)}.js`, 'A part of the URL path is longer than 300 characters.'],
      [`/${`${part(250)}/`.repeat(19)}`, 'The URL path is longer than 1000 characters.'],
    ];
    for (const [url, message] of cases) {
      for (const method of ['GET', 'HEAD'] as const) {
        const response = await app.inject({ method, url });
        expect(response.statusCode, `${method} ${url.slice(0, 40)}`).toBe(414);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        if (method === 'GET') {
          expect(response.json()).toEqual({ error: 'uri_too_long', message });
        }
      }
    }
  });

  it('does not serve source maps: 404 JSON like a missing file, the scripts still served', async () => {
    for (const url of ['/assets/index-abc123.js.map', '/sw.js.map']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ error: 'not_found', message: `No file ${url}` });
    }
    // Spelled another way, it is still the same file.
    const encoded = await app.inject({ method: 'GET', url: '/sw.js.%6Dap' });
    expect(encoded.statusCode).toBe(404);
    expect(encoded.body).not.toContain('/home/x');
    for (const url of ['/assets/index-abc123.js', '/sw.js']) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
  });

  it('serves source maps when FAMJAM_SERVE_SOURCE_MAPS asks for them', async () => {
    const withMaps = await buildTestApp({ staticDir, serveSourceMaps: true });
    try {
      for (const url of ['/assets/index-abc123.js.map', '/sw.js.map']) {
        const response = await withMaps.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        expect(response.json()).toEqual({ sources: ['/home/x'] });
      }
    } finally {
      await withMaps.close();
    }
  });
});

describe('a client that stalls', () => {
  const requestTimeoutMs = 600;
  let app: FamJamApp;
  let port: number;

  beforeAll(async () => {
    const database = await openTestDatabase();
    app = await buildApp({ config: testConfig(), db: database.db, requestTimeoutMs });
    app.addHook('onClose', async () => {
      await database.close();
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await app?.close();
  });

  /** Sends `text` on a raw socket and waits for the server to close it; never past `giveUpMs`. */
  function sendAndWaitForClose(text: string, giveUpMs: number) {
    return new Promise<{ closedAfterMs: number | null; received: string }>((resolve) => {
      const started = Date.now();
      let received = '';
      const socket = connect(port, '127.0.0.1', () => socket.write(text));
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => {
        received += chunk;
      });
      socket.on('error', () => {});
      const giveUp = setTimeout(() => {
        socket.destroy();
        resolve({ closedAfterMs: null, received });
      }, giveUpMs);
      socket.on('close', () => {
        clearTimeout(giveUp);
        resolve({ closedAfterMs: Date.now() - started, received });
      });
    });
  }

  it('is cut off with 408 when it sends the headers and only part of the body', async () => {
    const { closedAfterMs, received } = await sendAndWaitForClose(
      [
        'PUT /api/me/saved HTTP/1.1',
        'Host: 127.0.0.1',
        'Content-Type: application/json',
        'Content-Length: 100',
        '',
        '{"ids":["test:',
      ].join('\r\n'),
      requestTimeoutMs * 5,
    );
    expect(closedAfterMs, 'the socket was still open').not.toBeNull();
    // At the limit, not before; and soon after it (Node checks every requestTimeout / 4).
    expect(closedAfterMs).toBeGreaterThanOrEqual(requestTimeoutMs - 50);
    expect(closedAfterMs).toBeLessThanOrEqual(requestTimeoutMs * 3);
    // The authenticated scope answers an anonymous caller 401 before reading any body; the
    // unread body then still holds the socket, which the request timeout ends with a 408.
    expect(received).toMatch(/^HTTP\/1\.1 401 /);
    expect(received).toMatch(/\}HTTP\/1\.1 408 Request Timeout\r\n/);
  });

  it('is cut off when it sends only part of the headers', async () => {
    const { closedAfterMs } = await sendAndWaitForClose(
      'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n',
      requestTimeoutMs * 5,
    );
    expect(closedAfterMs, 'the socket was still open').not.toBeNull();
  });

  it('still gets answers when it sends a whole request', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(response.status).toBe(200);
  });
});

describe('a static root whose own path looks like a hashed-asset path', () => {
  let app: FamJamApp;
  let parent: string;

  beforeAll(async () => {
    parent = await mkdtemp(join(tmpdir(), 'famjam-static-'));
    // The deploy directory itself sits under an assets/ folder with a hash-like name.
    const staticDir = join(parent, 'assets', 'release-abc123');
    await mkdir(join(staticDir, 'assets'), { recursive: true });
    await writeFile(join(staticDir, 'index.html'), '<!doctype html><title>FamJam</title>');
    await writeFile(join(staticDir, 'manifest.webmanifest'), '{"name":"FamJam"}');
    await writeFile(join(staticDir, 'assets', 'index-def456.js'), 'console.log(1);');
    app = await buildTestApp({ staticDir });
  });

  afterAll(async () => {
    await app?.close();
    await rm(parent, { recursive: true, force: true });
  });

  it('does not cache the files at its top for a year', async () => {
    for (const url of ['/manifest.webmanifest', '/index.html', '/']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('still caches its real hashed assets for a year', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-def456.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe("react-aria's injected <style> elements", () => {
  /** The installed react-aria source, with the attribute constant substituted as it runs. */
  function installedStyleTexts(file: string): string[] {
    const source = readFileSync(
      join(repoRoot, 'node_modules/react-aria/dist/private', file),
      'utf8',
    );
    const attribute = /PRESSABLE_ATTRIBUTE = '([^']+)'/.exec(source)?.[1] ?? '';
    return [...source.matchAll(/style\.textContent = `([^`]*)`\.trim\(\)/g)].map((match) =>
      (match[1] ?? '').replace(/\$\{[^}]+\}/g, attribute).trim(),
    );
  }

  it('are exactly the ones the CSP allows by hash (fails when a react-aria upgrade changes them)', () => {
    expect([
      ...installedStyleTexts('interactions/usePress.mjs'),
      ...installedStyleTexts('overlays/usePreventScroll.mjs'),
    ]).toEqual([...reactAriaInjectedStyles]);
  });
});

describe('with a real Firebase project configured', () => {
  // A deployment's own VAPID pair (docs/outreach.md#push), generated by web-push once.
  const vapidPublicKey =
    'BLAmV-luWLisX2nr9awPE8NzzkJfGye5pa5yBQp_U2b_c63yDDJLCvfhgIUdrezTUuEneKTQ8bgEUnnrJXXKu5M';
  const vapidPrivateKey = 'F5lMki9DknGmhzDcWVmjSdXwG24EhzgEYDcHKa7nluM';
  const serviceAccount = JSON.stringify({
    type: 'service_account',
    project_id: 'famjam-prod',
    client_email: 'server@famjam-prod.iam.gserviceaccount.com',
    private_key: '-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----\n',
  });
  const projectEnv = {
    FIREBASE_PROJECT_ID: 'famjam-prod',
    FIREBASE_API_KEY: 'AIza-test',
    FIREBASE_AUTH_DOMAIN: 'famjam-prod.firebaseapp.com',
    FIREBASE_APP_ID: '1:123:web:abc',
    FIREBASE_SERVICE_ACCOUNT: serviceAccount,
    FAMJAM_COMPANY: 'Jam Family LLC',
    FAMJAM_SUPPORT_EMAIL: 'help@jam.example',
    FAMJAM_VAPID_PUBLIC_KEY: vapidPublicKey,
    FAMJAM_VAPID_PRIVATE_KEY: vapidPrivateKey,
  };
  const config = loadConfig(projectEnv);

  it('gives the browser the project web config and no emulator', () => {
    expect(clientConfigFrom(config)).toEqual({
      firebase: {
        apiKey: 'AIza-test',
        authDomain: 'famjam-prod.firebaseapp.com',
        projectId: 'famjam-prod',
        appId: '1:123:web:abc',
      },
      authEmulator: false,
      legal: { company: 'Jam Family LLC', supportEmail: 'help@jam.example' },
      ads: null,
      music: { spotify: false, appleMusic: null },
      // No tile provider configured: the tiles FamJam draws itself, from its own origin.
      map: {
        tiles: { light: '/tiles/light/{z}/{x}/{y}.png', dark: '/tiles/dark/{z}/{x}/{y}.png' },
        attribution: 'Coastlines: Natural Earth (public domain) · FamJam',
        maxZoom: 16,
      },
      // The public half of the VAPID pair only.
      push: { vapidPublicKey },
    });
  });

  it('gives the browser the AdSense publisher and slot ids when ads are configured', () => {
    const withAds = loadConfig({
      ...projectEnv,
      FAMJAM_ADS_CLIENT: 'ca-pub-1234567890123456',
      FAMJAM_ADS_HOME_SLOT: '1234567890',
    });
    expect(clientConfigFrom(withAds).ads).toEqual({
      client: 'ca-pub-1234567890123456',
      homeSlot: '1234567890',
    });
  });

  it("lets the CSP reach Google's identity endpoints and the auth domain, not the emulator", () => {
    const directives = contentSecurityPolicyDirectives(
      config.firebase,
      config.ads,
      config.music.appleMusic,
    );
    expect(directives.connectSrc).toEqual([
      "'self'",
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'https://www.googleapis.com',
    ]);
    expect(directives.frameSrc).toEqual(['https://famjam-prod.firebaseapp.com']);
  });
});
