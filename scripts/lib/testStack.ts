import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { type E2eStackInfo, parseReadyLine } from './e2eReady.ts';
import { waitForExit } from './waitForExit.ts';

/*
 * Starts the whole stack for a test or audit run, exactly as `npm start` does (scripts/lib/stack.ts) but
 * on free ports, with a fresh temporary data dir and an Auth emulator of its own, so the suite
 * never touches the developer's .data/ and can run beside other test runs. It runs in a child
 * process (scripts/e2e-stack.ts under tsx, like npm start) rather than inside the Playwright
 * runner, which keeps the server's module loading identical to production.
 *
 * Tests read BASE_URL (the app) from the environment, which the workers inherit. Set
 * FAMJAM_E2E_BASE_URL to run the suite against a stack that is already running instead.
 *
 * It lives in scripts/ because both the e2e suite (e2e/global-setup.ts) and the audits
 * (scripts/lib/auditStack.ts) start it: e2e imports scripts, never the other way round.
 */

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const tsxBin = join(repoRoot, 'node_modules', '.bin', 'tsx');
// The stack seeds a fresh database and starts the emulator: about 20 s on an idle machine, and
// more than 120 s was seen on the shared 2-core machine at load 13 (npm test runs steps side by
// side too). A limit only for a stack that never comes up.
const startupTimeoutMs = 300_000;
const stopTimeoutMs = 45_000;
/** The stack's own output (server log, emulator messages); read it when a test fails oddly. */
const stackLogPath = join(repoRoot, 'test-results', 'e2e-stack.log');

function logTail(lines: number): string {
  try {
    return readFileSync(stackLogPath, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

export async function startTestStack(): Promise<() => Promise<void>> {
  const external = process.env.FAMJAM_E2E_BASE_URL;
  if (external) {
    process.env.BASE_URL = external;
    return async () => undefined;
  }

  if (!existsSync(join(repoRoot, 'dist', 'client', 'index.html'))) {
    throw new Error(
      'The e2e tests run against the built client, and dist/client has none: run npm run build first (npm test does it for you).',
    );
  }

  const dataDir = await mkdtemp(join(tmpdir(), 'famjam-e2e-'));
  mkdirSync(dirname(stackLogPath), { recursive: true });
  const log = createWriteStream(stackLogPath);
  const child = spawn(tsxBin, [join('scripts', 'e2e-stack.ts')], {
    cwd: repoRoot,
    env: { ...process.env, FAMJAM_DATA_DIR: dataDir, NO_COLOR: '1' },
    // stdin stays open as a lifeline: if this runner dies, the stack sees it close and stops.
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stderr?.pipe(log, { end: false });

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      if (!(await waitForExit(child, stopTimeoutMs))) {
        child.kill('SIGKILL');
        await waitForExit(child, 5_000);
      }
    }
    log.end();
    await rm(dataDir, { recursive: true, force: true });
  };

  let info: E2eStackInfo;
  try {
    info = await new Promise<E2eStackInfo>((resolveReady, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`did not become ready within ${startupTimeoutMs / 1000} s`)),
        startupTimeoutMs,
      );
      if (!child.stdout) throw new Error('has no stdout to report readiness on');
      const lines = createInterface({ input: child.stdout });
      lines.on('line', (line) => {
        log.write(`${line}\n`);
        const ready = parseReadyLine(line);
        if (ready) {
          clearTimeout(timer);
          resolveReady(ready);
        }
      });
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`exited during startup (${code ?? signal})`));
      });
    });
  } catch (error) {
    await stop();
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `The e2e stack (scripts/e2e-stack.ts) ${reason}.\n--- ${stackLogPath} (last lines) ---\n${logTail(30)}`,
    );
  }

  process.env.BASE_URL = info.url;
  if (info.authEmulatorHost) process.env.FAMJAM_E2E_AUTH_EMULATOR_HOST = info.authEmulatorHost;
  // What the outreach specs read: the push stand-in's received list, and the data directory's
  // outbox, where the stack's emails go (it has no SMTP server).
  if (info.pushStandIn) process.env.FAMJAM_E2E_PUSH_STAND_IN = info.pushStandIn;
  process.env.FAMJAM_E2E_DATA_DIR = dataDir;
  console.log(`e2e stack running at ${info.url} (log: test-results/e2e-stack.log)`);
  return stop;
}
