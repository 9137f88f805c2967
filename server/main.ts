/**
 * Starts FamJam: `tsx server/main.ts` (the start scripts call `startServer` in-process).
 * Configuration comes from the environment (see server/config.ts and docs/configuration.md).
 */
import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, isLoopback, loadConfig, type ServerConfig } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { errorCode, firstLine, innermostCause } from './errorInfo.ts';
import { preparePrivateDir } from './privateDir.ts';
import { listeningOrigin } from './publicOrigin.ts';
import type { SeedAtStart } from './seed/seed.ts';

/*
 * The database driver, the seed, Fastify with Firebase Admin and the place index are imported
 * by startServer once the configuration is known to be good: loading them takes seconds on a
 * small machine, and a mistake in the environment should be reported before that, not after.
 */

interface RunningServer {
  /** The address to open, e.g. http://127.0.0.1:8080 (the real port when PORT=0). */
  url: string;
  config: ServerConfig;
  /**
   * What to tell the person who started it: the URL line, what a fresh database was seeded
   * with, any trust notice, then whether the data directory had to be made private.
   */
  announcement: string[];
  /** Stops accepting requests, lets running ones finish, then closes the database. */
  close(): Promise<void>;
}

/** A startup failure already phrased for the person running the command. */
class StartupError extends Error {
  override name = 'StartupError';
}

function databaseLabel(config: ServerConfig): string {
  if (config.database.kind === 'pglite')
    return `the embedded database in ${config.database.dataDir}`;
  // Host and database name only: the URL may carry a password.
  const url = new URL(config.database.url);
  return `the database at ${url.hostname || 'localhost'}:${url.port || '5432'}${url.pathname}`;
}

function describeDatabaseError(error: unknown, config: ServerConfig): string {
  const label = databaseLabel(config);
  const hint = config.database.kind === 'postgres' ? '; check DATABASE_URL' : '';
  switch (errorCode(error)) {
    case 'ECONNREFUSED':
      return `cannot reach ${label} (connection refused)${hint}`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `cannot reach ${label} (host not found)${hint}`;
    case 'ETIMEDOUT':
      return `cannot reach ${label} (timed out)${hint}`;
    case '28P01':
    case '28000':
      return `${label} refused the user name or password${hint}`;
    case '3D000':
      return `${label} does not exist; create it first${hint}`;
    default:
      return `cannot open ${label}: ${firstLine(error)}`;
  }
}

function describeListenError(error: unknown, config: ServerConfig): string {
  switch (errorCode(error)) {
    case 'EADDRINUSE':
      return `port ${config.port} on ${config.host} is already in use; stop the other program or set PORT to a free port`;
    case 'EACCES':
      return `not allowed to listen on port ${config.port}; use a port above 1023 (set PORT)`;
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
      return `HOST ${config.host} is not an address of this machine; unset HOST or set it to one`;
    default:
      return `cannot listen on ${config.host}:${config.port}: ${firstLine(error)}`;
  }
}

/** The lines startServer's caller prints (exported for tests). */
export function announce(config: ServerConfig, url: string, seeded: SeedAtStart | null): string[] {
  const lines = [`FamJam is running at ${url}`];
  if (seeded?.action === 'seeded') {
    lines.push(`Seeded ${seeded.events} events and ${seeded.restaurants} restaurants.`);
  } else if (seeded?.action === 'refreshed') {
    lines.push(`Moved the seed's dates forward to today (${seeded.events} events).`);
  }
  const { firebase } = config;
  if (firebase.mode === 'emulator') {
    lines.push(
      isLoopback(config.host)
        ? `Trusting Firebase Auth emulator tokens from ${firebase.emulatorHost} (unsigned), so listening on loopback only.`
        : // Only reachable with FAMJAM_EMULATOR_ON_NETWORK=i-understand (loadConfig refuses otherwise).
          `Warning: trusting unsigned Firebase Auth emulator tokens from ${firebase.emulatorHost} while listening on ${config.host} (FAMJAM_EMULATOR_ON_NETWORK=i-understand): anyone who can reach this port can act as any user.`,
    );
  }
  // Reachable from other machines, people open it at some other name than this machine's
  // address, which feed links would then lead nowhere from. (Without the URL in it: the start
  // scripts drop lines that repeat it.)
  if (config.publicUrl === null && !isLoopback(config.host)) {
    lines.push(
      'FAMJAM_PUBLIC_URL is not set, so calendar feeds, shared event links and the Spotify redirect use the address above; set it to the address people open FamJam at.',
    );
  }
  return lines;
}

/**
 * Loads the configuration from `env`, opens the database (migrations applied), builds the app
 * and listens. Every failure is a ConfigError or StartupError with a one-line message.
 */
export async function startServer(env: NodeJS.ProcessEnv = process.env): Promise<RunningServer> {
  const config = loadConfig(env);
  // PGlite writes under the data dir; the start scripts have made it private already when they
  // start the emulator, so this only speaks up when the server is started on its own.
  const dataDirNote = config.database.kind === 'pglite' ? preparePrivateDir(config.dataDir) : null;

  const { openDatabase } = await import('./db/client.ts');
  let database: DatabaseHandle;
  try {
    database = await openDatabase(
      config.database.kind === 'postgres'
        ? { kind: 'postgres', url: config.database.url }
        : { kind: 'pglite', dataDir: config.database.dataDir },
    );
  } catch (error) {
    throw new StartupError(describeDatabaseError(error, config), { cause: error });
  }

  // A fresh install shows real-looking events at once instead of an empty city, and an old
  // one still has events this week.
  let seeded: SeedAtStart | null;
  try {
    const { seedAtStart } = await import('./seed/seed.ts');
    seeded = await seedAtStart(database.db);
  } catch (error) {
    await database.close();
    throw new StartupError(
      `cannot seed ${databaseLabel(config)}: ${firstLine(innermostCause(error))}`,
      {
        cause: error,
      },
    );
  }

  const [{ buildApp }, { warmGazetteer }] = await Promise.all([
    import('./app.ts'),
    import('./services/geocoding.ts'),
  ]);
  const app = await buildApp({
    config,
    db: database.db,
    logger: { level: config.logLevel },
  }).catch(async (error: unknown) => {
    await database.close();
    throw new StartupError(`cannot start the server: ${firstLine(error)}`, { cause: error });
  });

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
    await database.close();
    throw new StartupError(describeListenError(error, config), { cause: error });
  }

  // The place index takes a few seconds to build; doing it now, after the port is open, spares
  // the first search that wait. It runs on the next turn so startServer returns first. A
  // failure is only logged: the first request that needs the index builds it (and reports why).
  setImmediate(() => {
    try {
      warmGazetteer();
    } catch (error) {
      app.log.error({ err: error }, 'could not build the place index ahead of time');
    }
  });

  const url = listeningOrigin(config, app.server.address());

  let closing: Promise<void> | null = null;
  return {
    url,
    config,
    announcement: [...announce(config, url, seeded), ...(dataDirNote ? [dataDirNote] : [])],
    close() {
      closing ??= (async () => {
        try {
          await app.close();
        } finally {
          await database.close();
        }
      })();
      return closing;
    },
  };
}

/** The one line printed for any startup failure. */
function startupFailureLine(error: unknown): string {
  if (error instanceof ConfigError || error instanceof StartupError) {
    return `famjam: ${error.message}`;
  }
  return `famjam: ${firstLine(error)}`;
}

async function runFromCommandLine(): Promise<void> {
  let server: RunningServer;
  try {
    server = await startServer(process.env);
  } catch (error) {
    console.error(startupFailureLine(error));
    process.exit(1);
  }
  for (const line of server.announcement) console.log(line);

  let signalled = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (signalled) {
      // A second Ctrl-C means "now": do not wait for open connections.
      process.exit(130);
    }
    signalled = true;
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`famjam: could not shut down cleanly after ${signal}: ${firstLine(error)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  // Closing the terminal sends SIGHUP; stop as cleanly as on Ctrl-C.
  process.on('SIGHUP', shutdown);
}

function isEntryPoint(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return realpathSync(resolve(entry)) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isEntryPoint()) {
  void runFromCommandLine();
}
