import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PICTURE_WIDTHS, pictureUrl, previewImagePath } from '../../contract/pictures.ts';
import { buildApp } from '../app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { eventSources, events, images, imageVariants, sources } from '../db/schema/index.ts';
import {
  deleteUnusedPictures,
  fetchPendingPictures,
  type PictureWorkerDependencies,
  pictureWorkerDependencies,
} from '../services/pictures/fetchWorker.ts';
import { PictureRejectedError, storePicture } from '../services/pictures/pictures.ts';
import { buildFixtureApp, fixtureEvents } from '../test/fixtureApp.ts';
import { buildTestApp, testConfig } from '../test/helpers.ts';
import { hugeClaimPng, nestedUseSvg } from '../test/hostilePictures.ts';
import type { FamJamApp } from '../types.ts';

/*
 * Pictures as a family and a link preview see them: fetched from a stand-in picture host on
 * loopback (as a venue's site would serve them), stored re-encoded, served from /pictures.
 */

interface Served {
  status?: number;
  type?: string;
  body: Buffer;
  headers?: Record<string, string>;
}

let app: FamJamApp;
let handle: DatabaseHandle;
let host: Server;
let hostOrigin = '';
const hostFiles = new Map<string, Served>();
const hostHits: string[] = [];

// IP literals only: the worker never needs a name resolved here.
const dependencies: PictureWorkerDependencies = {
  resolve: async (name) => {
    throw new Error(`no DNS in tests (asked for ${name})`);
  },
};

/** A landscape photo with a camera's EXIF, its GPS position among it. */
async function photoWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 900, channels: 3, background: '#2a6' } })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900"><circle cx="800" cy="450" r="300" fill="#c33"/></svg>',
        ),
      },
    ])
    .jpeg()
    .withExif({
      IFD0: { Make: 'FamCam', Model: 'Backyard 1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '37/1 46/1 30/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '122/1 25/1 10/1',
      },
    })
    .toBuffer();
}

let gpsPhoto: Buffer;

async function addSource(
  name: string,
  allowPrivateNetwork: boolean,
  origin = hostOrigin,
): Promise<number> {
  const [row] = await handle.db
    .insert(sources)
    .values({
      kind: 'ical',
      name,
      // On the picture host's origin: a source allowed a private network may reach its own
      // scheme, host and port only, for the pictures it names as for its feed.
      url: `${origin}/${name}.ics`,
      intervalSeconds: 3600,
      allowPrivateNetwork,
    })
    .returning({ id: sources.id });
  if (!row) throw new Error('no source row');
  return row.id;
}

let trustedSource = 0;
let publicOnlySource = 0;
let eventCount = 0;

/**
 * An event (a copy of the jazz fixture) naming a picture, listed by `sourceId`: a path on the
 * stand-in picture host, or a whole URL.
 */
async function eventWithPicture(path: string | null, sourceId = trustedSource): Promise<string> {
  eventCount += 1;
  const [jazz] = fixtureEvents(new Date());
  if (!jazz) throw new Error('no fixtures');
  const id = `test:picture-${eventCount}`;
  await handle.db.insert(events).values({
    ...jazz,
    id,
    sourceId: `picture-${eventCount}`,
    title: `Bubble Festival ${eventCount}`,
    pictureUrl: path === null ? null : path.startsWith('http') ? path : `${hostOrigin}${path}`,
  });
  await handle.db.insert(eventSources).values({ eventId: id, sourceId, sourceKey: id });
  return id;
}

async function pictureState(id: string) {
  const [row] = await handle.db
    .select({
      imageId: events.imageId,
      error: events.pictureError,
      checkedAt: events.pictureCheckedAt,
    })
    .from(events)
    .where(eq(events.id, id));
  if (!row) throw new Error(`no event ${id}`);
  return row;
}

async function variantsOf(imageId: string) {
  return handle.db
    .select({
      width: imageVariants.width,
      format: imageVariants.format,
      height: imageVariants.height,
      bytes: imageVariants.bytes,
    })
    .from(imageVariants)
    .where(eq(imageVariants.imageId, imageId));
}

beforeAll(async () => {
  gpsPhoto = await photoWithGps();
  host = createServer((request, response) => {
    const path = request.url ?? '/';
    hostHits.push(path);
    const file = hostFiles.get(path);
    if (!file) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
      return;
    }
    response
      .writeHead(file.status ?? 200, {
        'content-type': file.type ?? 'application/octet-stream',
        'content-length': String(file.body.length),
        ...file.headers,
      })
      .end(file.body);
  });
  await new Promise<void>((done) => host.listen(0, '127.0.0.1', done));
  hostOrigin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
  ({ app, handle } = await buildFixtureApp({
    publicUrl: 'https://famjam.example',
    // Driven by the tests below, not by a timer.
    sources: { pollSeconds: 0, ticketmasterApiKey: null },
  }));
  trustedSource = await addSource('venue-intranet', true);
  publicOnlySource = await addSource('public-feed', false);
});

afterAll(async () => {
  await app?.close();
  await new Promise((done) => host?.close(done));
});

describe('the picture worker', () => {
  it('stores a JPEG in every width and format, upright sizes, no EXIF or GPS left', async () => {
    expect((await sharp(gpsPhoto).metadata()).exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    hostFiles.set('/photo.jpg', { type: 'image/jpeg', body: gpsPhoto });
    const id = await eventWithPicture('/photo.jpg');
    const outcomes = await fetchPendingPictures(handle.db, dependencies);
    expect(outcomes).toEqual([{ eventId: id, imageId: expect.any(String), error: null }]);
    const state = await pictureState(id);
    expect(state.error).toBeNull();
    expect(state.checkedAt).toBeInstanceOf(Date);
    expect(state.imageId).toMatch(/^[0-9a-f]{64}$/);
    const imageId = state.imageId ?? '';
    const [image] = await handle.db.select().from(images).where(eq(images.id, imageId));
    expect(image).toMatchObject({
      width: 1600,
      height: 900,
      alt: id.replace('test:picture-', 'Bubble Festival '),
    });
    const variants = await variantsOf(imageId);
    expect(
      variants.map(({ width, format, height }) => ({ width, format, height })).sort(byKey),
    ).toEqual(
      PICTURE_WIDTHS.flatMap((width) =>
        (['jpeg', 'webp'] as const).map((format) => ({
          width,
          format,
          height: Math.round((width * 9) / 16),
        })),
      ).sort(byKey),
    );
    for (const variant of variants) {
      const metadata = await sharp(variant.bytes).metadata();
      expect(metadata.format).toBe(variant.format);
      expect(metadata.width).toBe(variant.width);
      expect(metadata.height).toBe(variant.height);
      expect(metadata.exif, `${variant.width}.${variant.format}`).toBeUndefined();
      expect(variant.bytes.includes('FamCam')).toBe(false);
    }
  });

  it('stores the same picture once, whichever event names it', async () => {
    hostFiles.set('/same-photo.jpg', { type: 'image/jpeg', body: gpsPhoto });
    const first = await eventWithPicture('/photo.jpg');
    const second = await eventWithPicture('/same-photo.jpg');
    await fetchPendingPictures(handle.db, dependencies);
    const [a, b] = [await pictureState(first), await pictureState(second)];
    expect(a.imageId).not.toBeNull();
    expect(b.imageId).toBe(a.imageId);
    const rows = await handle.db.select({ id: images.id }).from(images);
    expect(rows.filter((row) => row.id === a.imageId)).toHaveLength(1);
  });

  it('turns a picture upright by its EXIF orientation and never enlarges a small one', async () => {
    const sideways = await sharp({
      create: { width: 300, height: 200, channels: 3, background: '#36c' },
    })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    hostFiles.set('/sideways.jpg', { type: 'image/jpeg', body: sideways });
    const id = await eventWithPicture('/sideways.jpg');
    await fetchPendingPictures(handle.db, dependencies);
    const imageId = (await pictureState(id)).imageId ?? '';
    const variants = await variantsOf(imageId);
    expect(variants).toHaveLength(PICTURE_WIDTHS.length * 2);
    for (const variant of variants) {
      const metadata = await sharp(variant.bytes).metadata();
      expect([metadata.width, metadata.height, metadata.orientation]).toEqual([
        200,
        300,
        undefined,
      ]);
    }
  });

  it('stores a transparent PNG: WebP keeps the transparency, JPEG gets a white background', async () => {
    const png = await sharp({
      create: { width: 640, height: 360, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    hostFiles.set('/logo.png', { type: 'image/png', body: png });
    const id = await eventWithPicture('/logo.png');
    await fetchPendingPictures(handle.db, dependencies);
    const variants = await variantsOf((await pictureState(id)).imageId ?? '');
    const webp = variants.find((variant) => variant.format === 'webp' && variant.width === 400);
    const jpeg = variants.find((variant) => variant.format === 'jpeg' && variant.width === 400);
    expect((await sharp(webp?.bytes).metadata()).hasAlpha).toBe(true);
    const { dominant } = await sharp(jpeg?.bytes).stats();
    expect(dominant).toEqual({ r: 248, g: 248, b: 248 });
  });

  it('refuses what is not a picture, too many pixels, too many bytes and an error answer, in words', async () => {
    hostFiles.set('/page.jpg', {
      type: 'image/jpeg',
      body: Buffer.from('<!doctype html><title>Not a picture</title>'),
    });
    hostFiles.set('/bomb.png', { type: 'image/png', body: await hugeClaimPng(30_000) });
    hostFiles.set('/huge.jpg', { type: 'image/jpeg', body: Buffer.alloc(9 * 1024 * 1024, 1) });
    const notPicture = await eventWithPicture('/page.jpg');
    const bomb = await eventWithPicture('/bomb.png');
    const huge = await eventWithPicture('/huge.jpg');
    const missing = await eventWithPicture('/gone.jpg');
    const outcomes = await fetchPendingPictures(handle.db, dependencies);
    expect(outcomes.map((outcome) => outcome.imageId)).toEqual([null, null, null, null]);
    expect((await pictureState(notPicture)).error).toBe(
      'The file is not a picture FamJam can read (JPEG, PNG, WebP, AVIF, GIF or TIFF).',
    );
    expect((await pictureState(bomb)).error).toBe(
      'The picture has more than 40 million pixels, the most FamJam takes.',
    );
    expect((await pictureState(huge)).error).toMatch(/is larger than 8 MiB/);
    expect((await pictureState(missing)).error).toBe(
      `the picture at ${new URL(hostOrigin).host} answered 404 Not Found.`,
    );
    for (const id of [notPicture, bomb, huge, missing]) {
      const state = await pictureState(id);
      expect(state.imageId).toBeNull();
      expect(state.checkedAt).toBeInstanceOf(Date);
    }
  });

  it('skips an SVG a feed names without drawing it, however it is labelled', async () => {
    // Drawing this takes librsvg a minute or more of CPU; refused by its first bytes, it costs
    // nothing. Labelled as a JPEG, as a hostile feed would.
    hostFiles.set('/drawing.jpg', { type: 'image/jpeg', body: nestedUseSvg() });
    const id = await eventWithPicture('/drawing.jpg');
    const started = performance.now();
    const outcomes = await fetchPendingPictures(handle.db, dependencies);
    expect(outcomes).toEqual([
      {
        eventId: id,
        imageId: null,
        error:
          'SVG drawings are not taken: send the picture as JPEG, PNG, WebP, AVIF, GIF or TIFF.',
      },
    ]);
    // Generous for a loaded machine; drawing it took 90 s or more there.
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('refuses a private address for a source that does not allow private networks, without asking it', async () => {
    hostFiles.set('/private.jpg', { type: 'image/jpeg', body: gpsPhoto });
    const id = await eventWithPicture('/private.jpg', publicOnlySource);
    const before = hostHits.length;
    await fetchPendingPictures(handle.db, dependencies);
    expect((await pictureState(id)).error).toMatch(
      /^Refusing to fetch from 127\.0\.0\.1: it resolves to 127\.0\.0\.1, which is not a public address\./,
    );
    expect(hostHits.slice(before)).toEqual([]);
  });

  it('refuses a redirect to another private host, even for a source allowed its own', async () => {
    // The source may reach the picture's own host on a private network; a redirect from there
    // to another private host (here ::1, another name for this machine) is refused.
    const port = new URL(hostOrigin).port;
    hostFiles.set('/moved.jpg', {
      status: 302,
      body: Buffer.alloc(0),
      headers: { location: `http://[::1]:${port}/photo.jpg` },
    });
    const id = await eventWithPicture('/moved.jpg', trustedSource);
    const before = hostHits.length;
    await fetchPendingPictures(handle.db, dependencies);
    const state = await pictureState(id);
    expect(state.imageId).toBeNull();
    expect(state.error).toMatch(
      /^Refusing to fetch from \[::1\]: it resolves to ::1, which is not a public address\. The source was allowed a private network for its own address only \(scheme, host and port\), and this is another\.$/,
    );
    // The redirect was read; the private target never asked.
    expect(hostHits.slice(before)).toEqual(['/moved.jpg']);
  });

  it("keeps a source's private-network allowance to its own scheme, host and port", async () => {
    // Another service on this machine, on another port: what a feed must not reach.
    const otherHits: string[] = [];
    const other = createServer((request, response) => {
      otherHits.push(request.url ?? '/');
      response.writeHead(200, { 'content-type': 'image/jpeg' }).end(gpsPhoto);
    });
    await new Promise<void>((done) => other.listen(0, '127.0.0.1', done));
    try {
      const otherOrigin = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
      hostFiles.set('/own.jpg', { type: 'image/jpeg', body: gpsPhoto });
      hostFiles.set('/to-other-port.jpg', {
        status: 302,
        body: Buffer.alloc(0),
        headers: { location: `${otherOrigin}/photo.jpg` },
      });
      const own = await eventWithPicture('/own.jpg', trustedSource);
      const otherPort = await eventWithPicture(`${otherOrigin}/photo.jpg`, trustedSource);
      const redirected = await eventWithPicture('/to-other-port.jpg', trustedSource);
      await fetchPendingPictures(handle.db, dependencies);
      expect((await pictureState(own)).error).toBeNull();
      expect((await pictureState(own)).imageId).not.toBeNull();
      for (const id of [otherPort, redirected]) {
        const state = await pictureState(id);
        expect(state.imageId).toBeNull();
        expect(state.error).toBe(
          'Refusing to fetch from 127.0.0.1: it resolves to 127.0.0.1, which is not a public address. The source was allowed a private network for its own address only (scheme, host and port), and this is another.',
        );
      }
      expect(otherHits).toEqual([]);
    } finally {
      await new Promise((done) => other.close(done));
    }
  });

  it('never fetches a picture from FamJam itself, whatever the source is allowed', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const famJamPort = (app.server.address() as AddressInfo).port;
    const famJam = `http://127.0.0.1:${famJamPort}`;
    // Even a source allowed a private network on FamJam's own address (by name or by number).
    const onFamJam = await addSource('on-famjam', true, famJam);
    const onLocalhost = await addSource('on-localhost', true, `http://localhost:${famJamPort}`);
    const config = await eventWithPicture(`${famJam}/api/config`, onFamJam);
    const preview = await eventWithPicture(
      `http://localhost:${famJamPort}/pictures/preview/x.jpg`,
      onLocalhost,
    );
    // Its public origin, named by a public feed: refused before any DNS.
    const publicOrigin = await eventWithPicture(
      'https://famjam.example/pictures/preview/x.jpg',
      publicOnlySource,
    );
    const asked: string[] = [];
    const workerDependencies = pictureWorkerDependencies(app, {
      resolve: async (name) => {
        asked.push(name);
        if (name === 'localhost') return [{ address: '127.0.0.1', family: 4 }];
        throw new Error(`no DNS in tests (asked for ${name})`);
      },
    });
    await fetchPendingPictures(handle.db, workerDependencies);
    expect((await pictureState(config)).error).toBe(
      `Refusing to fetch from 127.0.0.1:${famJamPort}: it is FamJam itself, which a feed or its pictures never point to.`,
    );
    expect((await pictureState(preview)).error).toBe(
      `Refusing to fetch from localhost:${famJamPort}: it is FamJam itself, which a feed or its pictures never point to.`,
    );
    expect((await pictureState(publicOrigin)).error).toBe(
      'Refusing to fetch from famjam.example: it is FamJam itself, which a feed or its pictures never point to.',
    );
    expect(asked).toEqual(['localhost']);
  });

  it('tries each picture once, however many workers ask at once', async () => {
    hostFiles.set('/once.jpg', { type: 'image/jpeg', body: gpsPhoto });
    const ids = [await eventWithPicture('/once.jpg'), await eventWithPicture('/once.jpg')];
    const before = hostHits.length;
    const [a, b] = await Promise.all([
      fetchPendingPictures(handle.db, dependencies),
      fetchPendingPictures(handle.db, dependencies),
    ]);
    const done = [...(a ?? []), ...(b ?? [])].map((outcome) => outcome.eventId).sort();
    expect(done).toEqual([...ids].sort());
    expect(hostHits.slice(before)).toEqual(['/once.jpg', '/once.jpg']);
    expect(await fetchPendingPictures(handle.db, dependencies)).toEqual([]);
  });
});

describe('the picture worker in a running server', () => {
  it('starts when the server is ready and stops when it closes', async () => {
    hostFiles.set('/on-ready.jpg', { type: 'image/jpeg', body: gpsPhoto });
    const id = await eventWithPicture('/on-ready.jpg');
    // A second server on the same database, polling as `npm start` does.
    const running = await buildApp({
      config: testConfig({ sources: { pollSeconds: 3600, ticketmasterApiKey: null } }),
      db: handle.db,
    });
    try {
      await running.ready();
      await expect
        .poll(async () => (await pictureState(id)).imageId, { timeout: 15_000 })
        .not.toBeNull();
    } finally {
      await running.close();
    }
  });
});

function byKey(a: { width: number; format: string }, b: { width: number; format: string }) {
  return a.width - b.width || a.format.localeCompare(b.format);
}

describe('GET /pictures/{id}/{width}.{format}', () => {
  let imageId = '';
  beforeAll(async () => {
    imageId = (await storePicture(handle.db, gpsPhoto, { origin: 'test', alt: 'A red circle' })).id;
  });

  it('serves each variant with its type, a year of immutable caching and an ETag', async () => {
    for (const width of PICTURE_WIDTHS) {
      for (const [format, type] of [
        ['webp', 'image/webp'],
        ['jpeg', 'image/jpeg'],
      ] as const) {
        const response = await app.inject({
          method: 'GET',
          url: pictureUrl(imageId, width, format),
        });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe(type);
        expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(response.headers.etag).toBe(`"${imageId}-${width}-${format}"`);
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        const metadata = await sharp(response.rawPayload).metadata();
        expect([metadata.format, metadata.width]).toEqual([format, width]);
      }
    }
    const again = await app.inject({
      method: 'GET',
      url: pictureUrl(imageId, 400, 'webp'),
      headers: { 'if-none-match': `"${imageId}-400-webp"` },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('answers 404 JSON for a picture it does not have, 400 JSON for a malformed path', async () => {
    const unknown = await app.inject({
      method: 'GET',
      url: pictureUrl('0'.repeat(64), 400, 'webp'),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      error: 'not_found',
      message: 'There is no picture with that id.',
    });
    for (const url of [
      `/pictures/not-a-hash/400.webp`,
      `/pictures/${imageId}/500.webp`,
      `/pictures/${imageId}/400.gif`,
      `/pictures/${imageId}/400.webp.exe`,
      `/pictures/${imageId.toUpperCase()}/400.jpeg`,
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toMatchObject({ error: 'bad_request' });
    }
  });

  it('leaves the category drawings under /images alone', async () => {
    const response = await app.inject({ method: 'GET', url: '/images/categories/music.svg' });
    // No client is built in tests: a file path is a plain 404 from the static files' side,
    // never a picture route's 400.
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      error: 'not_found',
      message: 'No file /images/categories/music.svg',
    });
  });
});

describe('the pictures rate limit', () => {
  it('limits pictures like API reads, counted apart from the API', async () => {
    const limited = await buildTestApp({
      rateLimitPerMinute: 5,
      sources: { pollSeconds: 0, ticketmasterApiKey: null },
    });
    try {
      const statuses: number[] = [];
      for (let request = 0; request < 6; request += 1) {
        const response = await limited.inject({
          method: 'GET',
          url: pictureUrl('0'.repeat(64), 400, 'webp'),
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([404, 404, 404, 404, 404, 429]);
      // The API's own budget is untouched.
      expect((await limited.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('GET /pictures/preview/{eventId}.jpg', () => {
  it('is a 1200 x 630 JPEG of the event picture, cover-cropped', async () => {
    hostFiles.set('/preview-photo.jpg', { type: 'image/jpeg', body: gpsPhoto });
    const id = await eventWithPicture('/preview-photo.jpg');
    await fetchPendingPictures(handle.db, dependencies);
    const response = await app.inject({ method: 'GET', url: previewImagePath(id) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const metadata = await sharp(response.rawPayload).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['jpeg', 1200, 630]);
    // The photo's red circle sits in the middle of the preview.
    const { data } = await sharp(response.rawPayload)
      .extract({ left: 590, top: 305, width: 20, height: 20 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(150);
  });

  it('draws a card for an event without a picture, and answers 304 to its ETag', async () => {
    const id = await eventWithPicture(null);
    const response = await app.inject({ method: 'GET', url: previewImagePath(id) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    const metadata = await sharp(response.rawPayload).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['jpeg', 1200, 630]);
    const etag = String(response.headers.etag);
    const again = await app.inject({
      method: 'GET',
      url: previewImagePath(id),
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    // A new title is a new drawing.
    await handle.db.update(events).set({ title: 'Renamed' }).where(eq(events.id, id));
    const renamed = await app.inject({ method: 'GET', url: previewImagePath(id) });
    expect(renamed.headers.etag).not.toBe(etag);
  });

  it('answers 404 JSON for an unknown event', async () => {
    const response = await app.inject({ method: 'GET', url: previewImagePath('test:nope') });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: 'not_found',
      message: 'There is no event with that id.',
    });
  });

  // Issue 31: a NUL reached the database, which cannot hold it in text, and answered 500.
  it.each(['%00', 'test%00jazz', '%00%00'])(
    'answers 404 JSON for an id with a NUL (/pictures/preview/%s.jpg)',
    async (id) => {
      const response = await app.inject({ method: 'GET', url: `/pictures/preview/${id}.jpg` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: 'not_found',
        message: 'There is no event with that id.',
      });
    },
  );
});

describe('deleteUnusedPictures', () => {
  it('deletes a day-old picture nothing uses, with its sizes, and keeps used and recent ones', async () => {
    const solid = (red: number) =>
      sharp({
        create: { width: 64, height: 48, channels: 3, background: { r: red, g: 90, b: 40 } },
      })
        .jpeg()
        .toBuffer();
    const used = await storePicture(handle.db, await solid(10), { origin: 't:used', alt: '' });
    const unused = await storePicture(handle.db, await solid(120), { origin: 't:unused', alt: '' });
    const recent = await storePicture(handle.db, await solid(240), { origin: 't:recent', alt: '' });
    const event = await eventWithPicture(null);
    await handle.db.update(events).set({ imageId: used.id }).where(eq(events.id, event));
    const dayOld = sql`now() - interval '25 hours'`;
    await handle.db
      .update(images)
      .set({ createdAt: dayOld })
      .where(inArray(images.id, [used.id, unused.id]));

    expect(await deleteUnusedPictures(handle.db)).toBeGreaterThanOrEqual(1);
    const left = new Set((await handle.db.select({ id: images.id }).from(images)).map((r) => r.id));
    expect(left.has(used.id)).toBe(true);
    expect(left.has(recent.id)).toBe(true);
    expect(left.has(unused.id)).toBe(false);
    expect(await variantsOf(unused.id)).toEqual([]);
    expect((await variantsOf(used.id)).length).toBeGreaterThan(0);
  });
});

describe('storePicture', () => {
  it('refuses an empty file and an over-large one before decoding', async () => {
    await expect(
      storePicture(handle.db, Buffer.alloc(0), { origin: 't', alt: '' }),
    ).rejects.toThrow(new PictureRejectedError('The file is empty.'));
    await expect(
      storePicture(handle.db, Buffer.alloc(8 * 1024 * 1024 + 1), { origin: 't', alt: '' }),
    ).rejects.toThrow('The picture is larger than 8 MiB.');
  });
});
