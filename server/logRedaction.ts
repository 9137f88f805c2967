import type { FastifyServerOptions } from 'fastify';
import { EMAIL_UNSUBSCRIBE_PATH } from '../contract/emailUnsubscribe.ts';
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

/** A calendar feed's address: its secret is the only credential a calendar app sends. */
const calendarFeedPath = /^\/api\/calendar\/[^/]*\.ics$/;

/** Query parameters that hold one coordinate (GET /api/geo/reverse?lat&lon). */
const coordinateParameters = new Set(['lat', 'lon', 'lng', 'latitude', 'longitude']);
/** A 'lat, lon' pair, as the location parameter of the event and restaurant lists takes it. */
const coordinatePair = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/;

/** A tenth of a degree, about 11 km: the town still reads, the street and house do not. */
function roughly(coordinate: string): string {
  const value = Number(coordinate);
  return Number.isFinite(value) ? String(Math.round(value * 10) / 10) : '[redacted]';
}

/** The query with every coordinate rounded; null when it holds none (logged as sent). */
function queryWithRoughCoordinates(query: string): string | null {
  const parameters = new URLSearchParams(query);
  let changed = false;
  for (const [name, value] of [...parameters]) {
    const pair = coordinatePair.exec(value);
    if (coordinateParameters.has(name.toLowerCase())) {
      parameters.set(name, roughly(value));
      changed = true;
    } else if (pair !== null) {
      parameters.set(name, `${roughly(pair[1] ?? '')},${roughly(pair[2] ?? '')}`);
      changed = true;
    }
  }
  return changed ? parameters.toString() : null;
}

/**
 * The URL as every log line has it (the request serializer is the only place Fastify writes
 * it): a music popup's return page without its query (the one-use OAuth code and state), the
 * weekly email's unsubscribe without its token, a calendar feed without its secret, a path that names a person without that part, and exact
 * places rounded, at every log level.
 */
function loggedUrl(url: string): string {
  const path = routedPath(url);
  const queryStart = url.indexOf('?');
  const query = queryStart === -1 ? '' : url.slice(queryStart + 1);
  if (isMusicCallbackPath(path) && queryStart !== -1) return `${path}?[redacted]`;
  // The weekly email's unsubscribe token is the only key to that switch.
  if (path === EMAIL_UNSUBSCRIBE_PATH && queryStart !== -1) return `${path}?[redacted]`;
  const personal = personalPathPrefixes.find((prefix) => path.startsWith(prefix));
  let loggedPath = queryStart === -1 ? url : url.slice(0, queryStart);
  if (personal !== undefined) loggedPath = `${personal}[redacted]`;
  else if (calendarFeedPath.test(path)) loggedPath = '/api/calendar/[redacted].ics';
  if (queryStart === -1) return loggedPath;
  return `${loggedPath}?${queryWithRoughCoordinates(query) ?? query}`;
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
