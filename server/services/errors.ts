/*
 * What a service refuses or fails at, in its own terms: services know nothing of HTTP. The error
 * plugin (server/plugins/errors.ts, serviceErrorAnswers) is the one place each kind becomes a
 * status and a machine code; a service names its own code only where the API documents a more
 * precise one ('unknown_location', 'already_reviewed').
 *
 * An error about one input names it in `field` (the request's property, e.g. 'place'), so the
 * answer carries it as data and a form marks that field without parsing the sentence. The
 * sentence itself does not name the input: the plugin finds which part of the request holds
 * that property (body first, then querystring, then params) and writes the answer's message as
 * the schema errors read, `body/date: That day has passed.`; a field no part holds gets no
 * prefix. So a service never names an HTTP part, and an API caller still reads where it erred.
 * A sentence that already names its input (`plainMessage`: 'cursor is not valid here…', the
 * sources CLI's checks) keeps its own words and gets no prefix.
 *
 * A sentence people see is written as a `Sentence`, `(i18n) => i18n.t('server.error.poll.closed')`
 * (catalogue 'server', docs/i18n.md): `message` holds it in English (logs, tests, API callers
 * that ask for no language) and the error plugin writes it again in the request's language
 * (Accept-Language). A plain string stays as written in every language: sentences only a
 * developer meets (a cursor, a push key).
 */

import { messagesIn, type ServerMessages } from '../i18n.ts';

/**
 * A sentence in any language FamJam speaks. The parameter must be named `i18n` and the id a
 * string literal, so Lingui's extractor finds it.
 */
export type Sentence = (i18n: ServerMessages) => string;

const english = messagesIn('en');

/**
 * Keeps `sentence` on the error, not enumerable: an error still equals one made with its English
 * sentence as a string (a test's `toThrow(new …Error('…'))`), and logs show the message only.
 */
export function keepSentence(error: Error, sentence: Sentence | undefined): void {
  Object.defineProperty(error, 'sentence', { value: sentence, enumerable: false });
}

/** A message given as a Sentence, in English, and the Sentence; a plain string as it is. */
export function sentenceParts(message: string | Sentence): {
  english: string;
  sentence: Sentence | undefined;
} {
  return typeof message === 'string'
    ? { english: message, sentence: undefined }
    : { english: message(english), sentence: message };
}

export type ServiceErrorKind =
  /** The caller's input cannot be used (HTTP 400). */
  | 'invalid'
  /** The caller may not do this (403). */
  | 'forbidden'
  /** What the caller named does not exist, or is not theirs to see (404). */
  | 'not_found'
  /** The request clashes with the current state: already done, already taken (409). */
  | 'conflict'
  /** A file in a format FamJam does not take, seen from its first bytes (415). */
  | 'unsupported_format'
  /** Well-formed, but its content cannot be used: a picture that does not decode (422). */
  | 'unprocessable'
  /** A service FamJam depends on failed or answered nonsense (502). */
  | 'upstream';

export interface ServiceErrorDetails {
  /** The API's machine code when more precise than the kind's own. */
  code?: string;
  /** The request property the error is about, as the caller sent it ('place', 'maxAge'). */
  field?: string;
  /**
   * The sentence stands as written, without the `body/field:` prefix: it names its input itself
   * (a cursor or date the listings refuse, the sources CLI's checks shared word for word).
   */
  plainMessage?: boolean;
}

export class ServiceError extends Error {
  readonly code: string | undefined;
  readonly field: string | undefined;
  readonly plainMessage: boolean;
  /** The sentence in any language, when it is one people see; `message` is its English. */
  declare readonly sentence: Sentence | undefined;

  constructor(
    readonly kind: ServiceErrorKind,
    message: string | Sentence,
    details: ServiceErrorDetails = {},
  ) {
    const parts = sentenceParts(message);
    super(parts.english);
    keepSentence(this, parts.sentence);
    this.name = 'ServiceError';
    this.code = details.code;
    this.field = details.field;
    this.plainMessage = details.plainMessage === true;
  }
}

/** The caller's input cannot be used; `message` says why, `field` names the input. */
export class InvalidInputError extends ServiceError {
  constructor(message: string | Sentence, details: ServiceErrorDetails = {}) {
    super('invalid', message, details);
    this.name = 'InvalidInputError';
  }
}

/** The caller may not do this. */
export class ForbiddenError extends ServiceError {
  constructor(message: string | Sentence, details: ServiceErrorDetails = {}) {
    super('forbidden', message, details);
    this.name = 'ForbiddenError';
  }
}

/** What the caller named does not exist (or is another family's, which they may not learn). */
export class NotFoundError extends ServiceError {
  constructor(message: string | Sentence, details: ServiceErrorDetails = {}) {
    super('not_found', message, details);
    this.name = 'NotFoundError';
  }
}

/** The request clashes with the current state (already reviewed, already taken). */
export class ConflictError extends ServiceError {
  constructor(message: string | Sentence, details: ServiceErrorDetails = {}) {
    super('conflict', message, details);
    this.name = 'ConflictError';
  }
}
