import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPostgresBin } from '../../scripts/lib/systemPackages.ts';
import { createServerDatabase, openTestDatabase } from '../test/database.ts';
import { insertFixtures } from '../test/fixtureApp.ts';
import { type DatabaseHandle, openDatabase } from './client.ts';
import { rowsOf } from './rows.ts';

/**
 * Issue 31: PostgreSQL's own maintenance runs with only pg_catalog on the search_path
 * (autovacuum's ANALYZE, pg_restore), and the radius indexes' expression must still make sense
 * there. With earthdistance's ll_to_earth it did not: "type earth does not exist".
 */

describe('ANALYZE with only pg_catalog on the search_path, as autovacuum runs it', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
    await insertFixtures(handle, new Date());
  });
  afterAll(async () => {
    await handle?.close();
  });

  it.each(['events', 'restaurants'])('analyzes %s and its radius index', async (table) => {
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`set local search_path = pg_catalog`);
      await tx.execute(sql.raw(`analyze public.${table}`));
    });
    // The statistics of the index's expression are what ANALYZE failed to gather.
    const statistics = rowsOf(
      await handle.db.execute(
        sql`select count(*)::integer as columns from pg_stats where tablename = ${`${table}_earth_idx`}`,
      ),
    );
    expect(statistics).toEqual([{ columns: 1 }]);
  });
});

/** Runs `command`, resolving with its exit code and what it wrote to stderr. */
function finished(
  child: ReturnType<typeof spawn>,
): Promise<{ code: number | null; errors: string }> {
  let errors = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    errors += chunk;
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, errors }));
  });
}

describe.skipIf(!process.env.DATABASE_URL)(
  'a dump and restore round trip (runs when DATABASE_URL is set: the api-postgres step)',
  () => {
    const serverUrl = process.env.DATABASE_URL?.trim() ?? '';
    const dropped: Array<() => Promise<void>> = [];
    afterAll(async () => {
      await Promise.all(dropped.map((drop) => drop()));
    });

    it('pg_dump -Fc | pg_restore restores without errors, both radius indexes included', async () => {
      const binDir = findPostgresBin();
      expect(binDir, 'the PostgreSQL client binaries (Debian postgresql package)').not.toBeNull();
      const source = await createServerDatabase(serverUrl);
      dropped.push(source.drop);
      const handle = await openDatabase({ kind: 'postgres', url: source.url });
      try {
        await insertFixtures(handle, new Date());
      } finally {
        await handle.close();
      }
      const target = await createServerDatabase(serverUrl);
      dropped.push(target.drop);

      const dump = spawn(join(binDir ?? '', 'pg_dump'), ['-Fc', '--dbname', source.url], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const restore = spawn(
        join(binDir ?? '', 'pg_restore'),
        ['--no-owner', '--dbname', target.url],
        { stdio: ['pipe', 'ignore', 'pipe'] },
      );
      dump.stdout?.pipe(restore.stdin as NodeJS.WritableStream);
      const [dumped, restored] = await Promise.all([finished(dump), finished(restore)]);
      expect(dumped).toEqual({ code: 0, errors: '' });
      expect(restored).toEqual({ code: 0, errors: '' });

      const client = new pg.Client({ connectionString: target.url });
      await client.connect();
      try {
        const { rows } = await client.query<{ indexname: string }>(
          `select indexname from pg_indexes where indexname like '%earth_idx' order by indexname`,
        );
        expect(rows.map((row) => row.indexname)).toEqual([
          'events_earth_idx',
          'restaurants_earth_idx',
        ]);
      } finally {
        await client.end();
      }
    });
  },
);
