import Ajv, { type Options as AjvOptions, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type {
  FastifyError,
  FastifyReply,
  FastifyRequest,
  FastifySchemaCompiler,
  FastifySchemaValidationError,
} from 'fastify';
import fp from 'fastify-plugin';
import type { ApiError } from '../../contract/errors.ts';
import { SOURCE_LOCALE } from '../../contract/locales.ts';
import { messagesIn, requestLocale, type ServerMessages } from '../i18n.ts';
import {
  keepSentence,
  type Sentence,
  ServiceError,
  type ServiceErrorKind,
  sentenceParts,
} from '../services/errors.ts';
import type { FamJamApp } from '../types.ts';

/**
 * An error a route or plugin means to answer with: `throw new HttpError(403, 'forbidden', '...')`.
 * The error handler turns it into `{ error, message }` with that status. Services throw their
 * own errors instead (server/services/errors.ts), answered by serviceErrorAnswers. A sentence
 * people see is a Sentence, `(i18n) => i18n.t('server.error.…')`, answered in the request's
 * language as a service's is.
 */
export class HttpError extends Error {
  /** The sentence in any language, when it is one people see; `message` is its English. */
  declare readonly sentence: Sentence | undefined;

  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string | Sentence,
  ) {
    const parts = sentenceParts(message);
    super(parts.english);
    keepSentence(this, parts.sentence);
    this.name = 'HttpError';
  }
}

/** The error's sentence in the request's language; a plain message as written. */
function messageIn(error: HttpError | ServiceError, i18n: ServerMessages): string {
  return error.sentence ? error.sentence(i18n) : error.message;
}

/** The request's language (Accept-Language; the app sends the one it speaks). */
function messagesFor(request: FastifyRequest): ServerMessages {
  return messagesIn(requestLocale(request.headers['accept-language']));
}

/** The one place a service's error (server/services/errors.ts) becomes an HTTP answer. */
const serviceErrorAnswers: Record<ServiceErrorKind, { status: number; code: string }> = {
  invalid: { status: 400, code: 'bad_request' },
  forbidden: { status: 403, code: 'forbidden' },
  not_found: { status: 404, code: 'not_found' },
  conflict: { status: 409, code: 'conflict' },
  unsupported_format: { status: 415, code: 'unsupported_media_type' },
  unprocessable: { status: 422, code: 'unprocessable' },
  upstream: { status: 502, code: 'bad_gateway' },
};

function internalError(i18n: ServerMessages): ApiError {
  return { error: 'internal', message: i18n.t('server.error.internal') };
}

const codeByStatus: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

/**
 * Validation messages name the parameter, e.g. `body/email must match format "email"`,
 * `body/name is required`, `body/nickname is not an accepted field`.
 */
function formatValidationErrors(
  errors: FastifySchemaValidationError[],
  /** 'body', 'params', 'querystring' or 'headers'. */
  dataVar: string,
): Error {
  const messages = errors.map((error) => {
    const path = `${dataVar}${error.instancePath}`;
    if (error.keyword === 'required' && typeof error.params.missingProperty === 'string') {
      return `${path}/${error.params.missingProperty} is required`;
    }
    if (
      error.keyword === 'additionalProperties' &&
      typeof error.params.additionalProperty === 'string'
    ) {
      return `${path}/${error.params.additionalProperty} is not an accepted field`;
    }
    return `${path} ${error.message ?? 'is invalid'}`;
  });
  return new Error(messages.join(', '));
}

/**
 * A schema refusal's rule in `i18n`'s language ('must be string' → 'debe ser de tipo string'),
 * for the keywords a person can meet; another keyword keeps Ajv's English, the path is the
 * request's own spelling in any language.
 */
function ruleIn(error: FastifySchemaValidationError, i18n: ServerMessages): string {
  const { params } = error;
  const limit = typeof params.limit === 'number' ? params.limit : undefined;
  switch (error.keyword) {
    case 'type':
      return i18n.t('server.error.validation.type', { type: String(params.type) });
    case 'format':
      return i18n.t('server.error.validation.format', { format: String(params.format) });
    case 'minLength':
      return limit === undefined
        ? (error.message ?? '')
        : i18n.t('server.error.validation.minLength', { limit });
    case 'maxLength':
      return limit === undefined
        ? (error.message ?? '')
        : i18n.t('server.error.validation.maxLength', { limit });
    case 'minItems':
      return limit === undefined
        ? (error.message ?? '')
        : i18n.t('server.error.validation.minItems', { limit });
    case 'maxItems':
      return limit === undefined
        ? (error.message ?? '')
        : i18n.t('server.error.validation.maxItems', { limit });
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return i18n.t('server.error.validation.compare', {
        comparison: String(params.comparison),
        limit: String(params.limit),
      });
    case 'enum':
    case 'const':
    case 'anyOf':
      return i18n.t('server.error.validation.allowed');
    case 'pattern':
      return i18n.t('server.error.validation.pattern', { pattern: String(params.pattern) });
    case 'finite':
      return i18n.t('server.error.validation.finite');
    case 'nul':
      return i18n.t('server.error.validation.nul');
    case 'unicode':
      return i18n.t('server.error.validation.unicode');
    default:
      return error.message ?? i18n.t('server.error.validation.invalid');
  }
}

/**
 * formatValidationErrors' summary in another language: the same paths, each rule in `i18n`'s
 * words (`body/email debe tener el formato "email"`). English keeps Ajv's own, as before.
 */
function validationSummaryIn(
  errors: FastifySchemaValidationError[],
  dataVar: string,
  i18n: ServerMessages,
): string {
  return errors
    .map((error) => {
      const path = `${dataVar}${error.instancePath}`;
      const { missingProperty, additionalProperty } = error.params;
      if (error.keyword === 'required' && typeof missingProperty === 'string') {
        return i18n.t('server.error.validation.required', { path, property: missingProperty });
      }
      if (error.keyword === 'additionalProperties' && typeof additionalProperty === 'string') {
        return i18n.t('server.error.validation.notAccepted', {
          path,
          property: additionalProperty,
        });
      }
      return `${path} ${ruleIn(error, i18n)}`;
    })
    .join(', ');
}

// Fastify's defaults (formats, defaults, allErrors off against DoS) with one change per part:
// URL parts arrive as text and need coercion ("?limit=5" -> 5), but a JSON body already has
// types, so a body sending `name: 42` or `musicPreferences: "Rock"` is malformed, not coerced,
// and unknown body fields are refused by name instead of silently dropped.
const sharedAjvOptions: AjvOptions = { useDefaults: true, allErrors: false, addUsedSchema: false };
const bodyAjv = addFormats(
  new Ajv({ ...sharedAjvOptions, coerceTypes: false, removeAdditional: false }),
);
const urlPartAjv = addFormats(
  new Ajv({ ...sharedAjvOptions, coerceTypes: 'array', removeAdditional: true }),
);

/** Where in `data` the first leaf that fails `isBad` sits, as an instancePath ('/lat'), or null. */
function pathOfFirst(data: unknown, isBad: (leaf: unknown) => boolean, path = ''): string | null {
  if (typeof data !== 'object' || data === null) return isBad(data) ? path : null;
  for (const [key, value] of Object.entries(data)) {
    const found = pathOfFirst(value, isBad, `${path}/${key}`);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Ajv coerces '1e400' or 'Infinity' in a URL to Infinity after its type check and then skips
 * minimum/maximum for it, so the schema alone lets it through. Checked on every part (bodies
 * too, where JSON.parse reads 1e400 as Infinity) so no route has to remember it.
 */
const isNonFiniteNumber = (leaf: unknown) => typeof leaf === 'number' && !Number.isFinite(leaf);

/**
 * PostgreSQL text and jsonb cannot store NUL, so such a value would fail in the database as a
 * 500; refused here for every body of every route, as the finiteness check is.
 */
const holdsNul = (leaf: unknown) => typeof leaf === 'string' && leaf.includes('\u0000');

/**
 * A lone UTF-16 surrogate (JSON's "\ud800" escape) is no Unicode text: jsonb refuses it (a 500)
 * and a text column silently stores U+FFFD instead. Checked here, in the one validator every
 * route's schema goes through, so that no route and no future field has to remember it. In every
 * part: URL decoding refuses or replaces one today, but what a part accepts should not depend on
 * how a parser decodes it.
 */
const holdsLoneSurrogate = (leaf: unknown) =>
  typeof leaf === 'string' && /\p{Surrogate}/u.test(leaf);

type FastifyValidationResult = ReturnType<FastifySchemaCompiler<unknown>>;

/**
 * Ajv's validator, plus the checks every field needs: finite numbers, well-formed Unicode and,
 * in bodies, text without NUL (what bodies carry is stored; a URL part with NUL names nothing,
 * and its route answers 404 or an empty list for it as for any unknown value).
 */
function withSafeValues(validate: ValidateFunction, isBody: boolean): FastifyValidationResult {
  const checks = [
    { isBad: isNonFiniteNumber, keyword: 'finite', message: 'must be a finite number' },
    ...(isBody
      ? [{ isBad: holdsNul, keyword: 'nul', message: 'must not contain NUL characters' }]
      : []),
    {
      isBad: holdsLoneSurrogate,
      keyword: 'unicode',
      message: 'must be well-formed Unicode (no lone surrogates)',
    },
  ];
  const validateSafe: FastifyValidationResult = (data: unknown) => {
    const valid = validate(data);
    validateSafe.errors = validate.errors;
    if (!valid) return false;
    for (const { isBad, keyword, message } of checks) {
      const instancePath = pathOfFirst(data, isBad);
      if (instancePath === null) continue;
      validateSafe.errors = [{ keyword, instancePath, schemaPath: '', params: {}, message }];
      return false;
    }
    return true;
  };
  return validateSafe;
}

/**
 * The top-level request property a schema error is about ('place' for `body/place is required`
 * or `body/place/0 must be string`), so a form can mark it; null when the whole part is wrong.
 */
function fieldOfValidation(first: FastifySchemaValidationError | undefined): string | null {
  if (first === undefined) return null;
  const [top] = first.instancePath.split('/').filter((part) => part !== '');
  if (top !== undefined) return top;
  const { missingProperty, additionalProperty } = first.params;
  if (typeof missingProperty === 'string') return missingProperty;
  if (typeof additionalProperty === 'string') return additionalProperty;
  return null;
}

/**
 * Which part of the request carries the property a service's error names, in the names the
 * schema errors use ('body', 'querystring', 'params'), so a service's refusal reads as a schema
 * refusal does ('body/date: That day has passed.') while the service knows nothing of HTTP.
 * Null when no part carries it: then the sentence stands alone (`field` still names it).
 */
function requestPartHolding(request: FastifyRequest, field: string): string | null {
  const parts = { body: request.body, querystring: request.query, params: request.params };
  for (const [name, part] of Object.entries(parts)) {
    if (
      typeof part === 'object' &&
      part !== null &&
      !Buffer.isBuffer(part) &&
      Object.hasOwn(part, field)
    ) {
      return name;
    }
  }
  return null;
}

function statusOf(error: FastifyError): number {
  const status = error.statusCode;
  return typeof status === 'number' && status >= 400 && status < 600 ? status : 500;
}

/** The single place an error becomes a response, so every failure has the same JSON shape. */
function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.validation) {
    const field = fieldOfValidation(error.validation[0]);
    const i18n = messagesFor(request);
    const message =
      i18n.locale === SOURCE_LOCALE || error.validationContext === undefined
        ? error.message
        : validationSummaryIn(error.validation, error.validationContext, i18n);
    const body: ApiError = { error: 'bad_request', message };
    if (field !== null) body.field = field;
    return reply.code(400).send(body);
  }
  if (error instanceof HttpError) {
    return reply
      .code(error.statusCode)
      .send({ error: error.code, message: messageIn(error, messagesFor(request)) });
  }
  if (error instanceof ServiceError) {
    const answer = serviceErrorAnswers[error.kind];
    const message = messageIn(error, messagesFor(request));
    const body: ApiError = { error: error.code ?? answer.code, message };
    if (error.field !== undefined) {
      body.field = error.field;
      const part = error.plainMessage ? null : requestPartHolding(request, error.field);
      if (part !== null) body.message = `${part}/${error.field}: ${message}`;
    }
    return reply.code(answer.status).send(body);
  }
  const status = statusOf(error);
  if (status >= 500) {
    // The route pattern and status say what failed even at the default level (warn), where
    // the request's own lines are not logged; the error is logged as errorLogFields has it.
    request.log.error(
      { method: request.method, route: request.routeOptions.url, statusCode: 500, err: error },
      'unhandled error',
    );
    return reply.code(500).send(internalError(messagesFor(request)));
  }
  // Fastify's own 4xx errors (invalid JSON, unsupported media type, body too large…) carry
  // readable messages; keep them, under a stable code.
  return reply
    .code(status)
    .send({ error: codeByStatus[status] ?? 'bad_request', message: error.message });
}

/**
 * Input validation and the error format. Registered with fastify-plugin so the handler and
 * compilers apply to every route in the app, including those registered later.
 */
export const errorsPlugin = fp(
  async (app: FamJamApp) => {
    // Schemas are used inline (TypeBox objects from contract/); app.addSchema's shared
    // schemas are not known to these Ajv instances.
    app.setValidatorCompiler(({ schema, httpPart }) => {
      const ajv = httpPart === 'body' ? bodyAjv : urlPartAjv;
      // Ajv refuses to compile a second schema with the same $id; reuse the first, as Fastify does.
      const id =
        typeof schema === 'object' && schema !== null && '$id' in schema ? schema.$id : null;
      const compiled = typeof id === 'string' ? ajv.getSchema(id) : undefined;
      return withSafeValues(compiled ?? ajv.compile(schema), httpPart === 'body');
    });
    app.setSchemaErrorFormatter(formatValidationErrors);
    app.setErrorHandler(handleError);
  },
  { name: 'famjam-errors' },
);
