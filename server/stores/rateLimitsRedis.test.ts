import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { openTestDatabase } from '../test/database.ts';
import { testConfig } from '../test/helpers.ts';

/*
 * The rate limit counted in Valkey/Redis (FAMJAM_REDIS_URL), against a real redis-server on
 * loopback: two apps stand for two API processes. Needs the redis-server binary (Debian's
 * redis-server package, which `npm test` installs when it may, like PostgreSQL); without it the
 * tests are skipped, and the skipped test's title says so.
 */

const serverBinary = process.env.FAMJAM_TEST_REDIS_SERVER ?? 'redis-server';

/**
 * The server runs on its own clock, as a deployment's Redis does: under `npm run test:dates`
 * (faketime's LD_PRELOAD, inherited by every child) redis-server hangs at start, even for
 * `--version`. The app's clock, which the tests are about, stays faked.
 */
const redisEnvironment = Object.fromEntries(
  Object.entries(process.env).filter(
    ([name]) => name !== 'LD_PRELOAD' && !name.startsWith('FAKETIME'),
  ),
);

async function missingPiece(): Promise<string | null> {
  const probe = spawnSync(serverBinary, ['--version'], { env: redisEnvironment, timeout: 10_000 });
  if (probe.status !== 0) {
    return `${serverBinary} is not installed (apt-get install redis-server)`;
  }
  return null;
}

const missing = await missingPiece();
if (missing !== null) {
  console.warn(`\n!!! server/stores/rateLimitsRedis.test.ts SKIPPED: ${missing}\n`);
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

// A skipped entry whose title says why, in every reporter's summary.
if (missing !== null) it.skip(`the Redis store is NOT tested: ${missing}`, () => {});

describe.skipIf(missing !== null)('rate limit counted in Valkey/Redis', () => {
  let redis: ChildProcess;
  let redisUrl: string;

  beforeAll(async () => {
    const port = await freePort();
    redisUrl = `redis://127.0.0.1:${port}`;
    redis = spawn(
      serverBinary,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'inherit'], env: redisEnvironment },
    );
    // Ready when it says so on its output.
    await new Promise<void>((resolve, reject) => {
      let output = '';
      redis.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) resolve();
      });
      redis.on('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output}`)));
    });
  });

  afterAll(() => {
    redis?.kill();
  });

  it('limits a client on every process at once', async () => {
    const database = await openTestDatabase();
    const config = testConfig({ rateLimitPerMinute: 10, rateLimitStore: 'redis', redisUrl });
    const first = await buildApp({ config, db: database.db });
    const second = await buildApp({ config, db: database.db });
    try {
      const remoteAddress = '192.0.2.90';
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 10; attempt++) {
        const app = attempt % 2 === 0 ? first : second;
        const response = await app.inject({ method: 'GET', url: '/api/health', remoteAddress });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual(Array<number>(10).fill(200));
      for (const app of [first, second]) {
        const limited = await app.inject({ method: 'GET', url: '/api/health', remoteAddress });
        expect(limited.statusCode).toBe(429);
        expect(limited.json().error).toBe('rate_limited');
        expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      }
      const other = await second.inject({
        method: 'GET',
        url: '/api/health',
        remoteAddress: '192.0.2.91',
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await first.close();
      await second.close();
      await database.close();
    }
  });

  it('refuses to start when nothing answers at FAMJAM_REDIS_URL, without echoing the URL', async () => {
    const database = await openTestDatabase();
    const nowhere = `redis://:hunter2@127.0.0.1:${await freePort()}`;
    const config = testConfig({ rateLimitStore: 'redis', redisUrl: nowhere });
    try {
      await expect(buildApp({ config, db: database.db })).rejects.toThrow(
        /^FAMJAM_REDIS_URL: could not connect to Valkey\/Redis \(ECONNREFUSED\)/,
      );
      await expect(buildApp({ config, db: database.db })).rejects.not.toThrow(/hunter2/);
    } finally {
      await database.close();
    }
  });
});
