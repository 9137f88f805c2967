import { firebaseIdTokenScheme } from '../plugins/auth.ts';
import type { FamJamApp } from '../types.ts';

/** A resource: one file's routes, written as a Fastify plugin. */
export type Resource = (app: FamJamApp) => Promise<void>;

type Security = Array<Record<string, string[]>>;

/**
 * Sets the OpenAPI `security` of every route registered in this scope, so the document says
 * what the scope enforces and no route has to repeat it.
 */
function declareSecurity(app: FamJamApp, security: Security): void {
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, security };
  });
}

/** Resources anyone may call, documented as needing no credentials (`security: []`). */
export function publicScope(resources: readonly Resource[]): Resource {
  return async (app) => {
    declareSecurity(app, []);
    for (const resource of resources) await app.register(resource);
  };
}

/**
 * Resources for the signed-in caller only. The Firebase ID token is verified once here, for
 * every route of every resource in the scope (as fastify/demo's autohooks do), so a new route
 * that touches user data cannot forget it: `request.user` is set before any handler runs.
 *
 * preParsing, not onRequest: @fastify/rate-limit adds its onRequest hook per route, and route
 * hooks run after scope hooks, so onRequest would verify tokens before the rate limit counts
 * the request. preParsing runs after it and before the body is read, so an anonymous caller
 * gets 401 without its body being parsed or learning about our schemas.
 */
export function authenticatedScope(resources: readonly Resource[]): Resource {
  return async (app) => {
    declareSecurity(app, [{ [firebaseIdTokenScheme]: [] }]);
    app.addHook('preParsing', async (request, reply, payload) => {
      await app.authenticate(request, reply);
      return payload;
    });
    for (const resource of resources) await app.register(resource);
  };
}
