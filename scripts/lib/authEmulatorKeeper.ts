/**
 * Runs firebase-tools' Auth emulator for scripts/lib/authEmulator.ts and sees to it that it ends
 * with a clean shutdown (which is when it exports its accounts), whatever happens to the process
 * that started it:
 *   node --import tsx authEmulatorKeeper.ts <work dir> <firebase bin> <firebase args...>
 * authEmulator.ts starts it in a process group of its own, so a signal to the starter's group
 * (Ctrl-C, `kill -- -PGID`) never reaches firebase-tools directly. A stop is asked for by closing
 * this process's stdin, which also happens when the starter dies without asking (SIGKILL, e.g.
 * from tsx's signal relay on a busy machine), or by SIGINT/SIGTERM/SIGHUP. firebase-tools then
 * gets exactly one SIGINT (a second signal makes it skip the export) and is killed if it has
 * not exited within the limit. Its output passes through here, so a starter that is gone (its
 * end of the pipe closed) costs firebase-tools no EPIPE halfway through its export.
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';

const stopLimitMs = 30_000;

const [workDir, firebaseBin, ...firebaseArgs] = process.argv.slice(2);
if (!workDir || !firebaseBin) {
  console.error('usage: authEmulatorKeeper.ts <work dir> <firebase bin> [args...]');
  process.exit(2);
}

// The starter may be gone: writing to its closed pipe must not end this process.
process.stdout.on('error', () => undefined);
process.stderr.on('error', () => undefined);

const emulator = spawn(firebaseBin, firebaseArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
emulator.stdout.on('data', (chunk: Buffer) => process.stdout.write(chunk));
emulator.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk));

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  if (emulator.exitCode !== null || emulator.signalCode !== null) return;
  emulator.kill('SIGINT');
  setTimeout(() => emulator.kill('SIGKILL'), stopLimitMs).unref();
};
process.stdin.on('end', stop);
process.stdin.on('close', stop);
process.stdin.on('error', stop);
process.stdin.resume();
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, stop);

emulator.on('error', (error) => {
  console.error(
    `could not run ${firebaseBin}: ${error.message} (is firebase-tools installed? run npm ci)`,
  );
  rmSync(workDir, { recursive: true, force: true });
  process.exit(127);
});
// 'close', not 'exit': the emulator's last output lines (the export) are passed on first.
emulator.on('close', (code, signal) => {
  rmSync(workDir, { recursive: true, force: true });
  process.exit(code ?? (signal ? 1 : 0));
});
