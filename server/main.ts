/**
 * Starts FamJam: `tsx server/main.ts` (the start scripts call `startServer` in-process).
 * Configuration comes from the environment (see server/config.ts and the README).
 */
import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type ServerConfig } from './config.ts';
import { type DatabaseHandle, openDatabase } from './db/client.ts';

export interface RunningServer {
  /** The address to open, e.g. http://127.0.0.1:8080 (the real port when PORT=0). */
  url: string;
  config: ServerConfig;
  /** What to tell the person who started it: the URL line, then any trust notice. */
  announcement: string[];
  /** Stops accepting requests, lets running ones finish, then closes the database. */
  close(): Promise<void>;
}

/** A startup failure already phrased for the person running the command. */
export class StartupError extends Error {
  override name = 'StartupError';
}

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return (message.split('\n')[0] ?? '').trim() || 'unknown error';
}

function errorCode(error: unknown): string {
  return error instanceof Error && 'code' in error && typeof error.code === 'string'
    ? error.code
    : '';
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

function urlFor(host: string, port: number): string {
  // A wildcard address is not something a browser can open; this machine can use localhost.
  const reachable = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host.startsWith('127.');
}

function announce(config: ServerConfig, url: string): string[] {
  const lines = [`FamJam is running at ${url}`];
  const { firebase } = config;
  if (firebase.mode === 'emulator') {
    lines.push(
      isLoopback(config.host)
        ? `Trusting Firebase Auth emulator tokens from ${firebase.emulatorHost} (unsigned), so listening on loopback only.`
        : `Warning: trusting unsigned Firebase Auth emulator tokens from ${firebase.emulatorHost} while listening on ${config.host}: anyone who can reach this port can act as any user.`,
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

  // ── Seed (issue 3) ─────────────────────────────────────────────────────────────────────
  // Migrations are applied at this point. The lead wires the seed here:
  //   await seedIfEmpty(database.db);
  // ───────────────────────────────────────────────────────────────────────────────────────

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

  const address = app.server.address();
  const port = address !== null && typeof address === 'object' ? address.port : config.port;
  const url = urlFor(config.host, port);

  let closing: Promise<void> | null = null;
  return {
    url,
    config,
    announcement: announce(config, url),
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
export function startupFailureLine(error: unknown): string {
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
