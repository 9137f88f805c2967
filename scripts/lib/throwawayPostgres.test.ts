import { existsSync } from 'node:fs';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { findPostgresBin } from './systemPackages.ts';
import { startThrowawayPostgres } from './throwawayPostgres.ts';

const binDir = findPostgresBin();

async function query(url: string, sql: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

// Runs wherever Debian's PostgreSQL is installed (npm test installs it when it may); elsewhere
// the skip is reported by Vitest under this name.
describe.skipIf(binDir === null)('startThrowawayPostgres (needs /usr/lib/postgresql/*/bin)', () => {
  it('starts a private server the tests can create databases on, then stops it and deletes it', {
    timeout: 90_000,
  }, async () => {
    const server = await startThrowawayPostgres(binDir as string);
    try {
      expect(server.url).toBe(`postgres://famjam@127.0.0.1:${server.port}/postgres`);
      expect(server.version).toMatch(/^\d+/);
      expect(existsSync(server.dir)).toBe(true);
      // What the api-postgres step does per test file.
      await query(server.url, 'create database famjam_lifecycle_check');
      const rows = await query(
        server.url.replace(/\/postgres$/, '/famjam_lifecycle_check'),
        "select current_user as who, current_setting('fsync') as fsync",
      );
      expect(rows).toEqual([{ who: 'famjam', fsync: 'off' }]);
    } finally {
      server.stop();
    }
    expect(existsSync(server.dir)).toBe(false);
    await expect(query(server.url, 'select 1')).rejects.toThrow(/ECONNREFUSED/);
    // A second stop (an exit handler after the finally) is harmless.
    expect(() => server.stop()).not.toThrow();
  });
});
