import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitForExit } from './waitForExit.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const firebaseBin = join(repoRoot, 'node_modules', '.bin', 'firebase');

const startupTimeoutMs = 90_000;
const stopTimeoutMs = 30_000;
const logTailLines = 40;

export interface AuthEmulatorOptions {
  /** A `demo-` project works offline and needs no credentials. */
  projectId?: string;
  /** Where accounts are imported from and exported to, so they survive restarts. */
  dataDir?: string;
}

export interface RunningAuthEmulator {
  /** "127.0.0.1:PORT", the value FIREBASE_AUTH_EMULATOR_HOST expects. */
  host: string;
  /** Clean shutdown (SIGINT), which is also when the emulator exports its accounts. */
  stop(): Promise<void>;
}

export class AuthEmulatorError extends Error {
  override name = 'AuthEmulatorError';
}

/** Asks the OS for a port nobody listens on; other test runs use their own free ports. */
export function findFreePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolvePort(address.port);
        else reject(new Error('could not allocate a free port'));
      });
    });
  });
}

/** firebase-tools writes this file into every export directory. */
function holdsExport(dataDir: string): boolean {
  return existsSync(join(dataDir, 'firebase-export-metadata.json'));
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * Starts the Firebase Auth emulator (firebase-tools, offline) on free ports with its own
 * temporary firebase.json, so it never collides with another run or with a developer's
 * `firebase emulators:start` on the default ports, and never depends on the repo's firebase.json.
 */
export async function startAuthEmulator(
  options: AuthEmulatorOptions = {},
): Promise<RunningAuthEmulator> {
  // A port found free can be taken by another process before the emulator binds it (tests and
  // e2e run side by side); that one failure is worth retrying on fresh ports.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnFreePorts(options);
    } catch (error) {
      if (!(error instanceof PortTakenError) || attempt >= 3) throw error;
    }
  }
}

class PortTakenError extends AuthEmulatorError {}

async function startOnFreePorts(options: AuthEmulatorOptions): Promise<RunningAuthEmulator> {
  const projectId = options.projectId ?? 'demo-famjam';
  const workDir = await mkdtemp(join(tmpdir(), 'famjam-auth-emulator-'));
  const [authPort, hubPort, loggingPort] = [
    await findFreePort(),
    await findFreePort(),
    await findFreePort(),
  ];
  const host = `127.0.0.1:${authPort}`;
  const configPath = join(workDir, 'firebase.json');
  await writeFile(
    configPath,
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port: authPort },
        hub: { host: '127.0.0.1', port: hubPort },
        logging: { host: '127.0.0.1', port: loggingPort },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );

  const args = [
    'emulators:start',
    '--only',
    'auth',
    '--project',
    projectId,
    '--config',
    configPath,
  ];
  if (options.dataDir) {
    const dataDir = resolve(options.dataDir);
    await mkdir(dataDir, { recursive: true });
    if (holdsExport(dataDir)) args.push('--import', dataDir);
    args.push('--export-on-exit', dataDir);
  }

  const logTail: string[] = [];
  // The Auth emulator answers HTTP before it has imported the accounts of --import; firebase-tools
  // prints this line only after every import, so a request sent earlier could miss an account.
  let reportedReady = false;
  let partialLine = '';
  const remember = (chunk: Buffer) => {
    const lines = (partialLine + chunk.toString('utf8')).split('\n');
    partialLine = lines.pop() ?? '';
    for (const line of lines) {
      if (line.trim() === '') continue;
      if (line.includes('All emulators ready')) reportedReady = true;
      logTail.push(line);
      if (logTail.length > logTailLines) logTail.shift();
    }
  };

  const child = spawn(firebaseBin, args, {
    cwd: workDir,
    // Own process group: a terminal Ctrl-C must not reach the emulator directly, because a
    // second SIGINT (ours, from stop()) would make firebase-tools skip the export.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      // The hub's locator file lives in TMPDIR; a private one keeps parallel runs apart.
      TMPDIR: workDir,
      NO_UPDATE_NOTIFIER: '1',
      FIREBASE_AUTH_EMULATOR_HOST: undefined,
    },
  });
  child.stdout?.on('data', remember);
  child.stderr?.on('data', remember);
  let spawnError: Error | null = null;
  child.on('error', (error) => {
    spawnError = error;
  });

  // Best effort if the parent exits without calling stop(): never leave an emulator behind.
  const killOnExit = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(workDir, { recursive: true, force: true });
  };
  process.on('exit', killOnExit);

  const cleanUp = async () => {
    process.off('exit', killOnExit);
    await rm(workDir, { recursive: true, force: true });
  };
  const failure = async (reason: string) => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await waitForExit(child, 5_000);
    }
    await cleanUp();
    const tail =
      logTail.length > 0 ? `\n--- emulator log (last lines) ---\n${logTail.join('\n')}` : '';
    const portTaken = logTail.some((line) => /port taken|is not open on/i.test(line));
    return new (portTaken ? PortTakenError : AuthEmulatorError)(
      `Firebase Auth emulator ${reason}${tail}`,
    );
  };

  const deadline = Date.now() + startupTimeoutMs;
  for (;;) {
    if (spawnError !== null) {
      throw await failure(
        `could not be started (${(spawnError as Error).message}; is firebase-tools installed? run npm ci)`,
      );
    }
    if (child.exitCode !== null || child.signalCode !== null) {
      throw await failure(`exited during startup (code ${child.exitCode ?? child.signalCode})`);
    }
    if (reportedReady && (await answers(`http://${host}/`))) break;
    if (Date.now() > deadline) {
      throw await failure(`did not answer on http://${host}/ within ${startupTimeoutMs / 1000} s`);
    }
    await new Promise((wait) => setTimeout(wait, 250));
  }

  let stopping: Promise<void> | null = null;
  return {
    host,
    stop() {
      stopping ??= (async () => {
        if (child.exitCode === null && child.signalCode === null) {
          child.kill('SIGINT');
          const exited = await waitForExit(child, stopTimeoutMs);
          if (!exited) {
            child.kill('SIGKILL');
            await waitForExit(child, 5_000);
          }
        }
        await cleanUp();
      })();
      return stopping;
    },
  };
}
