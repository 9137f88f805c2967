import type { FastifyRequest } from 'fastify';
import { eventPagePath } from '../contract/pageFrame.ts';

/**
 * The request's path as the router saw it: the part before '?', percent-decoded the way
 * find-my-way decodes it before matching (decodeURI, so '%2F' stays a literal). '/%61pi/x' is
 * '/api/x' here, as it is to the router. A path that does not decode is left as sent (the
 * router refuses it anyway).
 */
export function routedPath(url: string): string {
  const queryStart = url.indexOf('?');
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

// The service worker picks a page's frame by it too (contract/pageFrame.ts).
export { eventPagePath };

export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/**
 * Whether the request is for the API, decided by the route it matched, never by the raw URL
 * (which '/%61pi/…' spells differently). A wildcard route (the static files' '/*') and the
 * not-found handler match any path, so for those the decoded path decides.
 */
export function isApiRequest(request: FastifyRequest): boolean {
  const pattern = request.routeOptions.url;
  if (pattern !== undefined && !pattern.includes('*')) return isApiPath(pattern);
  return isApiPath(routedPath(request.url));
}

/** Whether the request is for a shared event's page ('/%65vent/x' is '/event/x' here too). */
export function isEventPageRequest(request: FastifyRequest): boolean {
  return eventPagePath.test(routedPath(request.url));
}
