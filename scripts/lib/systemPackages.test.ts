import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findPostgresBin, type InstallContext, planSystemPackages } from './systemPackages.ts';

const both = ['chromium-headless-shell', 'postgresql'] as const;

describe('planSystemPackages', () => {
  const cases: [string, InstallContext, ReturnType<typeof planSystemPackages>][] = [
    [
      'nothing missing: nothing to do, whoever runs it',
      { missing: [], isRoot: false, passwordlessSudo: false, hasAptGet: false },
      { kind: 'nothing' },
    ],
    [
      'root with apt-get: installs what is missing, in one apt-get install',
      { missing: both, isRoot: true, passwordlessSudo: false, hasAptGet: true },
      {
        kind: 'install',
        commands: [
          ['apt-get', 'update', '-q'],
          ['apt-get', 'install', '-y', '-q', 'chromium-headless-shell', 'postgresql'],
        ],
      },
    ],
    [
      'passwordless sudo with apt-get: the same through sudo -n',
      { missing: ['libical3'], isRoot: false, passwordlessSudo: true, hasAptGet: true },
      {
        kind: 'install',
        commands: [
          ['sudo', '-n', 'apt-get', 'update', '-q'],
          ['sudo', '-n', 'apt-get', 'install', '-y', '-q', 'libical3'],
        ],
      },
    ],
    [
      'sudo asks for a password: prints the command instead',
      { missing: ['postgresql'], isRoot: false, passwordlessSudo: false, hasAptGet: true },
      {
        kind: 'cannot',
        reason: 'installing packages needs root, and sudo asks for a password',
        command: 'sudo apt-get update && sudo apt-get install -y postgresql',
      },
    ],
    [
      'no apt-get, even as root: names the packages, no command to offer',
      { missing: both, isRoot: true, passwordlessSudo: true, hasAptGet: false },
      {
        kind: 'cannot',
        reason:
          "apt-get is not available here; install chromium-headless-shell postgresql with the system's package manager",
        command: null,
      },
    ],
  ];

  it.each(cases)('%s', (_name, context, plan) => {
    expect(planSystemPackages(context)).toEqual(plan);
  });
});

describe('findPostgresBin', () => {
  it('picks the newest major version that has an initdb, comparing numbers', async () => {
    const root = await mkdtemp(join(tmpdir(), 'famjam-pgroot-'));
    try {
      for (const version of ['9.6', '15', '16']) {
        await mkdir(join(root, version, 'bin'), { recursive: true });
      }
      await writeFile(join(root, '9.6', 'bin', 'initdb'), '', { mode: 0o755 });
      await writeFile(join(root, '15', 'bin', 'initdb'), '', { mode: 0o755 });
      // 16 is only half there (no initdb): not usable.
      expect(findPostgresBin(root)).toBe(join(root, '15', 'bin'));
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('finds nothing where PostgreSQL is not installed', () => {
    expect(findPostgresBin(join(tmpdir(), 'famjam-no-such-dir'))).toBeNull();
  });
});
