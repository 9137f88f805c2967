/*
 * What a service refuses or fails at, in its own terms: services know nothing of HTTP. The error
 * plugin (server/plugins/errors.ts, serviceErrorAnswers) is the one place each kind becomes a
 * status and a machine code; a service names its own code only where the API documents a more
 * precise one ('unknown_location').
 *
 * Services also throw errors of their own that one route turns into an answer (a poll that does
 * not exist, an email already taken); these are for what any route may pass through unchanged.
 */

export type ServiceErrorKind =
  /** The caller's input cannot be used (HTTP 400). */
  | 'invalid'
  /** The caller may not do this (403). */
  | 'forbidden'
  /** A service FamJam depends on failed or answered nonsense (502). */
  | 'upstream';

export class ServiceError extends Error {
  constructor(
    readonly kind: ServiceErrorKind,
    message: string,
    /** The API's machine code when more precise than the kind's own. */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}

/** The caller's input cannot be used; `message` names it. */
export class InvalidInputError extends ServiceError {
  constructor(message: string, code?: string) {
    super('invalid', message, code);
    this.name = 'InvalidInputError';
  }
}

/** The caller may not do this. */
export class ForbiddenError extends ServiceError {
  constructor(message: string) {
    super('forbidden', message);
    this.name = 'ForbiddenError';
  }
}
