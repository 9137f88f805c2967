import { Type } from '@sinclair/typebox';
import { ApiError } from '../../contract/errors.ts';
import { PROFILE_PHOTO_MAX_BYTES, UserRecord } from '../../contract/user.ts';
import { HttpError } from '../plugins/errors.ts';
import {
  acceptImageFileBodies,
  megabytes,
  refuseMalformedContentType,
} from '../plugins/imageFileBodies.ts';
import {
  PROFILE_PHOTO_MAX_PIXELS,
  PROFILE_PHOTO_STORED_EDGE,
  reencodePhoto,
} from '../services/photoReencode.ts';
import { photoTypeOf } from '../services/photoType.ts';
import { readOwnPhoto, removeOwnPhoto, setOwnPhoto } from '../services/users.ts';
import type { FamJamApp } from '../types.ts';

const maxMegabytes = megabytes(PROFILE_PHOTO_MAX_BYTES);

const typeNames = { 'image/jpeg': 'JPEG', 'image/png': 'PNG', 'image/webp': 'WebP' } as const;

/** Raw bytes in the OpenAPI document; sent as the Buffer itself (Fastify skips serialising). */
const imageBytes = Type.Unsafe<Buffer>({ type: 'string', format: 'binary' });

/**
 * The caller's profile photo: `POST`, `GET` and `DELETE /api/me/photo`. Its own resource (a
 * Fastify plugin, so encapsulated) because it reads raw bodies: the parser and error handler
 * below apply to these routes only, while every other route keeps refusing non-JSON bodies.
 */
export async function photoRoutes(app: FamJamApp): Promise<void> {
  // The bytes decide the type (photoTypeOf), not Content-Type.
  acceptImageFileBodies(app, 'photo', PROFILE_PHOTO_MAX_BYTES);

  app.post(
    '/me/photo',
    {
      bodyLimit: PROFILE_PHOTO_MAX_BYTES,
      preParsing: refuseMalformedContentType('photo'),
      schema: {
        operationId: 'uploadProfilePhoto',
        summary: "Replace the caller's profile photo",
        description: `The body is the image file itself (JPEG, PNG or WebP, at most ${maxMegabytes} MB). Its type is read from its bytes, not from Content-Type: anything else is 415, a larger body 413, an empty one 400. The image is decoded and stored re-encoded as WebP (at most ${PROFILE_PHOTO_STORED_EDGE} px on its longer side, no metadata): a file that does not decode is 415, one over ${PROFILE_PHOTO_MAX_PIXELS / 1_000_000} million pixels 413. 409 before onboarding created the profile.`,
        tags: ['me'],
        consumes: ['image/jpeg', 'image/png', 'image/webp', 'application/octet-stream'],
        response: { 200: UserRecord, '4xx': ApiError },
      },
    },
    async (request) => {
      const body: unknown = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) {
        throw new HttpError(400, 'bad_request', (i18n) => i18n.t('server.error.photo.noBody'));
      }
      const type = photoTypeOf(body);
      if (type === null) {
        throw new HttpError(415, 'unsupported_media_type', (i18n) =>
          i18n.t('server.error.photo.notAnImage'),
        );
      }
      // Stored is an image drawn here from the decoded pixels, never the bytes as sent.
      const photo = await reencodePhoto(body);
      if (!photo.ok && photo.reason === 'too_many_pixels') {
        throw new HttpError(413, 'payload_too_large', (i18n) =>
          i18n.t('server.error.photo.tooManyPixels', {
            millions: PROFILE_PHOTO_MAX_PIXELS / 1_000_000,
          }),
        );
      }
      if (!photo.ok) {
        throw new HttpError(415, 'unsupported_media_type', (i18n) =>
          i18n.t('server.error.photo.unreadable', { format: typeNames[type] }),
        );
      }
      return setOwnPhoto(app.db, request.user.uid, photo.bytes, photo.type);
    },
  );

  app.get(
    '/me/photo',
    {
      schema: {
        operationId: 'getProfilePhoto',
        summary: "The caller's profile photo, as stored (re-encoded at upload)",
        description:
          'Served with the type read from its bytes at upload. Private and revalidated on every use: UserRecord.photoUpdatedAt tells a client when its copy is out of date. 404 without a photo.',
        tags: ['me'],
        response: {
          200: {
            description: 'The image',
            content: {
              'image/jpeg': { schema: imageBytes },
              'image/png': { schema: imageBytes },
              'image/webp': { schema: imageBytes },
            },
          },
          '4xx': ApiError,
        },
      },
    },
    async (request, reply) => {
      const photo = await readOwnPhoto(app.db, request.user.uid);
      return (
        reply
          .header('content-type', photo.type)
          // Someone's face, behind their token: no shared cache may keep it, and the browser
          // asks again each time (the client keys its copy by photoUpdatedAt anyway).
          .header('cache-control', 'private, max-age=0, must-revalidate')
          // Served as the type its bytes proved at upload, never as anything a browser guesses.
          .header('x-content-type-options', 'nosniff')
          .send(photo.bytes)
      );
    },
  );

  app.delete(
    '/me/photo',
    {
      schema: {
        operationId: 'deleteProfilePhoto',
        summary: "Remove the caller's profile photo",
        description:
          'The profile shows the icon again. 204 also when there was no photo; 409 before onboarding created the profile.',
        tags: ['me'],
        response: { 204: Type.Null({ description: 'Removed' }), '4xx': ApiError },
      },
    },
    async (request, reply) => {
      await removeOwnPhoto(app.db, request.user.uid);
      return reply.code(204).send(null);
    },
  );
}
