import { randomBytes } from 'node:crypto';
import { chmod, link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import webpush from 'web-push';
import { ConfigError, type ServerConfig, type VapidKeyPair } from '../../config.ts';
import { errorCode } from '../../errorInfo.ts';

/*
 * The VAPID key pair of a deployment that configured none (the embedded default): made once
 * with web-push and kept in the data directory, owner-only (0600, in the 0700 directory
 * server/privateDir.ts keeps), so a restart signs with the same key and every device's
 * subscription, bound to that public key by the browser, keeps working.
 */

/** Where the generated pair is kept, under FAMJAM_DATA_DIR. */
export const VAPID_KEYS_FILE = 'vapid-keys.json';

function isKeyPair(value: unknown): value is VapidKeyPair {
  return (
    typeof value === 'object' &&
    value !== null &&
    'publicKey' in value &&
    'privateKey' in value &&
    typeof value.publicKey === 'string' &&
    typeof value.privateKey === 'string' &&
    Buffer.from(value.publicKey, 'base64url').length === 65 &&
    Buffer.from(value.privateKey, 'base64url').length === 32
  );
}

async function readKeyPair(path: string): Promise<VapidKeyPair> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    if (errorCode(error) === 'ENOENT') throw error;
    parsed = null;
  }
  if (!isKeyPair(parsed)) {
    throw new ConfigError(
      `${path} does not hold a VAPID key pair; delete it to make a new one (every device then has to turn push on again), or set FAMJAM_VAPID_PUBLIC_KEY and FAMJAM_VAPID_PRIVATE_KEY`,
    );
  }
  // A copy restored from a backup may have come back readable by others.
  await chmod(path, 0o600);
  return { publicKey: parsed.publicKey, privateKey: parsed.privateKey };
}

/**
 * The pair kept in `dataDir`, made on the first call. Two processes starting on one data
 * directory agree on one pair: each writes its own candidate to a private temporary file and
 * links it into place, which only the first can do (link fails on an existing name); the other
 * reads the winner's. The file is never seen half written.
 */
export async function vapidKeysInDataDir(dataDir: string): Promise<VapidKeyPair> {
  const path = join(dataDir, VAPID_KEYS_FILE);
  try {
    return await readKeyPair(path);
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const candidate = webpush.generateVAPIDKeys();
  const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temporary, `${JSON.stringify(candidate, null, 2)}\n`, {
    mode: 0o600,
    flag: 'wx',
  });
  try {
    await link(temporary, path);
  } catch (error) {
    if (errorCode(error) !== 'EEXIST') throw error;
  } finally {
    await unlink(temporary);
  }
  return readKeyPair(path);
}

/**
 * The configuration with its VAPID pair settled: the configured one, else the data
 * directory's. buildApp calls it once, so routes and the push job read `config.push.vapidKeys`.
 */
export async function withVapidKeys(config: ServerConfig): Promise<ServerConfig> {
  if (config.push.vapidKeys !== null) return config;
  return {
    ...config,
    push: { ...config.push, vapidKeys: await vapidKeysInDataDir(config.dataDir) },
  };
}

/** The settled pair; withVapidKeys has run by the time anything asks (a bug otherwise). */
export function vapidKeysOf(config: ServerConfig): VapidKeyPair {
  const keys = config.push.vapidKeys;
  if (keys === null) throw new Error('The VAPID keys were read before buildApp settled them.');
  return keys;
}
