import compress from '@fastify/compress';
import rateLimit, { type RateLimitPluginOptions } from '@fastify/rate-limit';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, {
  type FastifyError,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { ServerConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { JobRunner } from './jobs/runner.ts';
import { timedWork } from './jobs/timedWork.ts';
import { withRedactedLog } from './logRedaction.ts';
import { authPlugin } from './plugins/auth.ts';
import { authEmulatorProxyPlugin } from './plugins/authEmulatorProxy.ts';
import { errorsPlugin, HttpError } from './plugins/errors.ts';
import { hostCheckPlugin } from './plugins/hostCheck.ts';
import { securityHeadersPlugin } from './plugins/securityHeaders.ts';
import { spaPlugin } from './plugins/spa.ts';
import { listeningOrigin } from './publicOrigin.ts';
import { isApiRequest, isEventPageRequest } from './requestPath.ts';
import { clientConfigFrom } from './routes/config.ts';
import { registerApiRoutes } from './routes/index.ts';
import { withVapidKeys } from './services/outreach/pushKeys.ts';
import { SharedRateLimitCounts } from './stores/rateLimits.ts';
import { connectRateLimitRedis, rateLimitRedisNameSpace } from './stores/rateLimitsRedis.ts';
import type { FamJamApp } from './types.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The drizzle database; services take it as their first argument. */
    db: Database;
    config: ServerConfig;
    /**
     * The origin every absolute URL starts with (feed, link previews, Spotify redirect):
     * FAMJAM_PUBLIC_URL, else the address the server listens on. Never the request's Host,
     * which the client chooses ('Host: evil.example' must not put evil.example in a feed).
     */
    publicOrigin(): string;
  }
}

interface BuildAppOptions {
  config: ServerConfig;
  db: Database;
  /** Fastify's logger option; off unless given (tests stay quiet). */
  logger?: FastifyServerOptions['logger'];
  /** How long a client may take to send a whole request; tests shorten it. */
  requestTimeoutMs?: number;
  /**
   * The shared rate-limit counts (FAMJAM_RATE_LIMIT_STORE=database); made here unless given. A
   * test gives its own to flush them when it chooses; the app closes them either way.
   */
  rateLimitCounts?: SharedRateLimitCounts;
}

/**
 * @fastify/rate-limit's store for the configured FAMJAM_RATE_LIMIT_STORE: the plugin's own
 * memory (one process), the batched counts in the database (server/stores/rateLimits.ts), or
 * Valkey/Redis (server/stores/rateLimitsRedis.ts). Whatever it opens, the app's close closes.
 */
async function rateLimitStoreOptions(
  app: FamJamApp,
  config: ServerConfig,
  db: Database,
  givenCounts: SharedRateLimitCounts | undefined,
): Promise<Pick<RateLimitPluginOptions, 'store' | 'redis' | 'nameSpace' | 'skipOnError'>> {
  switch (config.rateLimitStore) {
    case 'memory':
      return {};
    case 'database': {
      const counts = givenCounts ?? new SharedRateLimitCounts(db, { log: app.log });
      app.addHook('onClose', async () => counts.close());
      return { store: counts.store(), skipOnError: true };
    }
    case 'redis': {
      const redis = await connectRateLimitRedis(config.redisUrl, app.log);
      app.addHook('onClose', async () => redis.close());
      return { redis: redis.client, nameSpace: rateLimitRedisNameSpace, skipOnError: true };
    }
  }
}

/**
 * A whole request (headers and body) must arrive within 30 s, or the client gets 408 and the
 * socket is closed: bodies are at most 256 KB, which even a poor mobile uplink (100 kbit/s)
 * sends in about 20 s, while a client that trickles a body to hold sockets open is cut off.
 * The one larger body, a profile photo (POST /api/me/photo, up to 2 MB), is resized to 512 px
 * by the client first, which leaves it well under 256 KB too.
 */
const defaultRequestTimeoutMs = 30_000;
/**
 * Idle sockets between requests close after 72 s (Fastify's default, kept): longer than the
 * 60 s idle timeout of common load balancers, so the proxy, never this server, closes a
 * connection it might be about to reuse (which would be a 502).
 */
const keepAliveTimeoutMs = 72_000;
/**
 * A socket with no traffic at all for 75 s is closed whatever it is doing: above the keep-alive
 * and request limits, so those answer first and this only catches what they cannot (e.g. a
 * client that never reads a response).
 */
const connectionTimeoutMs = 75_000;

const maxPathParameterLength = 300;
/**
 * The longest URL path (percent-decoded) answered: the longest a route needs is an event id of
 * 300 characters under /api/events/ or /event/. Longer ones reached the static files' lookup,
 * which fails past the file system's PATH_MAX and answered a bare 403.
 */
const maxPathLength = 1000;
const overlongPartMessage = `A part of the URL path is longer than ${maxPathParameterLength} characters.`;

const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const isWrite = (request: FastifyRequest) => writeMethods.has(request.method);

function trustNearestHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/**
 * The parameter a too-long path segment was meant for, e.g. 'id' for /api/events/xxx…, found
 * by matching the path against the parametric routes' patterns ('/api/events/:id').
 */
function overlongParameterName(patterns: readonly string[], url: string): string | null {
  const pathOnly = url.split('?')[0] ?? '';
  const segments = pathOnly.split('/');
  for (const pattern of patterns) {
    const parts = pattern.split('/');
    if (parts.length !== segments.length) continue;
    let name: string | null = null;
    const matches = parts.every((part, index) => {
      const segment = segments[index] ?? '';
      if (!part.startsWith(':')) return part === segment;
      if (safeDecode(segment).length > maxPathParameterLength) name = part.slice(1);
      return true;
    });
    if (matches && name !== null) return name;
  }
  return null;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Why the URL's path is too long to answer (the 414's message), or null. Every path part is
 * measured, not only route parameters: an over-long one that fits no route's parameter falls
 * to the static files' wildcard route, which would look it up on disk (a 404 that echoes the
 * path, or a bare 403 past the file system's limits). The message never repeats the path.
 */
function overlongPathMessage(patterns: readonly string[], url: string): string | null {
  // The decoded path is never longer than the raw URL: the everyday request stops here.
  if (url.length <= maxPathParameterLength) return null;
  const segments = (url.split('?')[0] ?? '').split('/').map(safeDecode);
  if (segments.some((segment) => segment.length > maxPathParameterLength)) {
    const name = overlongParameterName(patterns, url);
    return name === null
      ? overlongPartMessage
      : `params/${name} must NOT have more than ${maxPathParameterLength} characters`;
  }
  const length = segments.reduce((sum, segment) => sum + segment.length, segments.length - 1);
  return length > maxPathLength ? `The URL path is longer than ${maxPathLength} characters.` : null;
}

function uriTooLong(reply: FastifyReply, message: string) {
  return reply.code(414).send({ error: 'uri_too_long', message });
}

/**
 * The router's own refusals (an over-long or badly encoded path part) otherwise answer in
 * Fastify's format, before any hook or error handler runs. The 414 names the parameter the
 * way a schema refusal would.
 */
function routerRefusalHandler(parametricRoutes: readonly string[]) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
      return uriTooLong(
        reply,
        overlongPathMessage(parametricRoutes, request.url) ?? overlongPartMessage,
      );
    }
    return reply
      .code(400)
      .send({ error: 'bad_request', message: 'The URL path is not validly encoded.' });
  };
}

/** Builds the whole server without listening: main.ts listens, tests call `app.inject`. */
export async function buildApp({
  config: givenConfig,
  db,
  logger = false,
  requestTimeoutMs = defaultRequestTimeoutMs,
  rateLimitCounts,
}: BuildAppOptions): Promise<FamJamApp> {
  // Web Push signs with the configured VAPID pair, else the one kept in the data directory
  // (made on the first start): settled once here for the config route and the push job.
  const config = await withVapidKeys(givenConfig);
  // Filled as routes register (onRoute below); read only when a request is refused.
  const parametricRoutes: string[] = [];
  const app: FamJamApp = Fastify({
    logger: withRedactedLog(logger),
    // A hop count becomes a function: Fastify accepts numbers at runtime, its types do not.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? trustNearestHops(config.trustProxy)
        : config.trustProxy,
    // Request bodies are small forms; anything bigger is a mistake or an attack.
    bodyLimit: 256 * 1024,
    requestTimeout: requestTimeoutMs,
    keepAliveTimeout: keepAliveTimeoutMs,
    connectionTimeout: connectionTimeoutMs,
    http: {
      // Node enforces requestTimeout only while headersTimeout is not longer (its default is
      // 60 s): the headers count against the same limit as the whole request.
      headersTimeout: requestTimeoutMs,
      // Node checks both on this interval (30 s by default, which would let a stalled client
      // hold its socket up to twice the limit).
      connectionsCheckingInterval: Math.min(5_000, Math.ceil(requestTimeoutMs / 4)),
    },
    // Imported iCal event ids (UID@host, URL-encoded) run past the default 100 characters;
    // EventIdParams allows 300.
    routerOptions: { maxParamLength: maxPathParameterLength },
    frameworkErrors: routerRefusalHandler(parametricRoutes),
  }).withTypeProvider<TypeBoxTypeProvider>();
  // First of all: a request that names a host FamJam does not answer to (DNS rebinding) gets
  // nothing else, not even a 414.
  await app.register(hostCheckPlugin);
  app.addHook('onRoute', (route) => {
    if (route.url.includes(':')) parametricRoutes.push(route.url);
  });
  // The router refuses an over-long parameter only when no other route matches; the static
  // files' wildcard ('/*') matches every path, so with the client built this hook is what
  // answers 414. First of all hooks: nothing else needs to look at such a path.
  app.addHook('onRequest', async (request, reply) => {
    const message = overlongPathMessage(parametricRoutes, request.url);
    if (message !== null) return uriTooLong(reply, message);
  });

  app.decorate('db', db);
  app.decorate('config', config);
  // Asked at each use: with PORT=0 the port is known only once main.ts has listened.
  app.decorate(
    'publicOrigin',
    () => config.publicUrl ?? listeningOrigin(config, app.server.address()),
  );

  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin, {
    firebase: config.firebase,
    ads: config.ads,
    appleMusic: config.music.appleMusic,
    map: config.map,
  });
  await app.register(compress, { threshold: 1024 });
  // Timed work (server/jobs/): source polling, picture fetching and the cleanups, run by one
  // runner that claims each job for one process at a time. Jobs start once the app is ready, or
  // (source polling) once it listens; an app that never does (a CLI's, most tests') runs none.
  const runner = new JobRunner(db, { log: app.log });
  for (const job of timedWork({ db, config, log: app.log, address: () => app.server.address() })) {
    runner.register(job);
  }
  app.addHook('onReady', async () => {
    runner.start((job) => job.startWhen !== 'listening');
  });
  app.addHook('onListen', async () => {
    // On the next turn: the hook returns, and the listen with it, before the first claim.
    setImmediate(() => runner.start((job) => job.startWhen === 'listening'));
  });
  app.addHook('onClose', async () => runner.stop());
  await app.register(rateLimit, {
    // Where the counts live (docs/scaling.md). A store that fails while counting lets the
    // request through rather than failing it.
    ...(await rateLimitStoreOptions(app, config, db, rateLimitCounts)),
    timeWindow: '1 minute',
    // Reads and writes are counted apart, so browsing never uses up the (smaller) write budget.
    max: (request) =>
      isWrite(request)
        ? Math.max(1, Math.floor(config.rateLimitPerMinute / 5))
        : config.rateLimitPerMinute,
    keyGenerator: (request) => `${isWrite(request) ? 'write' : 'read'}:${request.ip}`,
    // Static files are cheap and a page load fetches many; the limit guards the API and a
    // shared event's page, which looks the event up to draw it (so it costs what an API read
    // does, and shares the read budget). The matched route or the decoded path decides:
    // '/%61pi/…' reaches the same route as '/api/…' and pays the same.
    allowList: (request) => !isApiRequest(request) && !isEventPageRequest(request),
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        429,
        'rate_limited',
        `Too many requests. Please try again in ${context.after}.`,
      ),
  });
  await app.register(authPlugin, { firebase: config.firebase });
  await registerApiRoutes(app);
  if (config.firebase.mode === 'emulator') {
    await app.register(authEmulatorProxyPlugin, { firebase: config.firebase });
  }
  await app.register(spaPlugin, {
    staticDir: config.staticDir,
    clientConfig: clientConfigFrom(config),
    serveSourceMaps: config.serveSourceMaps,
  });
  return app;
}
