import type { FastifyServerOptions } from 'fastify';
import { causeChain, errorCode } from './errorInfo.ts';
import { isMusicCallbackPath } from './plugins/securityHeaders.ts';
import { routedPath } from './requestPath.ts';

/** What Fastify's request serializer reads from a request. */
interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  headers?: Record<string, string | string[] | undefined>;
  socket?: { remotePort?: number };
}

/** Paths whose last segment is a person's data: the profile looked up by its email. */
const personalPathPrefixes = ['/api/users/by-email/'];

/**
 * The URL as logged: a music popup's return page without its query (the one-use OAuth code and
 * state), and a path that names a person without that part.
 */
function loggedUrl(url: string): string {
  const path = routedPath(url);
  if (isMusicCallbackPath(path) && url.includes('?')) return `${path}?[redacted]`;
  const personal = personalPathPrefixes.find((prefix) => path.startsWith(prefix));
  return personal === undefined ? url : `${personal}[redacted]`;
}

/**
 * Fastify's own request log fields, with the URL as `loggedUrl` has it. Request bodies
 * (profiles, provider tokens) and headers (the Firebase ID token) are not logged at all, as by
 * Fastify's default.
 */
function requestLogFields(request: LoggedRequest) {
  return {
    method: request.method,
    url: loggedUrl(request.url),
    version: [request.headers?.['accept-version']].flat()[0],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

type Fields = Record<string, unknown>;

/** What Fastify's logger types ask of an error serializer's result. */
interface LoggedError extends Fields {
  type: string;
  message: string;
  stack: string;
}

const isFields = (value: unknown): value is Fields => typeof value === 'object' && value !== null;

/**
 * PostgreSQL's error fields that name a part of the schema or of the server, never a value.
 * Left out: the message (`invalid input syntax for type uuid: "…"` quotes the value), `detail`
 * ('Failing row contains (…)', 'Key (email)=(…) already exists'), `where` (the JSON text that
 * did not parse), `hint` and `internalQuery`.
 */
const databaseFields = [
  'severity',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'routine',
] as const;

/**
 * Drizzle wraps every driver failure, a lost connection included, in an error whose message is
 * the statement followed by `params: …`, every value the request sent; it and PGlite's own
 * error also carry them as `query` and `params`. PostgreSQL's errors have a `severity`.
 */
function isFromDatabase(error: unknown): boolean {
  return isFields(error) && ('params' in error || typeof error.severity === 'string');
}

/** The stack's frames without the message above them, which may span lines of any text. */
function framesOf(error: Error): string {
  const messageLines = String(error).split('\n').length;
  return (error.stack ?? '')
    .split('\n')
    .slice(messageLines)
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
}

/**
 * What the log keeps of an error, in place of pino's serializer, which copies every property
 * and every message down the `cause` chain: for a failed query that was the statement with its
 * parameters (a profile's email, name, place, Firebase uid). An error from the database keeps
 * its SQLSTATE code, the schema fields above and its stack frames, which say what failed and
 * where; any other error its messages (written by code, not copied from a statement) and stack.
 */
export function errorLogFields(error: unknown): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const chain = causeChain(error);
  const type = error.constructor.name;
  // The innermost code is the one that says why: '23514' beneath drizzle's wrapper.
  const code = chain.map(errorCode).findLast((found) => found !== '');
  const codeField = code === undefined ? {} : { code };
  if (!chain.some(isFromDatabase)) {
    const messages = chain.map((link) => (link instanceof Error ? link.message : String(link)));
    return { type, message: messages.join(': '), ...codeField, stack: error.stack ?? '' };
  }
  const message = 'database query failed';
  const driverError = chain.findLast(
    (link): link is Fields => isFields(link) && typeof link.severity === 'string',
  );
  const schemaFields = databaseFields.flatMap((field) =>
    typeof driverError?.[field] === 'string' ? [[field, driverError[field]]] : [],
  );
  return {
    type,
    message,
    ...codeField,
    ...Object.fromEntries(schemaFields),
    stack: `${type}: ${message}\n${framesOf(error)}`,
  };
}

/** The app's logger option with the request and error serializers above in place of pino's. */
export function withRedactedLog(
  logger: FastifyServerOptions['logger'],
): FastifyServerOptions['logger'] {
  if (logger === undefined || logger === false) return logger;
  const options = logger === true ? {} : logger;
  return {
    ...options,
    serializers: { ...options.serializers, req: requestLogFields, err: errorLogFields },
  };
}
