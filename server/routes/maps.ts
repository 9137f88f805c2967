import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { mapTile, staticMap } from '../services/maps/mapImages.ts';
import type { FamJamApp } from '../types.ts';

/*
 * FamJam's own map pictures (docs/maps.md): the raster tiles the interactive map shows when no
 * tile provider is configured, and the static venue map on an event's details, which is always
 * FamJam's. Outside /api and left out of the OpenAPI document: pictures, not API calls. Public
 * (server/routes/index.ts): <img> sends no token, and a tile holds nothing personal.
 */

/**
 * A week. The address names the place, not the drawing: a release that changes the colours or
 * the data draws different pictures under the same addresses, so they are not `immutable` for
 * a year like a stored picture. A week keeps a family's panning off the server (and the service
 * worker keeps them 30 days for offline use), and a new look reaches everyone within a week.
 */
const mapImageCache = 'public, max-age=604800';

/**
 * How many map pictures one address may fetch a minute: four times the read budget (1,200 at
 * the default 300), counted apart from the API and from /pictures. A map view is 20 to 40
 * tiles, and each pan or zoom 10 to 40 more, so a family panning for a minute on a phone and a
 * laptop behind one home address can use several hundred; the browser's cache and the service
 * worker answer every tile seen before, so those never count again. A cold tile costs 5-20 ms
 * of drawing (docs/benchmarks.md): the budget still stops one address from keeping a core busy.
 */
const mapBudgetPerReadBudget = 4;

function mapRateLimit(app: FamJamApp) {
  return {
    max: app.config.rateLimitPerMinute * mapBudgetPerReadBudget,
    timeWindow: '1 minute',
    allowList: () => false,
    keyGenerator: (request: FastifyRequest) => `maps:${request.ip}`,
  };
}

/** Each part as text: the service reads and checks it, and its refusal names the part. */
const part = (description: string) => Type.String({ maxLength: 20, description });

const TileParams = Type.Object({
  theme: part('light or dark'),
  z: part('zoom, 0 to 16'),
  x: part('column, 0 to 2^z - 1'),
  y: part('row, 0 to 2^z - 1'),
});

const StaticMapParams = Type.Object({
  theme: part('light or dark'),
  width: part('360, 720 or 1080'),
  lat: part('latitude, at most 5 decimals'),
  lon: part('longitude, at most 5 decimals'),
});

function sendPicture(reply: FastifyReply, type: string, bytes: Buffer) {
  return reply
    .header('content-type', type)
    .header('cache-control', mapImageCache)
    .header('x-content-type-options', 'nosniff')
    .send(bytes);
}

/**
 * `GET /tiles/{theme}/{z}/{x}/{y}.png` and `GET /maps/static/{theme}/{width}/{lat}/{lon}.webp`.
 * Any other address under /tiles/ or /maps/ is a 400 that says what the addresses look like:
 * never the app's index.html, which an <img> cannot show and a cache must not keep as a tile.
 */
export async function mapRoutes(app: FamJamApp): Promise<void> {
  const rateLimit = mapRateLimit(app);

  app.get(
    '/tiles/:theme/:z/:x/:y.png',
    { config: { rateLimit }, schema: { hide: true, params: TileParams } },
    async (request, reply) => {
      const { theme, z, x, y } = request.params;
      return sendPicture(reply, 'image/png', await mapTile(theme, z, x, y));
    },
  );

  app.get(
    '/maps/static/:theme/:width/:lat/:lon.webp',
    { config: { rateLimit }, schema: { hide: true, params: StaticMapParams } },
    async (request, reply) => {
      const { theme, width, lat, lon } = request.params;
      return sendPicture(reply, 'image/webp', await staticMap(theme, width, lat, lon));
    },
  );

  const notAnAddress = (shape: string) => async (_request: FastifyRequest, reply: FastifyReply) =>
    reply.code(400).send({ error: 'bad_request', message: `That is not a map address: ${shape}` });
  app.get(
    '/tiles/*',
    { config: { rateLimit }, schema: { hide: true } },
    notAnAddress('a tile is /tiles/{light|dark}/{z}/{x}/{y}.png.'),
  );
  app.get(
    '/maps/*',
    { config: { rateLimit }, schema: { hide: true } },
    notAnAddress('a static map is /maps/static/{light|dark}/{360|720|1080}/{lat}/{lon}.webp.'),
  );
}
