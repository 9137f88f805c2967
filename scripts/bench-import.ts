/**
 * Feed-import benchmark (issue 31 B.3): does the API keep answering while a big feed imports?
 *
 *   npm run bench:import                      # PGlite, then a throwaway PostgreSQL 15
 *   npm run bench:import -- --db pglite --events 10000
 *
 * For each database it starts the real server (`node --import tsx server/main.ts`, its own
 * process, as `npm start` does; PGlite on disk, so on its worker thread as there) with one
 * JSON-LD source served from loopback, and while the server polls it, asks `GET /api/config`
 * and `GET /api/events?location=Oakland, CA` back to back (one request in flight each),
 * recording every latency. Three phases, each a restart of the server with the source due at
 * once:
 *
 *   1. new       the feed's N events, none stored yet;
 *   2. unchanged the same document again (no ETag: the feed is fetched and read whole);
 *   3. +10 %     the same plus N/10 new events.
 *
 * The feed server holds its answer until the probes have run for --warmup seconds, so the import
 * starts at a known moment; it ends when the server logs the source's run that finished it (a run
 * stopped by the per-run cap is followed by the next poll's, FAMJAM_SOURCES_POLL_SECONDS=1 here).
 * The latency figures are of the requests that overlapped the import.
 *
 * Options: --events N (default 10000), --db pglite|postgres|both (default both), --warmup S
 * (default 3). PostgreSQL is a throwaway cluster (scripts/lib/throwawayPostgres.ts) unless
 * DATABASE_URL names a server, on which a database famjam_bench_import_<pid> is created and
 * dropped.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../server/db/client.ts';
import { sources } from '../server/db/schema/sources.ts';
import { checkNewSource } from '../server/services/sources/newSource.ts';
import { insertCheckedSource } from '../server/services/sources/sources.ts';
import { findPostgresBin } from './lib/systemPackages.ts';
import { startThrowawayPostgres, type ThrowawayPostgres } from './lib/throwawayPostgres.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

interface Options {
  events: number;
  databases: ('pglite' | 'postgres')[];
  warmup: number;
}

function parseOptions(argv: string[]): Options {
  const options: Options = { events: 10_000, databases: ['pglite', 'postgres'], warmup: 3 };
  for (let index = 0; index < argv.length; index += 1) {
    const flag = argv[index];
    const raw = argv[index + 1];
    if (flag === '--') continue;
    index += 1;
    if (flag === '--events' || flag === '--warmup') {
      const number = Number(raw?.replaceAll('_', ''));
      if (!Number.isInteger(number) || number < 1) {
        throw new Error(`${flag} needs a whole number of at least 1 (got ${raw ?? 'nothing'})`);
      }
      if (flag === '--events') options.events = number;
      else options.warmup = number;
    } else if (flag === '--db') {
      if (raw === 'both') options.databases = ['pglite', 'postgres'];
      else if (raw === 'pglite' || raw === 'postgres') options.databases = [raw];
      else throw new Error(`--db needs pglite, postgres or both (got ${raw ?? 'nothing'})`);
    } else throw new Error(`unknown option ${flag}`);
  }
  return options;
}

/** A compact schema.org page of `count` events from `first` on (about 170 bytes an event). */
function feedPage(first: number, count: number, now: Date): string {
  const day = 86_400_000;
  const nodes: unknown[] = [];
  for (let n = first; n < first + count; n += 1) {
    // Spread over the next 90 days, on the hour, at a few places around Oakland.
    const start = new Date(now.getTime() + (1 + (n % 90)) * day + (n % 10) * 3_600_000);
    start.setUTCMinutes(0, 0, 0);
    nodes.push({
      '@type': 'Event',
      '@id': `https://feed.bench/e/${n}`,
      name: `Bench event ${n}`,
      startDate: start.toISOString(),
      location: {
        '@type': 'Place',
        name: 'Lakeside Park',
        geo: { latitude: 37.8 + (n % 7) * 0.01, longitude: -122.26 + (n % 5) * 0.01 },
      },
    });
  }
  return `<!doctype html><html><head><script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@graph': nodes })}</script></head><body></body></html>`;
}

/** Serves one page at /events, holding each answer until `release` is called. */
async function startFeed(): Promise<{
  url: string;
  setPage(page: string): void;
  hold(): void;
  release(): void;
  requested: () => number;
  close(): Promise<void>;
  server: Server;
}> {
  let page = '';
  let held = true;
  let requests = 0;
  const waiting: (() => void)[] = [];
  const server = createServer((request, response) => {
    requests += 1;
    const answer = () => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(page);
    };
    if (request.url !== '/events') response.writeHead(404).end();
    else if (held) waiting.push(answer);
    else answer();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/events`,
    setPage: (next) => {
      page = next;
    },
    hold: () => {
      held = true;
    },
    release: () => {
      held = false;
      for (const answer of waiting.splice(0)) answer();
    },
    requested: () => requests,
    close: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
    server,
  };
}

interface RunningServer {
  url: string;
  process: ChildProcess;
  /** Resolves with the time the source's run that was not cut short by a cap was logged. */
  importDone: Promise<{ at: number; runs: number }>;
  stop(): Promise<void>;
}

/** Starts `server/main.ts` with `env`; resolves once it prints its address. */
function startServer(env: NodeJS.ProcessEnv): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let runs = 0;
  let finishImport: (value: { at: number; runs: number }) => void = () => {};
  const importDone = new Promise<{ at: number; runs: number }>((done) => {
    finishImport = done;
  });
  const stderr: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  return new Promise((resolveStart, rejectStart) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.on('line', (line) => {
      const address = /FamJam is running at (\S+)/.exec(line)?.[1];
      if (address) {
        resolveStart({
          url: address,
          process: child,
          importDone,
          stop: () =>
            new Promise((done) => {
              if (child.exitCode !== null) return done();
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
        return;
      }
      if (!line.includes('source polled')) return;
      const entry = JSON.parse(line) as { outcome?: string; capped?: boolean };
      runs += 1;
      if (entry.outcome !== 'ok') {
        console.error(`  a run ended ${entry.outcome}: ${line}`);
        finishImport({ at: performance.now(), runs });
      } else if (!entry.capped) finishImport({ at: performance.now(), runs });
    });
    child.once('exit', (code) =>
      rejectStart(new Error(`the server exited (${code}) before listening:\n${stderr.join('')}`)),
    );
  });
}

interface Sample {
  path: string;
  started: number;
  ended: number;
  ok: boolean;
}

/** Asks `path` back to back until `stop()`; every answer's timing. */
function probe(base: string, path: string, samples: Sample[]): { stop(): Promise<void> } {
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      let ok = false;
      try {
        const response = await fetch(`${base}${path}`, { signal: AbortSignal.timeout(180_000) });
        await response.arrayBuffer();
        ok = response.ok;
      } catch {
        ok = false;
      }
      samples.push({ path, started, ended: performance.now(), ok });
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
    },
  };
}

function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}

interface PhaseFigures {
  database: string;
  phase: string;
  importSeconds: number;
  runs: number;
  load: number;
  byPath: Map<string, { count: number; failed: number; p50: number; p99: number; max: number }>;
}

const configPath = '/api/config';
const listPath = `/api/events?location=${encodeURIComponent('Oakland, CA')}`;

async function runPhase(
  database: string,
  phase: string,
  env: NodeJS.ProcessEnv,
  feed: Awaited<ReturnType<typeof startFeed>>,
  options: Options,
): Promise<PhaseFigures> {
  feed.hold();
  const server = await startServer(env);
  try {
    // The place index is built just after the server listens (seconds of CPU that hold every
    // request up); one answered list request means it is done, and the probes start warm.
    for (const path of [listPath, configPath]) {
      await fetch(`${server.url}${path}`, { signal: AbortSignal.timeout(180_000) });
    }
    const samples: Sample[] = [];
    const probes = [probe(server.url, configPath, samples), probe(server.url, listPath, samples)];
    await new Promise((done) => setTimeout(done, options.warmup * 1000));
    const importStart = performance.now();
    feed.release();
    const { at: importEnd, runs } = await server.importDone;
    await new Promise((done) => setTimeout(done, 500));
    await Promise.all(probes.map((running) => running.stop()));
    const during = samples.filter(
      (sample) => sample.ended >= importStart && sample.started <= importEnd,
    );
    const byPath = new Map<
      string,
      PhaseFigures['byPath'] extends Map<string, infer V> ? V : never
    >();
    for (const path of [configPath, listPath]) {
      const mine = during.filter((sample) => sample.path === path);
      const times = mine.map((sample) => sample.ended - sample.started).sort((a, b) => a - b);
      byPath.set(path, {
        count: mine.length,
        failed: mine.filter((sample) => !sample.ok).length,
        p50: percentile(times, 0.5),
        p99: percentile(times, 0.99),
        max: times.at(-1) ?? Number.NaN,
      });
    }
    return {
      database,
      phase,
      importSeconds: (importEnd - importStart) / 1000,
      runs,
      load: loadavg()[0] ?? 0,
      byPath,
    };
  } finally {
    await server.stop();
  }
}

/** Adds the bench source (due at once) or makes it due again, with the server stopped. */
async function prepareSource(
  target: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string },
  feedUrl: string,
): Promise<void> {
  const handle = await openDatabase(target);
  try {
    const now = new Date();
    const [existing] = await handle.db.select({ id: sources.id }).from(sources);
    if (existing) {
      await handle.db
        .update(sources)
        .set({ nextRunAt: now, etag: null, lastModified: null })
        .where(eq(sources.id, existing.id));
    } else {
      const source = checkNewSource({
        kind: 'jsonld',
        target: feedUrl,
        name: 'Bench feed',
        every: '1d',
        allowPrivateNetwork: true,
      });
      await insertCheckedSource(handle.db, source, now);
    }
  } finally {
    await handle.close();
  }
}

async function benchDatabase(
  kind: 'pglite' | 'postgres',
  options: Options,
  feed: Awaited<ReturnType<typeof startFeed>>,
): Promise<PhaseFigures[]> {
  const scratch = mkdtempSync(join(tmpdir(), 'famjam-bench-import-'));
  let throwaway: ThrowawayPostgres | null = null;
  let dropDatabase = async () => {};
  try {
    const env: NodeJS.ProcessEnv = {
      PORT: '0',
      HOST: '127.0.0.1',
      FAMJAM_DATA_DIR: scratch,
      FAMJAM_STATIC_DIR: join(scratch, 'no-client'),
      // Read routes need no sign-in; the address only satisfies the configuration's check.
      FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099',
      FAMJAM_RATE_LIMIT: '9999999',
      FAMJAM_SOURCES_POLL_SECONDS: '1',
      // The end of a run is read from the server's 'source polled' line.
      LOG_LEVEL: 'info',
      DATABASE_URL: undefined,
    };
    let target: Parameters<typeof prepareSource>[0];
    let label: string;
    if (kind === 'pglite') {
      target = { kind: 'pglite', dataDir: join(scratch, 'pglite') };
      label = 'PGlite';
    } else {
      let serverUrl = process.env.DATABASE_URL?.trim() || null;
      if (!serverUrl) {
        const binDir = findPostgresBin();
        if (!binDir) throw new Error('no PostgreSQL binaries in /usr/lib/postgresql');
        throwaway = await startThrowawayPostgres(binDir);
        serverUrl = throwaway.url;
      }
      const name = `famjam_bench_import_${process.pid}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`create database "${name}"`);
      await admin.end();
      dropDatabase = async () => {
        const dropper = new pg.Client({ connectionString: serverUrl });
        await dropper.connect();
        await dropper.query(`drop database if exists "${name}" with (force)`);
        await dropper.end();
      };
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      env.DATABASE_URL = url.toString();
      target = { kind: 'postgres', url: url.toString() };
      label = `PostgreSQL ${throwaway?.version ?? ''}`.trim();
    }
    const now = new Date();
    const extra = Math.round(options.events / 10);
    const phases: [string, string][] = [
      [`${options.events.toLocaleString('en-US')} new`, feedPage(0, options.events, now)],
      [`re-poll unchanged`, feedPage(0, options.events, now)],
      [`+${extra.toLocaleString('en-US')} new`, feedPage(0, options.events + extra, now)],
    ];
    const figures: PhaseFigures[] = [];
    for (const [phase, page] of phases) {
      feed.setPage(page);
      await prepareSource(target, feed.url);
      process.stdout.write(
        `${label}: ${phase} (${(page.length / 1_048_576).toFixed(1)} MiB feed)… `,
      );
      const result = await runPhase(label, phase, env, feed, options);
      console.log(`${result.importSeconds.toFixed(1)} s`);
      figures.push(result);
    }
    return figures;
  } finally {
    await dropDatabase().catch(() => {});
    throwaway?.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

const milliseconds = (value: number) => (Number.isNaN(value) ? '–' : value.toFixed(0));

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const feed = await startFeed();
  const figures: PhaseFigures[] = [];
  try {
    for (const kind of options.databases)
      figures.push(...(await benchDatabase(kind, options, feed)));
  } finally {
    await feed.close();
  }
  console.log(
    '\n| database | phase | import s | runs | /api/config p50 / p99 / max ms (n) | list p50 / p99 / max ms (n) | failed | load |',
  );
  console.log('|---|---|---:|---:|---|---|---:|---:|');
  for (const row of figures) {
    const cells = [configPath, listPath].map((path) => {
      const at = row.byPath.get(path);
      return at
        ? `${milliseconds(at.p50)} / ${milliseconds(at.p99)} / ${milliseconds(at.max)} (${at.count})`
        : '–';
    });
    const failed = [...row.byPath.values()].reduce((sum, at) => sum + at.failed, 0);
    console.log(
      `| ${row.database} | ${row.phase} | ${row.importSeconds.toFixed(1)} | ${row.runs} | ${cells.join(' | ')} | ${failed} | ${row.load.toFixed(1)} |`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
