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
import type { FamJamApp } from '../types.ts';

/**
 * An error a route means to answer with: `throw new HttpError(403, 'forbidden', '...')`.
 * The error handler turns it into `{ error, message }` with that status.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

const internalError: ApiError = {
  error: 'internal',
  message: 'Something went wrong on our side.',
};

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
export function formatValidationErrors(
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

/**
 * Where `data` holds a number that is not finite, as an instancePath ('/lat'), or null.
 * Ajv coerces '1e400' or 'Infinity' in a URL to Infinity after its type check and then skips
 * minimum/maximum for it, so the schema alone lets it through. Checked on every part (bodies
 * too, where JSON.parse reads 1e400 as Infinity) so no route has to remember it.
 */
function nonFiniteNumberPath(data: unknown, path = ''): string | null {
  if (typeof data === 'number') return Number.isFinite(data) ? null : path;
  if (typeof data !== 'object' || data === null) return null;
  for (const [key, value] of Object.entries(data)) {
    const found = nonFiniteNumberPath(value, `${path}/${key}`);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Where `data` holds text with a NUL character, as an instancePath ('/name'), or null.
 * PostgreSQL text and jsonb cannot store it, so such a value would fail in the database as a
 * 500; refused here for every part of every route, as the finiteness check is.
 */
function nulTextPath(data: unknown, path = ''): string | null {
  if (typeof data === 'string') return data.includes('\u0000') ? path : null;
  if (typeof data !== 'object' || data === null) return null;
  for (const [key, value] of Object.entries(data)) {
    const found = nulTextPath(value, `${path}/${key}`);
    if (found !== null) return found;
  }
  return null;
}

type FastifyValidationResult = ReturnType<FastifySchemaCompiler<unknown>>;

/**
 * Ajv's validator, plus the checks every field needs: finite numbers and, in bodies, text
 * without NUL (what bodies carry is stored; a URL part with NUL names nothing, and its route
 * answers 404 or an empty list for it as for any unknown value).
 */
function withSafeValues(validate: ValidateFunction, isBody: boolean): FastifyValidationResult {
  const validateFinite: FastifyValidationResult = (data: unknown) => {
    const valid = validate(data);
    validateFinite.errors = validate.errors;
    if (!valid) return false;
    const problem =
      [
        { path: nonFiniteNumberPath(data), keyword: 'finite', message: 'must be a finite number' },
        {
          path: isBody ? nulTextPath(data) : null,
          keyword: 'nul',
          message: 'must not contain NUL characters',
        },
      ].find((check) => check.path !== null) ?? null;
    if (problem === null || problem.path === null) return true;
    validateFinite.errors = [
      {
        keyword: problem.keyword,
        instancePath: problem.path,
        schemaPath: '',
        params: {},
        message: problem.message,
      },
    ];
    return false;
  };
  return validateFinite;
}

function statusOf(error: FastifyError): number {
  const status = error.statusCode;
  return typeof status === 'number' && status >= 400 && status < 600 ? status : 500;
}

/** The single place an error becomes a response, so every failure has the same JSON shape. */
function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.validation) {
    return reply.code(400).send({ error: 'bad_request', message: error.message });
  }
  if (error instanceof HttpError) {
    return reply.code(error.statusCode).send({ error: error.code, message: error.message });
  }
  const status = statusOf(error);
  if (status >= 500) {
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(internalError);
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
