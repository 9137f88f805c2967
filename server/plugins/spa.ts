import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { ApiError } from '../../contract/errors.ts';
import { isApiPath, routedPath } from '../requestPath.ts';
import type { FamJamApp } from '../types.ts';

/** Vite puts content-hashed files under assets/: safe to cache for a year. */
const immutableCache = 'public, max-age=31536000, immutable';
/** Everything else (index.html above all) must be revalidated so a deploy shows up at once. */
const revalidate = 'no-cache';

function notFound(reply: FastifyReply, error: string, message: string) {
  const body: ApiError = { error, message };
  return reply.code(404).type('application/json; charset=utf-8').send(body);
}

/**
 * Serves the built client from `staticDir` and answers every unknown path: JSON 404 under
 * /api, index.html for client-side routes (the router renders its own 404 page).
 */
export const spaPlugin = fp(
  async (app: FamJamApp, options: { staticDir: string }) => {
    const clientBuilt = existsSync(join(options.staticDir, 'index.html'));
    if (clientBuilt) {
      await app.register(fastifyStatic, {
        root: options.staticDir,
        cacheControl: false,
        setHeaders(reply, filePath) {
          const inAssets = filePath.includes(`${sep}assets${sep}`);
          reply.header('cache-control', inAssets ? immutableCache : revalidate);
        },
      });
    }

    // Routes get the rate limit from the plugin's onRoute hook; the not-found handler is no
    // route, so without this, guessing /api/* paths would be unlimited. allowList in app.ts
    // still leaves client paths (index.html fallback) unlimited.
    app.setNotFoundHandler({ preHandler: app.rateLimit() }, async (request, reply) => {
      // Decoded, so '/%61pi/nope' is the API's 404 (and limited) like '/api/nope'.
      const path = routedPath(request.url);
      if (isApiPath(path)) {
        return notFound(reply, 'not_found', `No API route ${request.method} ${path}`);
      }
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        return notFound(reply, 'not_found', `No route ${request.method} ${path}`);
      }
      // A missing hashed file must stay a 404: answering index.html would hand HTML to a
      // <script> tag of a tab still running an older build.
      if (path.startsWith('/assets/')) {
        return notFound(reply, 'not_found', `No file ${path}`);
      }
      if (!clientBuilt) {
        return notFound(
          reply,
          'client_not_built',
          'The web client is not built yet: run npm run build (or npm run dev for hot reload).',
        );
      }
      reply.header('cache-control', revalidate);
      return reply.sendFile('index.html');
    });
  },
  { name: 'famjam-spa', dependencies: ['famjam-errors', '@fastify/rate-limit'] },
);
