import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServerDatabase, openTestDatabase } from '../test/database.ts';
import { type DatabaseHandle, openDatabase, PreparedStatements } from './client.ts';
import { rowsOf } from './rows.ts';

describe('the database client', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(async () => {
    await handle?.close();
  });

  const greeting = new PreparedStatements((shape: { shout: boolean }) =>
    shape.shout
      ? sql`select upper(${sql.placeholder('name')}::text) as said, ${sql.placeholder('times')}::integer * 2 as twice`
      : sql`select ${sql.placeholder('name')}::text as said, ${sql.placeholder('times')}::integer * 2 as twice`,
  );

  it('binds fresh values to a statement compiled once per shape', async () => {
    const first = rowsOf(
      await greeting.execute(handle.db, { shout: false }, { name: 'Ada', times: 2 }),
    );
    const second = rowsOf(
      await greeting.execute(handle.db, { shout: false }, { name: 'Bo', times: 5 }),
    );
    const shouted = rowsOf(
      await greeting.execute(handle.db, { shout: true }, { name: 'Cy', times: 1 }),
    );
    expect(first).toEqual([{ said: 'Ada', twice: 4 }]);
    expect(second).toEqual([{ said: 'Bo', twice: 10 }]);
    expect(shouted).toEqual([{ said: 'CY', twice: 2 }]);
  });

  describe.skipIf(!process.env.DATABASE_URL)(
    'on PostgreSQL (runs when DATABASE_URL is set: the api-postgres step)',
    () => {
      it('runs prepared statements on connections that always use the generic plan', async () => {
        const setting = new PreparedStatements(
          () =>
            sql`select current_setting('plan_cache_mode') as mode, ${sql.placeholder('n')}::integer as n`,
        );
        const rows = rowsOf(await setting.execute(handle.db, {}, { n: 1 }));
        expect(rows).toEqual([{ mode: 'force_generic_plan', n: 1 }]);
        // …and only those: everything else is planned per query.
        const plain = rowsOf(
          await handle.db.execute(sql`select current_setting('plan_cache_mode') as mode`),
        );
        expect(plain).toEqual([{ mode: 'auto' }]);
      });

      it('survives a connection ended in the middle of a transaction', async () => {
        const said = vi.spyOn(console, 'error').mockImplementation(() => {});
        try {
          const running = handle.db.transaction(async (tx) => {
            await tx.execute(sql`select pg_sleep(5)`);
          });
          const outcome = running.then(
            () => 'committed',
            () => 'failed',
          );
          await vi.waitFor(async () => {
            const ended = rowsOf(
              await handle.db.execute(sql`select count(pg_terminate_backend(pid))::integer as ended
                from pg_stat_activity
                where datname = current_database() and query like 'select pg_sleep%'`),
            );
            expect(ended).toEqual([{ ended: 1 }]);
          });
          expect(await outcome).toBe('failed');
          const after = rowsOf(await handle.db.execute(sql`select 1 as one`));
          expect(after).toEqual([{ one: 1 }]);
        } finally {
          said.mockRestore();
        }
      });

      it('survives the server ending idle connections and reconnects on next use', async () => {
        const said = vi.spyOn(console, 'error').mockImplementation(() => {});
        try {
          // Both pools get an idle connection, then the server ends every other session of
          // this database, as a restart or a DBA would.
          await greeting.execute(handle.db, { shout: false }, { name: 'before', times: 1 });
          await handle.db.execute(sql`select
            pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid()`);
          await vi.waitFor(() => expect(said).toHaveBeenCalled());
          expect(String(said.mock.calls[0]?.[0])).toMatch(
            /^famjam: a database connection was lost/,
          );
          const after = rowsOf(
            await greeting.execute(handle.db, { shout: false }, { name: 'after', times: 1 }),
          );
          expect(after).toEqual([{ said: 'after', twice: 2 }]);
        } finally {
          said.mockRestore();
        }
      });

      it('lets two servers starting together migrate one empty database', async () => {
        // Issue 31: the second start failed creating tables the first had just made.
        const empty = await createServerDatabase(process.env.DATABASE_URL?.trim() ?? '');
        try {
          const starts = await Promise.allSettled([
            openDatabase({ kind: 'postgres', url: empty.url }),
            openDatabase({ kind: 'postgres', url: empty.url }),
          ]);
          await Promise.all(
            starts.map((start) => (start.status === 'fulfilled' ? start.value.close() : null)),
          );
          expect(starts.map((start) => start.status)).toEqual(['fulfilled', 'fulfilled']);
        } finally {
          await empty.drop();
        }
      });
    },
  );
});
