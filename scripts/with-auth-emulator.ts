/**
 * Runs a command with a fresh Firebase Auth emulator beside it:
 *   tsx scripts/with-auth-emulator.ts vitest run --project 'api*'
 * The command sees FIREBASE_AUTH_EMULATOR_HOST; the emulator stops when it ends, and this
 * script exits with the command's exit code.
 */
import { spawn } from 'node:child_process';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startAuthEmulator } from './lib/authEmulator.ts';

const repoBin = join(
  resolve(dirname(fileURLToPath(import.meta.url)), '..'),
  'node_modules',
  '.bin',
);

async function main(): Promise<number> {
  const [command, ...args] = process.argv.slice(2);
  if (!command) {
    console.error('usage: tsx scripts/with-auth-emulator.ts <command> [args...]');
    return 2;
  }

  const emulator = await startAuthEmulator();
  try {
    const child = spawn(command, args, {
      stdio: 'inherit',
      env: {
        ...process.env,
        FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
        // Local binaries (vitest, tsx) resolve however this script was launched.
        PATH: `${repoBin}${delimiter}${process.env.PATH ?? ''}`,
      },
    });
    // A terminal Ctrl-C reaches the command by itself (same process group); a SIGTERM sent to
    // this script alone is passed on so the command can end before the emulator stops.
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    const code = await new Promise<number>((resolveCode) => {
      child.on('error', (error) => {
        console.error(`with-auth-emulator: could not run ${command}: ${error.message}`);
        resolveCode(127);
      });
      child.on('exit', (exitCode, signal) => resolveCode(exitCode ?? (signal ? 1 : 0)));
    });
    process.off('SIGINT', forward);
    process.off('SIGTERM', forward);
    return code;
  } finally {
    await emulator.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`with-auth-emulator: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
