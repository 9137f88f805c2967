import { spawnSync } from 'node:child_process';
import { accessSync, constants, readdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/*
 * What `npm test` needs from the operating system, Debian's Chromium and PostgreSQL, and
 * whether it may install them itself. The decision is a pure function (planSystemPackages) so
 * every combination is tested; the probes that feed it and the runner are thin.
 */

/** Debian package names, which are also what the user reads. */
export type SystemPackage =
  | 'chromium-headless-shell'
  | 'chromium'
  | 'postgresql'
  | 'libical3'
  | 'python3-icalendar'
  | 'redis-server';

export interface InstallContext {
  /** The packages that are needed and not found. */
  missing: readonly SystemPackage[];
  isRoot: boolean;
  /** `sudo -n true` succeeds (only asked when not root). */
  passwordlessSudo: boolean;
  hasAptGet: boolean;
}

type InstallPlan =
  | { kind: 'nothing' }
  | {
      kind: 'install';
      /** Each command's argv, run in order with stdin ignored. */
      commands: string[][];
    }
  | {
      kind: 'cannot';
      /** Why npm test may not install them itself. */
      reason: string;
      /** The one command that would, for the user to run; null without apt-get. */
      command: string | null;
    };

/** The environment apt-get runs in: never a question on a terminal nobody watches. */
export const aptEnvironment = { DEBIAN_FRONTEND: 'noninteractive' } as const;

export function planSystemPackages(context: InstallContext): InstallPlan {
  const { missing, isRoot, passwordlessSudo, hasAptGet } = context;
  if (missing.length === 0) return { kind: 'nothing' };
  const names = missing.join(' ');
  if (!hasAptGet) {
    return {
      kind: 'cannot',
      reason: `apt-get is not available here; install ${names} with the system's package manager`,
      command: null,
    };
  }
  if (isRoot || passwordlessSudo) {
    const asRoot = isRoot ? [] : ['sudo', '-n'];
    return {
      kind: 'install',
      commands: [
        [...asRoot, 'apt-get', 'update', '-q'],
        [...asRoot, 'apt-get', 'install', '-y', '-q', ...missing],
      ],
    };
  }
  return {
    kind: 'cannot',
    reason: 'installing packages needs root, and sudo asks for a password',
    command: `sudo apt-get update && sudo apt-get install -y ${names}`,
  };
}

// --- Probes -------------------------------------------------------------------------------------

export function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The browser the e2e suite drives: Debian's Chromium headless shell (package
 * chromium-headless-shell, the same Chromium build without the desktop browser around it), or
 * CHROMIUM_PATH. Measured on the 2-core machine (profile, saved and home specs, 2 workers, 2 runs
 * each, 2026-11-27): 105 s wall and 60 s CPU against 177 s and 103 s for /usr/bin/chromium in
 * its new headless mode, which renders as the full browser does.
 */
export function e2eBrowserPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
}

/**
 * The browser of the specs that need notifications (issue 34's push: e2e/sources.spec.ts and
 * e2e/outreach.spec.ts): Debian's full Chromium (package chromium) in its new headless mode, or
 * CHROMIUM_NOTIFICATIONS_PATH. The headless shell has no notifications at all: its
 * Notification.permission stays 'denied' whatever the context grants, where the full browser
 * reads 'granted' after context.grantPermissions(['notifications']) (checked 2026-11-29).
 */
export function notificationsBrowserPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.CHROMIUM_NOTIFICATIONS_PATH ?? '/usr/bin/chromium';
}

/**
 * The bin directory of the newest PostgreSQL Debian installed (/usr/lib/postgresql/<major>/bin
 * with an initdb in it), or null.
 */
export function findPostgresBin(root = '/usr/lib/postgresql'): string | null {
  let versions: string[];
  try {
    versions = readdirSync(root);
  } catch {
    return null;
  }
  const usable = versions
    .filter((version) => isExecutable(join(root, version, 'bin', 'initdb')))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  const newest = usable.at(-1);
  return newest === undefined ? null : join(root, newest, 'bin');
}

export function onPath(command: string, env: NodeJS.ProcessEnv = process.env): boolean {
  return (env.PATH ?? '')
    .split(delimiter)
    .some((dir) => dir !== '' && isExecutable(join(dir, command)));
}

export function isRootUser(): boolean {
  return process.getuid?.() === 0;
}

/**
 * The Python that Debian's python3-* packages are installed for: /usr/bin/python3, not one a
 * version manager (pyenv, a virtualenv) puts first on PATH, which does not see them.
 */
export function debianPython(): string {
  return isExecutable('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
}

/**
 * libical and python3-icalendar, the two parsers contract/icalendar.parsers.test.ts reads our
 * calendar files with (through scripts/lib/ical-parsers.py): each is found when Python can load
 * it. Returns the Debian packages to install for the missing ones.
 */
export function missingIcalParsers(): SystemPackage[] {
  const loads = (code: string) =>
    spawnSync(debianPython(), ['-c', code], { stdio: 'ignore', timeout: 30_000 }).status === 0;
  return [
    ...(loads('import ctypes.util, sys; sys.exit(ctypes.util.find_library("ical") is None)')
      ? []
      : (['libical3'] as const)),
    ...(loads('import icalendar') ? [] : (['python3-icalendar'] as const)),
  ];
}

/** True when sudo runs without asking (never prompts: -n). */
export function hasPasswordlessSudo(): boolean {
  const probe = spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore', timeout: 10_000 });
  return probe.status === 0;
}
