import { chmod, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { ConfigError } from '../../config.ts';
import { openTestDatabase } from '../../test/database.ts';
import { testConfig } from '../../test/helpers.ts';
import { VAPID_KEYS_FILE, vapidKeysInDataDir } from './pushKeys.ts';

/*
 * With no VAPID keys configured (the embedded default), the pair is made once and kept in the
 * data directory, so the key the browsers subscribed with survives a restart.
 */

let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'famjam-vapid-'));
});

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

/** The key /api/config serves from an app started on `dataDir` without configured keys. */
async function servedKey(dataDir: string): Promise<string> {
  const database = await openTestDatabase();
  const base = testConfig();
  const app = await buildApp({
    config: { ...base, dataDir, push: { ...base.push, vapidKeys: null } },
    db: database.db,
  });
  try {
    const response = await app.inject({ method: 'GET', url: '/api/config' });
    expect(response.statusCode).toBe(200);
    return response.json().push.vapidPublicKey;
  } finally {
    await app.close();
    await database.close();
  }
}

describe('the VAPID keys of the embedded default', () => {
  it('are made on the first start, kept owner-only in the data directory, and the same after a restart', async () => {
    const dataDir = join(scratch, 'restarts');
    const first = await servedKey(dataDir);
    expect(first).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    const file = join(dataDir, VAPID_KEYS_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(file, 'utf8')).publicKey).toBe(first);
    // A restart: a new app (and database) on the same data directory.
    expect(await servedKey(dataDir)).toBe(first);
    // Another deployment's data directory has a pair of its own.
    expect(await servedKey(join(scratch, 'elsewhere'))).not.toBe(first);
  });

  it('are one pair when several processes start at once on a fresh data directory', async () => {
    const dataDir = join(scratch, 'race');
    const pairs = await Promise.all(Array.from({ length: 6 }, () => vapidKeysInDataDir(dataDir)));
    expect(new Set(pairs.map((pair) => pair.publicKey)).size).toBe(1);
    expect(new Set(pairs.map((pair) => pair.privateKey)).size).toBe(1);
  });

  it('are tightened back to owner-only, and a damaged file stops the start with what to do', async () => {
    const dataDir = join(scratch, 'damaged');
    await vapidKeysInDataDir(dataDir);
    const file = join(dataDir, VAPID_KEYS_FILE);
    await chmod(file, 0o644);
    await vapidKeysInDataDir(dataDir);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    await writeFile(file, '{"publicKey": "nope"');
    await expect(vapidKeysInDataDir(dataDir)).rejects.toThrow(ConfigError);
    await expect(vapidKeysInDataDir(dataDir)).rejects.toThrow(/delete it to make a new one/);
  });
});
