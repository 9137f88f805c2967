import type { FastifyServerOptions } from 'fastify';
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

/**
 * Fastify's own request log fields, except that a music popup's return page is logged without
 * its query: it carries the one-use OAuth code and state. Request bodies (provider tokens) and
 * headers (the Firebase ID token) are not logged at all, as by Fastify's default.
 */
export function requestLogFields(request: LoggedRequest) {
  const path = routedPath(request.url);
  return {
    method: request.method,
    url:
      isMusicCallbackPath(path) && request.url.includes('?') ? `${path}?[redacted]` : request.url,
    version: [request.headers?.['accept-version']].flat()[0],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The app's logger option with the request serializer above in place of Fastify's. */
export function withRedactedRequests(
  logger: FastifyServerOptions['logger'],
): FastifyServerOptions['logger'] {
  if (logger === undefined || logger === false) return logger;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, req: requestLogFields } };
}
