import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFreePort } from './authEmulator.ts';
import { isRootUser } from './systemPackages.ts';

/*
 * A private PostgreSQL for the API tests' second run (the api-postgres step of npm test): its
 * own cluster in a temp dir, on a free loopback port, trust auth for one role, fsync off (the
 * data is thrown away), stopped and deleted afterwards. Nothing of the machine's own PostgreSQL
 * setup is touched or needed beyond the Debian binaries.
 */

export interface ThrowawayPostgres {
  /** postgres://famjam@127.0.0.1:PORT/postgres; the role may create databases and extensions. */
  url: string;
  port: number;
  /** e.g. "15.14". */
  version: string;
  /** The temp dir holding the cluster, its socket and its log. */
  dir: string;
  /** Stops the server and deletes the dir. Synchronous, so it also works in an exit handler; safe to call twice. */
  stop(): void;
}

class ThrowawayPostgresError extends Error {
  override name = 'ThrowawayPostgresError';
}

const role = 'famjam';
const startTimeoutSeconds = 60;

/**
 * initdb refuses to run as root, so as root every server command runs as the `postgres`
 * account the Debian package creates (runuser needs no password for root).
 */
function asServerUser(binary: string, args: string[]): [string, string[]] {
  return isRootUser() ? ['runuser', ['-u', 'postgres', '--', binary, ...args]] : [binary, args];
}

function run(binary: string, args: string[]): { ok: boolean; output: string } {
  const [command, commandArgs] = asServerUser(binary, args);
  const result = spawnSync(command, commandArgs, {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: (startTimeoutSeconds + 30) * 1000,
  });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? result.error.message : ''}`;
  return { ok: result.status === 0, output: output.trim() };
}

function postgresAccountIds(): { uid: number; gid: number } {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    throw new ThrowawayPostgresError(
      "running as root, and there is no postgres account to run initdb as (Debian's postgresql package creates it)",
    );
  }
}

function logTail(path: string): string {
  try {
    return readFileSync(path, 'utf8').trimEnd().split('\n').slice(-15).join('\n');
  } catch {
    return '';
  }
}

/** Starts a fresh cluster with the binaries in `binDir` (see findPostgresBin). */
export async function startThrowawayPostgres(binDir: string): Promise<ThrowawayPostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'famjam-test-pg-'));
  const data = join(dir, 'data');
  const log = join(dir, 'server.log');
  const pgCtl = join(binDir, 'pg_ctl');
  let started = false;
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    if (started) run(pgCtl, ['-D', data, '-m', 'fast', '-w', 'stop']);
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    if (isRootUser()) {
      const { uid, gid } = postgresAccountIds();
      chownSync(dir, uid, gid);
    }
    const init = run(join(binDir, 'initdb'), ['-D', data, '-A', 'trust', '-U', role, '--no-sync']);
    if (!init.ok) throw new ThrowawayPostgresError(`initdb failed:\n${init.output}`);

    // A port found free can be taken before the server binds it; a fresh port is worth a retry.
    let port = 0;
    let lastFailure = '';
    for (let attempt = 1; attempt <= 3 && !started; attempt++) {
      port = await findFreePort();
      const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
      const start = run(pgCtl, [
        '-D',
        data,
        '-l',
        log,
        '-w',
        '-t',
        String(startTimeoutSeconds),
        '-o',
        options,
        'start',
      ]);
      started = start.ok;
      if (!started) lastFailure = `${start.output}\n${logTail(log)}`.trim();
    }
    if (!started) throw new ThrowawayPostgresError(`PostgreSQL did not start:\n${lastFailure}`);

    const versionLine = run(join(binDir, 'postgres'), ['--version']).output;
    const version = /(\d+(?:\.\d+)*)/.exec(versionLine)?.[1] ?? versionLine;
    return { url: `postgres://${role}@127.0.0.1:${port}/postgres`, port, version, dir, stop };
  } catch (error) {
    stop();
    throw error;
  }
}
