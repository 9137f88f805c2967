import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthEmulator } from './authEmulator.ts';

// Each emulator start takes seconds (minutes on a loaded 2-core CI box); the emulator's own
// 90 s startup limit is what should fail first.
const emulatorTestTimeout = 240_000;

const repoRoot = resolve(import.meta.dirname, '..', '..');

async function identityToolkit(host: string, method: string, body: object) {
  const response = await fetch(
    `http://${host}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    },
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'famjam-emulator-data-'));
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('startAuthEmulator', () => {
  it(
    'stops on request and keeps accounts across restarts when given a data directory',
    async () => {
      const credentials = {
        email: 'kept@example.com',
        password: 'correct-horse',
        returnSecureToken: true,
      };

      const first = await startAuthEmulator({ dataDir });
      try {
        expect(first.host).toMatch(/^127\.0\.0\.1:\d+$/);
        expect((await identityToolkit(first.host, 'signUp', credentials)).status).toBe(200);
      } finally {
        await first.stop();
      }
      await expect(fetch(`http://${first.host}/`)).rejects.toThrow();
      expect(existsSync(join(dataDir, 'firebase-export-metadata.json'))).toBe(true);

      const second = await startAuthEmulator({ dataDir });
      try {
        const signIn = await identityToolkit(second.host, 'signInWithPassword', credentials);
        expect(signIn.status, JSON.stringify(signIn.body)).toBe(200);
        expect(signIn.body.email).toBe('kept@example.com');
      } finally {
        await second.stop();
      }
    },
    emulatorTestTimeout,
  );
});

describe('scripts/with-auth-emulator.ts', () => {
  it(
    "runs the command with FIREBASE_AUTH_EMULATOR_HOST set and exits with the command's code",
    async () => {
      const probe =
        "fetch('http://' + process.env.FIREBASE_AUTH_EMULATOR_HOST + '/').then(r => r.json()).then(b => process.exit(b.authEmulator.ready ? 7 : 1), () => process.exit(1))";
      const code = await new Promise<number | null>((resolveCode, reject) => {
        const child = spawn(
          join(repoRoot, 'node_modules', '.bin', 'tsx'),
          ['scripts/with-auth-emulator.ts', process.execPath, '-e', probe],
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
