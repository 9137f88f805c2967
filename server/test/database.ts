import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, type OpenOptions, openDatabase } from '../db/client.ts';
import { loadPgliteSnapshot } from './pgliteSnapshot.ts';

/**
 * A fresh, migrated database: in-memory PGlite (a private copy of the run's migrated snapshot), or, when DATABASE_URL is set, a new database
 * created on that server for this test file and dropped on close (the role needs CREATEDB).
 */
export async function openTestDatabase(options: OpenOptions = {}): Promise<DatabaseHandle> {
  const serverUrl = process.env.DATABASE_URL?.trim();
  if (!serverUrl) {
    // The api project's globalSetup made it (server/test/pgliteSnapshot.ts); a test run
    // without it (another config) starts from an empty PGlite and migrates, as before.
    const snapshot = await loadPgliteSnapshot(inject('pgliteSnapshot') ?? null);
    return openDatabase(
      { kind: 'pglite', dataDir: null, ...(snapshot ? { loadDataDir: snapshot } : {}) },
      options,
    );
  }
  const database = await createServerDatabase(serverUrl);
  const handle = await openDatabase({ kind: 'postgres', url: database.url }, options);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await database.drop();
    },
  };
}

/**
 * A new, empty database on the PostgreSQL server `serverUrl` names (the role needs CREATEDB):
 * its URL, and a drop that ends whatever is still connected to it.
 */
export async function createServerDatabase(
  serverUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `famjam_test_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onServer(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
