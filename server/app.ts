import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { ServerConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { authPlugin } from './plugins/auth.ts';
import { errorsPlugin, HttpError } from './plugins/errors.ts';
import { securityHeadersPlugin } from './plugins/securityHeaders.ts';
import { spaPlugin } from './plugins/spa.ts';
import { registerApiRoutes } from './routes/index.ts';
import type { FamJamApp } from './types.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The drizzle database; services take it as their first argument. */
    db: Database;
    config: ServerConfig;
  }
}

export interface BuildAppOptions {
  config: ServerConfig;
  db: Database;
  /** Fastify's logger option; off unless given (tests stay quiet). */
  logger?: FastifyServerOptions['logger'];
}

const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const isWrite = (request: FastifyRequest) => writeMethods.has(request.method);
const isApi = (request: FastifyRequest) =>
  request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?');

function trustNearestHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/** Builds the whole server without listening: main.ts listens, tests call `app.inject`. */
export async function buildApp({
  config,
  db,
  logger = false,
}: BuildAppOptions): Promise<FamJamApp> {
  const app: FamJamApp = Fastify({
    logger,
    // A hop count becomes a function: Fastify accepts numbers at runtime, its types do not.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? trustNearestHops(config.trustProxy)
        : config.trustProxy,
    // Request bodies are small forms; anything bigger is a mistake or an attack.
    bodyLimit: 256 * 1024,
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('db', db);
  app.decorate('config', config);

  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin, { firebase: config.firebase });
  await app.register(compress, { threshold: 1024 });
  await app.register(rateLimit, {
    timeWindow: '1 minute',
    // Reads and writes are counted apart, so browsing never uses up the (smaller) write budget.
    max: (request) =>
      isWrite(request)
        ? Math.max(1, Math.floor(config.rateLimitPerMinute / 5))
        : config.rateLimitPerMinute,
    keyGenerator: (request) => `${isWrite(request) ? 'write' : 'read'}:${request.ip}`,
    // Static files are cheap and a page load fetches many; the limit guards the API.
    allowList: (request) => !isApi(request),
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        429,
        'rate_limited',
        `Too many requests. Please try again in ${context.after}.`,
      ),
  });
  await app.register(authPlugin, { firebase: config.firebase });
  await registerApiRoutes(app);
  await app.register(spaPlugin, { staticDir: config.staticDir });
  return app;
}
