import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownTilePath, staticMapPath } from '../../contract/maps.ts';
import { mapImageStats } from '../services/maps/mapImages.ts';
import { mapStyles } from '../services/maps/mapStyle.ts';
import { buildTestApp, buildTestAppWithClient } from '../test/helpers.ts';
import { readPixels } from '../test/mapPixels.ts';
import type { FamJamApp } from '../types.ts';

/*
 * The map pictures as a browser fetches them: by the addresses contract/maps.ts writes, without
 * a token, cached for a week, and a 400 that says what is wrong for anything else.
 */

let app: FamJamApp;

/** A tile's address as the map library fills in ownTilePath's template. */
const tileUrl = (theme: 'light' | 'dark', z: number, x: number, y: number) =>
  ownTilePath(theme).replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y));

beforeAll(async () => {
  // A built client, so the app's page would be there to answer any path nothing else does.
  app = await buildTestAppWithClient();
});

afterAll(async () => {
  await app?.close();
});

describe('GET /tiles/{theme}/{z}/{x}/{y}.png', () => {
  it('is a 256 x 256 PNG for anyone, cached by browsers for a week', async () => {
    // Zoom 12 over San Francisco.
    const response = await app.inject({ method: 'GET', url: tileUrl('light', 12, 655, 1583) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('public, max-age=604800');
    const pixels = await readPixels(response.rawPayload);
    expect([pixels.format, pixels.width, pixels.height]).toEqual(['png', 256, 256]);
    expect(pixels.shareNear(mapStyles.light.land)).toBeGreaterThan(0.2);
    expect(pixels.shareNear(mapStyles.light.water)).toBeGreaterThan(0.2);
  });

  it('answers a tile asked for again from memory, drawing nothing', async () => {
    const url = tileUrl('dark', 9, 81, 197);
    const first = await app.inject({ method: 'GET', url });
    const drawsBefore = mapImageStats().tiles.draws;
    const second = await app.inject({ method: 'GET', url });
    expect(second.statusCode).toBe(200);
    expect(mapImageStats().tiles.draws).toBe(drawsBefore);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it.each([
    ['/tiles/blue/3/1/2.png', 'params/theme: The map theme must be light or dark.', 'theme'],
    ['/tiles/light/17/0/0.png', 'params/z: The zoom must be a whole number from 0 to 16.', 'z'],
    ['/tiles/light/z/0/0.png', 'params/z: The zoom must be a whole number from 0 to 16.', 'z'],
    [
      '/tiles/light/2/4/0.png',
      "params/x: At zoom 2 a tile's x is a whole number from 0 to 3.",
      'x',
    ],
    [
      '/tiles/light/2/0/-1.png',
      "params/y: At zoom 2 a tile's y is a whole number from 0 to 3.",
      'y',
    ],
    [
      '/tiles/dark/16/65536/0.png',
      "params/x: At zoom 16 a tile's x is a whole number from 0 to 65535.",
      'x',
    ],
  ])('%s is a 400 that says what is wrong', async (url, message, field) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'bad_request', message, field });
  });
});

describe('GET /maps/static/{theme}/{width}/{lat}/{lon}.webp', () => {
  it("is the venue's WebP map at the width asked, its height 0.45 of it, pin in the middle", async () => {
    const response = await app.inject({
      method: 'GET',
      url: staticMapPath('dark', 720, 39.0997, -94.5786),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=604800');
    const pixels = await readPixels(response.rawPayload);
    expect([pixels.format, pixels.width, pixels.height]).toEqual(['webp', 720, 324]);
    // Kansas City, inland; the pin's head (2x pixels) in the dark theme's accent.
    expect(pixels.shareNear(mapStyles.dark.land, 8)).toBeGreaterThan(0.9);
    expect(pixels.shareNear(mapStyles.dark.pin, 12)).toBeGreaterThan(0.002);
  });

  it('answers the same place again from memory, drawing nothing', async () => {
    const url = staticMapPath('light', 360, 47.6062, -122.3321);
    await app.inject({ method: 'GET', url });
    const drawsBefore = mapImageStats().staticMaps.draws;
    const second = await app.inject({ method: 'GET', url });
    expect(second.statusCode).toBe(200);
    expect(mapImageStats().staticMaps.draws).toBe(drawsBefore);
  });

  it.each([
    [
      '/maps/static/sepia/360/37.00000/-122.00000.webp',
      'params/theme: The map theme must be light or dark.',
      'theme',
    ],
    [
      '/maps/static/light/400/37.00000/-122.00000.webp',
      'params/width: The width must be one of 360, 720, 1080.',
      'width',
    ],
    [
      '/maps/static/light/360/91.00000/-122.00000.webp',
      'params/lat: The latitude must be between -85.05112 and 85.05112.',
      'lat',
    ],
    [
      '/maps/static/light/360/37.00000/200.00000.webp',
      'params/lon: The longitude must be between -180 and 180.',
      'lon',
    ],
    [
      '/maps/static/light/360/north/-122.00000.webp',
      'params/lat: The latitude must be a number in degrees with at most 5 decimals.',
      'lat',
    ],
    [
      '/maps/static/light/360/37.00000/NaN.webp',
      'params/lon: The longitude must be a number in degrees with at most 5 decimals.',
      'lon',
    ],
  ])('%s is a 400 that says what is wrong', async (url, message, field) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'bad_request', message, field });
  });
});

describe('any other address under /tiles/ or /maps/', () => {
  it.each([
    ['/tiles/light/3/1', 'a tile is /tiles/{light|dark}/{z}/{x}/{y}.png.'],
    ['/tiles/light/3/1/2.jpg', 'a tile is /tiles/{light|dark}/{z}/{x}/{y}.png.'],
    ['/tiles/light/3/1/2/4.png', 'a tile is /tiles/{light|dark}/{z}/{x}/{y}.png.'],
    [
      '/maps/static/light/360/37.00000.webp',
      'a static map is /maps/static/{light|dark}/{360|720|1080}/{lat}/{lon}.webp.',
    ],
    ['/maps/world', 'a static map is /maps/static/{light|dark}/{360|720|1080}/{lat}/{lon}.webp.'],
  ])(
    "%s is a 400 that says what the addresses look like, never the app's page",
    async (url, shape) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({
        error: 'bad_request',
        message: `That is not a map address: ${shape}`,
      });
    },
  );

  it('while a client route still gets the page (the client is built here)', async () => {
    const response = await app.inject({ method: 'GET', url: '/search' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
  });
});

describe('the map rate limit', () => {
  it('lets a whole map view and more through at a low read budget, counted apart from the API', async () => {
    const limited = await buildTestApp({
      rateLimitPerMinute: 10,
      sources: { pollSeconds: 0, ticketmasterApiKey: null },
    });
    try {
      // 40 tiles, a large map view, all fine at a tenth of the default read budget.
      const statuses: number[] = [];
      for (let index = 0; index < 41; index += 1) {
        const response = await limited.inject({
          method: 'GET',
          url: tileUrl('light', 8, 50 + (index % 8), 90 + Math.floor(index / 8)),
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, 40).every((status) => status === 200)).toBe(true);
      // Four times the read budget a minute, and then a stop.
      expect(statuses[40]).toBe(429);
      // The API's own budget is untouched.
      expect((await limited.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe("the app's Content-Security-Policy", () => {
  it('lets <img> reach the configured tile server, here a stand-in on loopback', async () => {
    const withProvider = await buildTestApp({
      map: {
        tiles: {
          light: 'http://127.0.0.1:8081/light/{z}/{x}/{y}.png',
          dark: 'http://127.0.0.1:8081/dark/{z}/{x}/{y}.png',
        },
        attribution: '© Stand-in tiles',
        maxZoom: 18,
      },
    });
    try {
      const response = await withProvider.inject({ method: 'GET', url: '/api/health' });
      expect(String(response.headers['content-security-policy'])).toContain(
        "img-src 'self' data: https: blob: http://127.0.0.1:8081;",
      );
    } finally {
      await withProvider.close();
    }
  });
});
