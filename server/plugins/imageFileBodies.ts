import type { FastifyError, FastifyRequest } from 'fastify';
import type { FamJamApp } from '../types.ts';
import { HttpError } from './errors.ts';

/** RFC 9110 token; \x60 is the backtick. */
const token = String.raw`[!#$%&'*+.^_\x60|~0-9A-Za-z-]+`;
const quotedString = String.raw`"(?:[\t !\x23-\x5b\x5d-\x7e\x80-\xff]|\\[\t \x21-\x7e\x80-\xff])*"`;
/**
 * RFC 9110 media-type: type "/" subtype *( OWS ";" OWS [ token "=" ( token / quoted-string ) ] ).
 * Fastify's own parser skips parameters it cannot read, so 'image/jpeg;;;=' passed. Written so
 * each space has one place to go: no backtracking blow-up on a long header.
 */
const mediaTypePattern = new RegExp(
  String.raw`^${token}/${token}(?:[\t ]*;(?:[\t ]*${token}=(?:${token}|${quotedString}))?)*[\t ]*$`,
);

/**
 * Makes the routes of this (encapsulated) plugin take the image file itself as the body, as the
 * profile photo and a suggestion's picture do, while every other route keeps refusing non-JSON
 * bodies. Every body arrives as bytes, whatever Content-Type claims: the decoder decides what
 * it is, so a wrong or missing header gets a readable answer instead of Fastify's generic one.
 * Each route's bodyLimit caps what is read.
 *
 * `noun` names the file in the messages ('photo', 'picture').
 */
export function acceptImageFileBodies(app: FamJamApp, noun: string, maxBytes: number): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });
  // Fastify refuses a too-large body, and a Content-Type header it cannot parse (which never
  // reaches the parser above), in words of its own; say what to do instead. Rethrowing hands
  // every error to the app's handler (the JSON shape).
  app.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      throw new HttpError(413, 'payload_too_large', (i18n) =>
        noun === 'photo'
          ? i18n.t('server.error.photo.tooLarge', { megabytes: megabytes(maxBytes) })
          : i18n.t('server.error.picture.tooLarge', { megabytes: megabytes(maxBytes) }),
      );
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') throw malformedContentType(noun);
    throw error;
  });
}

/**
 * A route's preParsing hook that refuses a malformed Content-Type header (415) before the body
 * is read, so a bad header costs nothing and every image route answers it the same way. A
 * missing header is fine: the bytes decide the type.
 */
export function refuseMalformedContentType(noun: string) {
  return async (request: FastifyRequest): Promise<void> => {
    const contentType = request.headers['content-type'];
    if (contentType !== undefined && !mediaTypePattern.test(contentType)) {
      throw malformedContentType(noun);
    }
  };
}

export function megabytes(bytes: number): number {
  return bytes / (1024 * 1024);
}

/** 415 for a Content-Type header that is not a media type at all. */
function malformedContentType(noun: string): HttpError {
  return new HttpError(
    415,
    'unsupported_media_type',
    `The Content-Type header is not a valid media type. Send the ${noun} as image/jpeg, image/png, image/webp or application/octet-stream.`,
  );
}
