import { createHash } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { fillPlaceholders, type Logger, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { openPglite } from './pgliteOpen.ts';
import { startPgliteWorker } from './pgliteWorkerClient.ts';
import * as schema from './schema/index.ts';

type Schema = typeof schema;
/** The one database type the services use, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  /** 'pglite' (embedded, the default) or 'postgres' (DATABASE_URL). */
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface OpenOptions {
  /** Sees every statement the app runs, with its values (the index tests EXPLAIN them). */
  logger?: Logger;
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  | {
      kind: 'pglite';
      dataDir: string | null; // null: in memory (tests)
      /**
       * A data directory to start from (PGlite's dumpDataDir), instead of a fresh initdb.
       * The API tests pass one made and migrated once per run (server/test/pgliteSnapshot.ts):
       * a fresh PGlite costs seconds of CPU per test file, loading a snapshot about a quarter.
       */
      loadDataDir?: Blob;
      /**
       * Where PGlite runs. 'worker' (the default with a data directory: the server, the
       * commands, the bench) hosts it on a worker thread of its own, so its work never holds
       * the server's event loop (a feed import's batches held `/api/config` for hundreds of
       * milliseconds; docs/benchmarks.md). 'main' (the default in memory: the API tests, whose
       * database is private to one file and whose snapshot is taken from the PGlite object)
       * runs it on the caller's thread.
       */
      thread?: 'worker' | 'main';
    };

/**
 * Opens the database and applies every pending migration, so a fresh `.data/` or an empty
 * PostgreSQL is ready the moment this resolves.
 */
export async function openDatabase(
  target: DatabaseTarget,
  options: OpenOptions = {},
): Promise<DatabaseHandle> {
  // Schema always; the logger only when asked for (drizzle's default logs nothing).
  const drizzleOptions = { schema, ...(options.logger ? { logger: options.logger } : {}) };
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: 10,
      // An unroutable host would otherwise hang the start instead of failing with one line.
      connectionTimeoutMillis: 10_000,
    });
    let closing = false;
    // A connection whose server went away (a restart, a failover, a DBA's kill) reports an
    // error event; unheard, it would take the process down. The pool drops it and opens a new
    // one on next use; a query running on it fails on its own. Every client gets a listener
    // for its whole life (pg-pool's own is off while a client is checked out, e.g. in a
    // transaction). While closing, the server may end connections being let go: not news.
    const onLostConnection = (error: Error) => {
      if (!closing) console.error(`famjam: a database connection was lost (${error.message})`);
    };
    pool.on('error', onLostConnection);
    pool.on('connect', (client) => client.on('error', onLostConnection));
    // Fail fast with the driver's reason (unreachable host, bad password) before migrating.
    const migrating = await pool.connect();
    let migrated = false;
    try {
      await migrateUnderLock(migrating);
      migrated = true;
    } finally {
      // After a failure the connection is closed rather than reused: that also ends its lock.
      migrating.release(!migrated);
    }
    const db = drizzlePg({ client: pool, ...drizzleOptions });
    // The hot read paths' prepared statements run on connections of their own that always
    // use the generic plan (see PreparedStatements); everything else keeps per-query planning.
    // Set by a connect hook that the pool awaits before handing the connection out, rather
    // than as a startup option, which a DATABASE_URL carrying its own `options` would replace.
    const genericPool = new pg.Pool({
      connectionString: target.url,
      max: 6,
      connectionTimeoutMillis: 10_000,
      onConnect: async (client) => {
        client.on('error', onLostConnection);
        await client.query('set plan_cache_mode = force_generic_plan');
      },
    });
    genericPool.on('error', onLostConnection);
    // Checked now, so a server or pooler that refuses the setting fails the start with its
    // reason, not every search.
    const genericProbe = await genericPool.connect();
    try {
      const { rows } = await genericProbe.query<{ mode: string }>(
        "select current_setting('plan_cache_mode') as mode",
      );
      if (rows[0]?.mode !== 'force_generic_plan') {
        throw new Error(`the server kept plan_cache_mode at ${rows[0]?.mode ?? 'nothing'}`);
      }
    } finally {
      genericProbe.release();
    }
    genericPlanDatabases.set(db, drizzlePg({ client: genericPool, ...drizzleOptions }));
    return {
      db,
      kind: 'postgres',
      close: async () => {
        closing = true;
        await Promise.all([pool.end(), genericPool.end()]);
      },
    };
  }
  const pgliteOptions = { dataDir: target.dataDir, loadDataDir: target.loadDataDir ?? null };
  const thread = target.thread ?? (target.dataDir ? 'worker' : 'main');
  // The worker's client has exactly the part of PGlite's surface that drizzle's session calls
  // (pgliteWorkerClient.ts), not the whole class the driver's type names.
  const client =
    thread === 'worker' ? await startPgliteWorker(pgliteOptions) : await openPglite(pgliteOptions);
  try {
    const db = drizzlePglite({ client: client as PGlite, ...drizzleOptions });
    await migratePglite(db, { migrationsFolder });
    return { db, kind: 'pglite', close: () => client.close() };
  } catch (error) {
    await client.close();
    throw error;
  }
}

// Any constant works; it only has to be the same in every process that migrates this database
// (and differ from the seed's, server/seed/seed.ts).
const migrationLockKey = 0x46a3_0d6b;

/**
 * Applies the pending migrations on one connection that holds a session advisory lock for the
 * whole run. Drizzle's migrator creates its own schema and table, reads what was applied, then
 * applies the rest in a transaction: two servers starting together on an empty database both
 * read "nothing applied", and the second failed creating tables the first had just made.
 * Under the lock the second waits, then finds everything applied. On a failure the caller
 * closes the connection, which releases the lock.
 */
async function migrateUnderLock(connection: pg.PoolClient): Promise<void> {
  await connection.query('select pg_advisory_lock($1)', [migrationLockKey]);
  await migratePg(drizzlePg({ client: connection, schema }), { migrationsFolder });
  await connection.query('select pg_advisory_unlock($1)', [migrationLockKey]);
}

const dialect = new PgDialect();

/** Per PostgreSQL database: the twin whose connections always use generic plans. */
const genericPlanDatabases = new WeakMap<Database, Database>();

/**
 * A read statement whose text is built and compiled once per shape, then only bound: for the
 * hot paths, where drizzle compiling a large query cost more per request than PostgreSQL
 * running it. `build` gets the shape (what changes the text: which filters are present) and
 * spells every value as `sql.placeholder(name)`; `execute` fills them in.
 *
 * On PostgreSQL each shape runs as a named prepared statement on connections that always use
 * its generic plan, so it is also parsed and planned once per connection instead of once per
 * request: planning was over half the database time of a listing page (0.24 of 0.42 ms at a
 * million events). The automatic plan cache never switched by itself: a generic plan's
 * unknown start time makes it look a little dearer, though it is the same plan. So only
 * statements whose best plan does not depend on the values belong here, and shapes must be
 * few (each stays prepared on each connection). PGlite runs the compiled text unnamed.
 */
export class PreparedStatements<Shape> {
  private readonly compiled = new Map<string, { sql: string; params: unknown[]; name: string }>();

  constructor(private readonly build: (shape: Shape) => SQL) {}

  execute(db: Database, shape: Shape, values: Record<string, unknown>): Promise<unknown> {
    const key = JSON.stringify(shape);
    let statement = this.compiled.get(key);
    if (!statement) {
      const query = dialect.sqlToQuery(this.build(shape));
      const name = `famjam_${createHash('sha1').update(query.sql).digest('hex').slice(0, 24)}`;
      statement = { sql: query.sql, params: query.params, name };
      this.compiled.set(key, statement);
    }
    const query = { sql: statement.sql, params: fillPlaceholders(statement.params, values) };
    const generic = genericPlanDatabases.get(db);
    if (!generic) return db._.session.prepareQuery(query, undefined, undefined, false).execute();
    return generic._.session.prepareQuery(query, undefined, statement.name, false).execute();
  }
}
