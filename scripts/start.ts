/**
 * `npm start`: build the client if needed, start the Auth emulator and the server, print the URL.
 * `npm run dev`: the same emulator and API, plus Vite with hot reload in front of them.
 *   --inspect (or VITE_STATELY_INSPECT=true): connect the Stately inspector in dev; without
 *   --dev the variable is ignored with a note (see scripts/lib/startOptions.ts).
 * Ctrl-C, SIGTERM or closing the terminal (SIGHUP), to this process or to its whole process
 * group, stops everything (the emulator exports its accounts to .data/auth first) and exits 0.
 * package.json runs it with `node --import tsx`, not the `tsx` command: tsx's parent process
 * relays a signal to its child and SIGKILLs it unless the child acknowledges within about 60 ms,
 * which a group signal on a busy machine often missed (the server never closed, and the emulator
 * was left running, its accounts not exported).
 * FAMJAM_STATIC_DIR naming another folder than dist/client skips the client build.
 */
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeFailure } from '../server/errorInfo.ts';
import { listeningOrigin } from '../server/publicOrigin.ts';
import { findFreePort } from './lib/authEmulator.ts';
import { runClientBuild } from './lib/clientBuild.ts';
import { clientBuildNeeded } from './lib/freshness.ts';
import { checkConfiguration, type RunningStack, startStack } from './lib/stack.ts';
import { parseStartArguments, type StartOptions } from './lib/startOptions.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const minimumNode = [20, 19] as const;
const forceStopAfterMs = 1_000;
const dataDir = resolve(process.env.FAMJAM_DATA_DIR ?? join(repoRoot, '.data'));

const color = process.stdout.isTTY && !process.env.NO_COLOR;
const bold = (text: string) => (color ? `\x1b[1m${text}\x1b[22m` : text);
const green = (text: string) => (color ? `\x1b[32m${text}\x1b[39m` : text);
const dim = (text: string) => (color ? `\x1b[2m${text}\x1b[22m` : text);

class StartError extends Error {
  override name = 'StartError';
}

function checkNodeVersion(): void {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  const [needMajor, needMinor] = minimumNode;
  if (major < needMajor || (major === needMajor && minor < needMinor)) {
    throw new StartError(
      `Node ${needMajor}.${needMinor} or newer is needed (this is ${process.versions.node})`,
    );
  }
}

async function buildClient(): Promise<void> {
  const outcome = await runClientBuild(repoRoot);
  if (outcome !== 0) {
    throw new StartError(
      `the client build failed (vite build exited with ${outcome}); see its output above`,
    );
  }
}

function banner(lines: string[]): void {
  const width = Math.max(...lines.map((line) => line.length)) + 4;
  const rule = '─'.repeat(width);
  console.log(`\n  ┌${rule}┐`);
  for (const line of lines) console.log(`  │  ${bold(green(line.padEnd(width - 4)))}  │`);
  console.log(`  └${rule}┘\n`);
}

interface Running {
  stack: RunningStack;
  stopVite?: () => Promise<void>;
}

async function startProduction(): Promise<Running> {
  checkConfiguration({ ...process.env, FAMJAM_DATA_DIR: dataDir });
  const staticDir = process.env.FAMJAM_STATIC_DIR?.trim();
  if (staticDir && resolve(staticDir) !== join(repoRoot, 'dist', 'client')) {
    // The server serves that folder, not dist/client: building dist/client would be for nothing.
    console.log(
      dim(`Serving the client from ${staticDir} (FAMJAM_STATIC_DIR); skipping vite build.`),
    );
  } else {
    const reason = clientBuildNeeded(repoRoot);
    if (reason) {
      console.log(`Building the client (${reason})...`);
      await buildClient();
    } else {
      console.log(dim('The client build in dist/client is up to date; skipping vite build.'));
    }
  }
  const stack = await startStack({
    env: process.env,
    dataDir,
    persistAccounts: true,
  });
  return { stack };
}

async function startDevelopment(options: StartOptions): Promise<Running> {
  // The API gets a free loopback port of its own; the browser only ever talks to Vite, which
  // proxies /api there (vite.config.ts reads FAMJAM_API_ORIGIN when it loads).
  const apiEnv = {
    ...process.env,
    PORT: String(await findFreePort()),
    HOST: process.env.HOST ?? '127.0.0.1',
  };
  // Vite starts first (its URL is the address people open, which the API needs for the URLs it
  // writes): a bad setting must still fail before it, as in npm start.
  checkConfiguration({ ...apiEnv, FAMJAM_DATA_DIR: dataDir });
  process.env.FAMJAM_API_ORIGIN = listeningOrigin(
    { host: apiEnv.HOST, port: Number(apiEnv.PORT) },
    null,
  );
  // Vite exposes VITE_* variables of the process environment as import.meta.env.VITE_*.
  if (options.inspect) process.env.VITE_STATELY_INSPECT = 'true';
  const { createServer } = await import('vite');
  const vite = await createServer({
    root: repoRoot,
    configFile: join(repoRoot, 'vite.config.ts'),
  });
  try {
    await vite.listen();
    const viteUrl = vite.resolvedUrls?.local[0];
    if (!viteUrl) throw new StartError('the Vite dev server started but reported no URL');
    const stack = await startStack({
      // Feed links and the Spotify redirect lead to Vite, not to the API's own port.
      env: { ...apiEnv, FAMJAM_PUBLIC_URL: process.env.FAMJAM_PUBLIC_URL?.trim() || viteUrl },
      dataDir,
      persistAccounts: true,
    });
    return { stack: { ...stack, url: viteUrl }, stopVite: () => vite.close() };
  } catch (error) {
    await vite.close();
    throw error;
  }
}

function fail(error: unknown): never {
  const { reason, details } = describeFailure(error);
  console.error(`\nFamJam could not start: ${reason}`);
  if (details) console.error(dim(details));
  process.exit(1);
}

async function main(): Promise<void> {
  const options = parseStartArguments(process.argv.slice(2), process.env);
  checkNodeVersion();
  for (const note of options.notes) console.log(dim(note));

  // A Ctrl-C during startup must still stop whatever already runs; remember it and act once
  // startup settles.
  let stopRequestedAt: number | null = null;
  let running: Running | null = null;
  let stoppingSince: number | null = null;
  const stop = async () => {
    if (stoppingSince !== null) {
      // One Ctrl-C (or `kill -- -PGID`) reaches npm and this process, and npm passes it on too:
      // the copies arrive within milliseconds. Only a later, deliberate second Ctrl-C forces the
      // exit (the emulator still finishes its export: its keeper sees this process end).
      if (Date.now() - stoppingSince < forceStopAfterMs) return;
      console.error('Stopping anyway, without waiting for a clean shutdown.');
      process.exit(1);
    }
    stoppingSince = Date.now();
    console.log('\nStopping FamJam...');
    try {
      await running?.stopVite?.();
      await running?.stack.stop();
    } catch (error) {
      console.error(`FamJam did not stop cleanly: ${describeFailure(error).reason}`);
      process.exit(1);
    }
    console.log('Stopped.');
    process.exit(0);
  };
  const onSignal = () => {
    if (running) void stop();
    else if (stopRequestedAt === null) {
      stopRequestedAt = Date.now();
      console.log('\nStopping as soon as startup finishes (Ctrl-C again to abort now)...');
    } else if (Date.now() - stopRequestedAt >= forceStopAfterMs) process.exit(1);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  // Closing the terminal window sends SIGHUP: stop the same way, so the emulator still exports
  // its accounts. The terminal is gone by then, and writing to it fails (EIO); such a write
  // error must not end the process before the export is done.
  process.on('SIGHUP', () => {
    process.stdout.on('error', () => undefined);
    process.stderr.on('error', () => undefined);
    onSignal();
  });

  running = options.dev ? await startDevelopment(options) : await startProduction();
  if (stopRequestedAt !== null) {
    await stop();
    return;
  }

  const { stack } = running;
  const lines = [`FamJam is running at ${stack.url}`];
  if (options.dev) lines.push('Vite hot reload is on; the API runs behind /api.');
  if (options.inspect) lines.push('Stately inspector: on (it opens in a new window).');
  banner(lines);
  for (const notice of stack.notices) console.log(notice);
  const fromHere = relative(process.cwd(), dataDir);
  const shownDataDir = fromHere === '' ? '.' : fromHere.startsWith('..') ? dataDir : fromHere;
  if (stack.authEmulatorHost) {
    const accounts = stack.startedEmulator
      ? `; accounts are kept in ${join(shownDataDir, 'auth')}`
      : '';
    console.log(
      dim(`Sign-in uses the Firebase Auth emulator at ${stack.authEmulatorHost}${accounts}.`),
    );
  }
  if (!process.env.DATABASE_URL) {
    console.log(dim(`Data is kept in ${join(shownDataDir, 'pglite')} (PGlite).`));
  }
  if (!process.env.FAMJAM_SMTP_URL?.trim()) {
    console.log(
      dim(`No SMTP server is set: emails are written to ${join(shownDataDir, 'outbox')}.`),
    );
  }
  console.log(dim('Press Ctrl-C to stop.'));
}

main().catch(fail);
