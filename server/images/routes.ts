import { Type } from '@sinclair/typebox';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  PICTURE_WIDTHS,
  type PictureFormat,
  type PictureWidth,
  pictureContentTypes,
  pictureFormats,
} from '../../contract/pictures.ts';
import { imageVariants } from '../db/schema/images.ts';
import { HttpError } from '../plugins/errors.ts';
import { findEvent } from '../services/events.ts';
import type { FamJamApp } from '../types.ts';
import { previewEtag, renderPreview } from './preview.ts';
import { pictureWorkerPlugin } from './worker.ts';

/*
 * Pictures served from FamJam's own origin (docs/pictures.md): under /pictures, not /images,
 * where the category drawings are static files. A stored picture's URL names its content (the
 * id is a hash of it), so it is cached for a year and never revalidated; a link preview changes
 * when its event does, so it is revalidated by ETag.
 */

const immutableCache = 'public, max-age=31536000, immutable';
/** Crawlers fetch a preview once per share; an hour's reuse, then a cheap 304. */
const previewCache = 'public, max-age=3600';

const PictureParams = Type.Object({
  id: Type.String({ pattern: '^[0-9a-f]{64}$', description: 'The picture id (a sha256, hex)' }),
  file: Type.String({
    pattern: `^(${PICTURE_WIDTHS.join('|')})\\.(${pictureFormats.join('|')})$`,
    description: `{width}.{format}: a width of ${PICTURE_WIDTHS.join(', ')} and ${pictureFormats.join(' or ')}`,
  }),
});

const PreviewParams = Type.Object({
  file: Type.String({
    maxLength: 304,
    pattern: '^.+\\.jpg$',
    description: '{eventId}.jpg',
  }),
});

/**
 * Pictures are not API calls, so the global rate limit's allowList (API only) would let them
 * through: they get a budget of their own, as large as the read budget and counted apart, so a
 * page of cards never uses up the API's budget and a flood of picture requests still stops.
 */
function pictureRateLimit(app: FamJamApp) {
  return {
    max: app.config.rateLimitPerMinute,
    timeWindow: '1 minute',
    allowList: () => false,
    keyGenerator: (request: FastifyRequest) => `pictures:${request.ip}`,
  };
}

function matchesEtag(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header === '*' || header.split(',').some((tag) => tag.trim() === etag);
}

function notModified(reply: FastifyReply, etag: string, cacheControl: string) {
  return reply.code(304).header('etag', etag).header('cache-control', cacheControl).send();
}

/** Previews drawn lately, by ETag: a link shared in a busy chat is drawn once, not per crawler. */
class PreviewCache {
  private readonly entries = new Map<string, Buffer>();
  constructor(private readonly capacity: number) {}
  get(key: string): Buffer | undefined {
    const found = this.entries.get(key);
    if (found) {
      // Most recently used goes last; the first is the one to drop.
      this.entries.delete(key);
      this.entries.set(key, found);
    }
    return found;
  }
  set(key: string, value: Buffer): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}

async function pictureRoutes(app: FamJamApp): Promise<void> {
  const rateLimit = pictureRateLimit(app);
  // About 100 KB each: 64 previews are a few MB.
  const previews = new PreviewCache(64);

  app.get(
    '/pictures/preview/:file',
    {
      config: { rateLimit },
      schema: { hide: true, params: PreviewParams },
    },
    async (request, reply) => {
      const id = request.params.file.slice(0, -'.jpg'.length);
      // PostgreSQL text cannot hold a NUL: such an id names no event (asking would be an error).
      const possible = id.length > 0 && id.length <= 300 && !id.includes('\0');
      const event = possible ? await findEvent(app.db, id) : null;
      if (!event) throw new HttpError(404, 'not_found', 'There is no event with that id.');
      const etag = previewEtag(event);
      if (matchesEtag(request, etag)) return notModified(reply, etag, previewCache);
      let bytes = previews.get(etag);
      if (!bytes) {
        bytes = await renderPreview(app.db, event);
        previews.set(etag, bytes);
      }
      return (
        reply
          .header('content-type', 'image/jpeg')
          .header('cache-control', previewCache)
          .header('etag', etag)
          .header('x-content-type-options', 'nosniff')
          // Made to be shown elsewhere: a chat app's web client may draw it straight from here,
          // which the app-wide same-origin resource policy would block.
          .header('cross-origin-resource-policy', 'cross-origin')
          .send(bytes)
      );
    },
  );

  app.get(
    '/pictures/:id/:file',
    {
      config: { rateLimit },
      schema: { hide: true, params: PictureParams },
    },
    async (request, reply) => {
      const { id, file } = request.params;
      const [widthText = '', formatText = ''] = file.split('.');
      const width = Number(widthText) as PictureWidth;
      const format = formatText as PictureFormat;
      // The id and the file name are the content: nothing else can be served under them.
      const etag = `"${id}-${width}-${format}"`;
      if (matchesEtag(request, etag)) return notModified(reply, etag, immutableCache);
      const [variant] = await app.db
        .select({ bytes: imageVariants.bytes })
        .from(imageVariants)
        .where(
          and(
            eq(imageVariants.imageId, id),
            eq(imageVariants.width, width),
            eq(imageVariants.format, format),
          ),
        )
        .limit(1);
      if (!variant) throw new HttpError(404, 'not_found', 'There is no picture with that id.');
      return reply
        .header('content-type', pictureContentTypes[format])
        .header('cache-control', immutableCache)
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff')
        .send(variant.bytes);
    },
  );
}

/**
 * Everything about fetched pictures, registered by app.ts in one line: the routes that serve
 * them and the worker that fetches them.
 */
export const picturesPlugin = fp(
  async (app: FamJamApp) => {
    await app.register(pictureRoutes);
    await app.register(pictureWorkerPlugin);
  },
  { name: 'famjam-pictures', dependencies: ['famjam-errors', '@fastify/rate-limit'] },
);
