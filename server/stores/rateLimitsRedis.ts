/**
 * The rate limit's counts in Valkey/Redis (FAMJAM_REDIS_URL, docs/scaling.md): every API
 * process counts in one server, with @fastify/rate-limit's own Redis store (one Lua script per
 * request: INCR, and the window as the key's expiry). Exact across processes, and cheaper for
 * the database than any count in it.
 *
 * The client is ioredis (a dependency), loaded only when FAMJAM_REDIS_URL is set, so a
 * deployment without Redis does not load it.
 */

/** Prefix of every key FamJam writes, so a Redis shared with other apps keeps them apart. */
export const rateLimitRedisNameSpace = 'famjam-rate-limit:';

/** What @fastify/rate-limit's RedisStore calls on the client (ioredis's API). */
export interface RateLimitRedisClient {
  defineCommand(name: string, definition: { numberOfKeys: number; lua: string }): void;
  connect(): Promise<void>;
  quit(): Promise<unknown>;
  disconnect(): void;
  on(event: 'error' | 'ready', listener: (error?: unknown) => void): unknown;
}

interface WarnLog {
  warn(details: object, message: string): void;
}

export interface RateLimitRedis {
  client: RateLimitRedisClient;
  close(): Promise<void>;
}

/** ioredis, loaded on first use: a deployment without FAMJAM_REDIS_URL never loads it. */
async function loadIoredis(): Promise<{
  Redis: new (url: string, options: Record<string, unknown>) => RateLimitRedisClient;
}> {
  const { Redis } = await import('ioredis');
  return {
    Redis: Redis as unknown as new (
      url: string,
      options: Record<string, unknown>,
    ) => RateLimitRedisClient,
  };
}

/**
 * Connects before the app starts, so a wrong FAMJAM_REDIS_URL stops the start with a clear
 * error. Afterwards a request never waits long on Redis: no queue while disconnected, one try,
 * 500 ms at most; a failing count lets the request through (skipOnError in server/app.ts) and
 * is logged once per outage, with the error's code only (keys hold client addresses, the URL
 * may hold a password).
 */
export async function connectRateLimitRedis(
  url: string | null,
  log: WarnLog,
): Promise<RateLimitRedis> {
  if (url === null) throw new Error('FAMJAM_RATE_LIMIT_STORE=redis needs FAMJAM_REDIS_URL');
  const { Redis } = await loadIoredis();
  const client = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 500,
    connectTimeout: 5_000,
    // Reconnects keep trying, at most every 2 s, while the app runs.
    retryStrategy: (times: number) => Math.min(2_000, 50 * 2 ** times),
  });
  let failing = false;
  let lastErrorCode: string | null = null;
  client.on('error', (error) => {
    lastErrorCode = errorCode(error);
    if (failing) return;
    failing = true;
    log.warn(
      { code: errorCode(error) },
      'rate limit counts could not reach Redis; requests pass uncounted until it answers',
    );
  });
  client.on('ready', () => {
    if (failing) log.warn({}, 'rate limit counts reach Redis again');
    failing = false;
  });
  try {
    await client.connect();
  } catch (error) {
    client.disconnect();
    throw new Error(
      `FAMJAM_REDIS_URL: could not connect to Valkey/Redis (${lastErrorCode ?? errorCode(error)}); is the server running and the URL right?`,
    );
  }
  return {
    client,
    async close() {
      try {
        await client.quit();
      } catch {
        client.disconnect();
      }
    },
  };
}

function errorCode(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'code' in error) return String(error.code);
  return error instanceof Error ? error.name : 'unknown';
}
