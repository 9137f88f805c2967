import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { waitForExit } from './waitForExit.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const firebaseBin = join(repoRoot, 'node_modules', '.bin', 'firebase');
const keeperScript = join(repoRoot, 'scripts', 'lib', 'authEmulatorKeeper.ts');
/** tsx's loader, as `node --import tsx` uses it (the keeper runs in the emulator's work dir). */
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

const startupTimeoutMs = 90_000;
/** The keeper's own limit for firebase-tools' clean shutdown is 30 s; this is the keeper's. */
const stopTimeoutMs = 40_000;
const logTailLines = 40;

interface AuthEmulatorOptions {
  /** A `demo-` project works offline and needs no credentials. */
  projectId?: string;
  /** Where accounts are imported from and exported to, so they survive restarts. */
  dataDir?: string;
}

export interface RunningAuthEmulator {
  /** "127.0.0.1:PORT", the value FIREBASE_AUTH_EMULATOR_HOST expects. */
  host: string;
  /**
   * Clean shutdown, which is also when the emulator exports its accounts; resolves once every
   * process of the emulator has ended. If this process exits without calling it (even killed by
   * SIGKILL), the emulator still shuts down cleanly on its own (authEmulatorKeeper.ts).
   */
  stop(): Promise<void>;
}

class AuthEmulatorError extends Error {
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

/** An account's "sessions valid since" mark, in seconds, as the emulator exports it. */
interface SessionMark {
  localId: string;
  validSince: string;
}

/** The sessions marks of the accounts in an export (none if it cannot be read). */
async function exportedSessionMarks(dataDir: string): Promise<SessionMark[]> {
  try {
    const exported = JSON.parse(
      await readFile(join(dataDir, 'auth_export', 'accounts.json'), 'utf8'),
    ) as { users?: Array<Partial<SessionMark>> };
    return (exported.users ?? []).flatMap(({ localId, validSince }) =>
      typeof localId === 'string' && typeof validSince === 'string'
        ? [{ localId, validSince }]
        : [],
    );
  } catch {
    return [];
  }
}

/**
 * Puts back each imported account's validSince. firebase-tools' import (accounts:batchCreate)
 * sets it to the moment of the import, and the emulator refuses every ID token issued before
 * it with TOKEN_EXPIRED: the Firebase SDK's check of its kept session as a page loads
 * (accounts:lookup) then signed everyone out at each restart. Refresh tokens need nothing:
 * the emulator's are self-describing (the account's id, base64 JSON) and are honoured for any
 * account that exists. The admin update (Bearer owner) copies validSince as given, which
 * also keeps a password change's sign-out of older sessions in force.
 * Returns how many accounts could not be restored (their sessions end, as before).
 */
async function restoreSessionMarks(
  host: string,
  projectId: string,
  marks: readonly SessionMark[],
): Promise<number> {
  let failed = 0;
  for (const mark of marks) {
    try {
      const response = await fetch(
        `http://${host}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:update`,
        {
          method: 'POST',
          headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
          body: JSON.stringify(mark),
          signal: AbortSignal.timeout(10_000),
        },
      );
      await response.body?.cancel();
      if (!response.ok) failed++;
    } catch {
      failed++;
    }
  }
  return failed;
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
  // Read before the emulator starts: it writes its export over them when it stops.
  let sessionMarks: SessionMark[] = [];
  if (options.dataDir) {
    const dataDir = resolve(options.dataDir);
    await mkdir(dataDir, { recursive: true });
    if (holdsExport(dataDir)) {
      args.push('--import', dataDir);
      sessionMarks = await exportedSessionMarks(dataDir);
    }
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

  // The keeper runs firebase-tools in a process group of its own (detached), so a signal to our
  // group (a terminal's Ctrl-C, `kill -- -PGID`) never reaches the emulator directly: a second
  // signal (the group's copy, then ours) makes firebase-tools skip the export. The keeper asks
  // for the clean shutdown itself once its stdin closes, which stop() does, and which the OS does
  // when this process ends in any way, SIGKILL included: no emulator outlives us.
  const child = spawn(
    process.execPath,
    ['--import', tsxLoader, keeperScript, workDir, firebaseBin, ...args],
    {
      cwd: workDir,
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
      env: {
        ...process.env,
        // The hub's locator file lives in TMPDIR; a private one keeps parallel runs apart.
        TMPDIR: workDir,
        NO_UPDATE_NOTIFIER: '1',
        FIREBASE_AUTH_EMULATOR_HOST: undefined,
      },
    },
  );
  child.stdout?.on('data', remember);
  child.stderr?.on('data', remember);
  // The keeper may be gone (killed) before we close its stdin.
  child.stdin?.on('error', () => undefined);
  let spawnError: Error | null = null;
  child.on('error', (error) => {
    spawnError = error;
  });

  /** SIGKILL to the keeper's whole group: the keeper and firebase-tools alike. */
  const killGroup = () => {
    if (child.pid === undefined) return;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // ESRCH: nothing of the group is left.
    }
  };
  const cleanUp = async () => {
    await rm(workDir, { recursive: true, force: true });
  };
  const failure = async (reason: string) => {
    killGroup();
    await waitForExit(child, 5_000);
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
  const lostSessions = await restoreSessionMarks(host, projectId, sessionMarks);
  if (lostSessions > 0) {
    console.warn(
      `Firebase Auth emulator: ${lostSessions} imported account(s) could not keep their sessions; they will be asked to sign in again.`,
    );
  }

  let stopping: Promise<void> | null = null;
  return {
    host,
    stop() {
      stopping ??= (async () => {
        child.stdin?.end();
        if (!(await waitForExit(child, stopTimeoutMs))) killGroup();
        await waitForExit(child, 5_000);
        // Whatever the keeper left behind in its group (it never should) goes too.
        killGroup();
        await cleanUp();
      })();
      return stopping;
    },
  };
}
