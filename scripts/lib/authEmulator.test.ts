import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// An emulator start takes seconds (minutes on a loaded 2-core CI box); the emulator's own 90 s
// startup limit is what should fail first.
const emulatorTestTimeout = 240_000;

const repoRoot = resolve(import.meta.dirname, '..', '..');

// Stopping startAuthEmulator({ dataDir }) exports the accounts and the next start imports them:
// scripts/start.test.ts proves it through `npm start` (which starts the emulator that way, via
// scripts/lib/stack.ts), stopped by SIGTERM and by SIGINT, so it is not started twice more here.

describe('scripts/with-auth-emulator.ts', () => {
  it(
    "runs the command with FIREBASE_AUTH_EMULATOR_HOST set and exits with the command's code",
    async () => {
      const probe =
        "fetch('http://' + process.env.FIREBASE_AUTH_EMULATOR_HOST + '/').then(r => r.json()).then(b => process.exit(b.authEmulator.ready ? 7 : 1), () => process.exit(1))";
      const code = await new Promise<number | null>((resolveCode, reject) => {
        const child = spawn(
          process.execPath,
          ['--import', 'tsx', 'scripts/with-auth-emulator.ts', process.execPath, '-e', probe],
          { cwd: repoRoot, stdio: 'ignore' },
        );
        child.on('error', reject);
        child.on('exit', resolveCode);
      });
      expect(code).toBe(7);
    },
    emulatorTestTimeout,
  );
});
