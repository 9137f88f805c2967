import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  PICTURE_WIDTHS,
  type PictureFormat,
  type PictureWidth,
  pictureContentTypes,
  pictureFormats,
} from '../../contract/pictures.ts';
import { servedPicture } from '../services/pictures/pictures.ts';
import { cachedPreviews, previewEtag, previewedEvent } from '../services/pictures/preview.ts';
import type { FamJamApp } from '../types.ts';

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

/**
 * `GET /pictures/{id}/{width}.{format}` and `GET /pictures/preview/{eventId}.jpg`, outside /api
 * and left out of the OpenAPI document: pictures, not API calls. Public (server/routes/index.ts):
 * <img> and link-preview crawlers send no token.
 */
export async function pictureRoutes(app: FamJamApp): Promise<void> {
  const rateLimit = pictureRateLimit(app);
  // About 100 KB each: 64 previews are a few MB.
  const preview = cachedPreviews(app.db, 64);

  app.get(
    '/pictures/preview/:file',
    {
      config: { rateLimit },
      schema: { hide: true, params: PreviewParams },
    },
    async (request, reply) => {
      const event = await previewedEvent(app.db, request.params.file.slice(0, -'.jpg'.length));
      const etag = previewEtag(event);
      if (matchesEtag(request, etag)) return notModified(reply, etag, previewCache);
      const bytes = await preview(event, etag);
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
      const bytes = await servedPicture(app.db, id, width, format);
      return reply
        .header('content-type', pictureContentTypes[format])
        .header('cache-control', immutableCache)
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff')
        .send(bytes);
    },
  );
}
