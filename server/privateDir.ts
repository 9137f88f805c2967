import { chmodSync, mkdirSync, statSync } from 'node:fs';
import { ConfigError } from './config.ts';
import { errorCode } from './errorInfo.ts';

/** Owner only: read, write, enter. */
const privateMode = 0o700;

/**
 * Creates FAMJAM_DATA_DIR (and missing parents) readable by its owner only, or tightens an
 * existing one to that: the Auth emulator keeps passwords in plain text and exports them to
 * `auth/` under it, next to the database. Returns the one line to tell the person starting
 * FamJam when it had to tighten it, else null; a second call finds it private and says nothing.
 */
export function preparePrivateDir(dir: string): string | null {
  try {
    mkdirSync(dir, { recursive: true, mode: privateMode });
  } catch (error) {
    if (errorCode(error) === 'EEXIST' || errorCode(error) === 'ENOTDIR') {
      throw new ConfigError(
        `the data directory ${dir} is not a directory; set FAMJAM_DATA_DIR to a directory`,
      );
    }
    throw new ConfigError(
      `cannot create the data directory ${dir} (${errorCode(error) || 'failed'}); set FAMJAM_DATA_DIR to a directory you can write`,
    );
  }
  const stats = statSync(dir);
  if (!stats.isDirectory()) {
    throw new ConfigError(
      `the data directory ${dir} is not a directory; set FAMJAM_DATA_DIR to a directory`,
    );
  }
  const mode = stats.mode & 0o777;
  if ((mode & ~privateMode) === 0) return null;
  try {
    chmodSync(dir, privateMode);
  } catch (error) {
    throw new ConfigError(
      `the data directory ${dir} is readable by other users (mode ${mode.toString(8)}) and cannot be made private (${errorCode(error) || 'failed'}); run chmod 700 on it, or set FAMJAM_DATA_DIR to a directory you own`,
    );
  }
  return `Made ${dir} readable by its owner only (it was ${mode.toString(8)}; it holds the database and the Auth emulator's accounts, passwords included).`;
}
