import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { SourceSummary } from '../../contract/sources.ts';
import type { Database } from '../db/client.ts';
import { eventSources, type SourceRow, sources } from '../db/schema/sources.ts';
import { DuplicateSourceError, type NewSource } from './newSource.ts';

/**
 * The sources table as the CLI, the poller and the operator screen read and change it. Runs
 * themselves (fetch, parse, import) are in run.ts.
 */

/** The last run's figures and what the source is, in the contract's shape. */
export function toSummary(row: SourceRow, eventCount: number): SourceSummary {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    url: row.url,
    intervalSeconds: row.intervalSeconds,
    enabled: row.enabled,
    lastRunAt: row.lastRunAt?.toISOString() ?? null,
    nextRunAt: row.nextRunAt.toISOString(),
    lastOutcome: row.lastOutcome ?? null,
    added: row.lastAdded,
    updated: row.lastUpdated,
    skipped: row.lastSkipped,
    invalid: row.lastInvalid,
    cancelled: row.lastCancelled,
    lastError: row.lastError,
    eventCount,
  };
}

/** How many events each source lists; only `onlySource`'s when given. */
async function eventCounts(db: Database, onlySource?: number): Promise<Map<number, number>> {
  const query = db
    .select({ sourceId: eventSources.sourceId, events: count() })
    .from(eventSources)
    .groupBy(eventSources.sourceId);
  const rows =
    onlySource === undefined
      ? await query
      : await query.where(eq(eventSources.sourceId, onlySource));
  return new Map(rows.map((row) => [row.sourceId, row.events]));
}

export async function listSources(db: Database): Promise<SourceSummary[]> {
  const rows = await db.select().from(sources).orderBy(asc(sources.id));
  const counts = await eventCounts(db);
  return rows.map((row) => toSummary(row, counts.get(row.id) ?? 0));
}

export async function findSource(db: Database, id: number): Promise<SourceRow | null> {
  const [row] = await db.select().from(sources).where(eq(sources.id, id));
  return row ?? null;
}

export async function sourceSummary(db: Database, id: number): Promise<SourceSummary | null> {
  const row = await findSource(db, id);
  if (!row) return null;
  const counts = await eventCounts(db, id);
  return toSummary(row, counts.get(id) ?? 0);
}

/**
 * Pauses or resumes. A resumed source is due at once, and forgets its failures: the operator
 * resuming it is the signal that whatever broke it has been looked at.
 */
export async function setSourceEnabled(
  db: Database,
  id: number,
  enabled: boolean,
  now: Date,
): Promise<SourceSummary | null> {
  const [row] = await db
    .update(sources)
    .set(
      enabled
        ? { enabled, nextRunAt: now, consecutiveFailures: 0, updatedAt: now }
        : { enabled, updatedAt: now },
    )
    .where(eq(sources.id, id))
    .returning({ id: sources.id });
  return row ? sourceSummary(db, row.id) : null;
}

/**
 * Stores a checked new source (newSource.ts), due at once; its id. The same kind and URL twice
 * is a DuplicateSourceError, also when two operators add it at the same moment (the table's
 * unique constraint decides, not a read before the write).
 */
export async function insertSource(db: Database, source: NewSource, now: Date): Promise<number> {
  const [added] = await db
    .insert(sources)
    .values({ ...source, nextRunAt: now })
    .onConflictDoNothing({ target: [sources.kind, sources.url] })
    .returning({ id: sources.id });
  if (added) return added.id;
  const [existing] = await db
    .select({ id: sources.id })
    .from(sources)
    .where(and(eq(sources.kind, source.kind), eq(sources.url, source.url)));
  // Removed again between the two statements: as good as never there, so say it is taken anyway.
  throw new DuplicateSourceError(source.kind, existing?.id ?? 0);
}

/** Removes a source and its links; the events it brought stay (saved lists and links keep working). */
export async function removeSource(db: Database, id: number): Promise<boolean> {
  const removed = await db.delete(sources).where(eq(sources.id, id)).returning({ id: sources.id });
  return removed.length > 0;
}

/**
 * How long a claimed source is kept from other processes while one runs it: well over a run's
 * worst case (the download's 30 s limit and the import), so it never runs twice at once, and
 * short enough that a process that died mid-run delays the source by minutes only.
 */
export const claimLeaseSeconds = 15 * 60;

/**
 * Takes the most overdue enabled source for this process, or null when none is due. One
 * statement: the row lock (SKIP LOCKED) lets exactly one of several processes asking at once
 * have it, and moving `next_run_at` past the lease keeps the others off it once the lock is
 * gone. The run then writes the real next time.
 */
export async function claimDueSource(
  db: Database,
  now: Date,
  /** Sources this poll has run already. */
  except: readonly number[] = [],
): Promise<SourceRow | null> {
  const leaseEnd = new Date(now.getTime() + claimLeaseSeconds * 1000);
  const notRunYet =
    except.length === 0
      ? sql``
      : sql` AND ${sources.id} NOT IN (${sql.join(
          except.map((id) => sql`${id}`),
          sql`, `,
        )})`;
  const [row] = await db
    .update(sources)
    .set({ nextRunAt: leaseEnd })
    .where(
      eq(
        sources.id,
        sql`(SELECT ${sources.id} FROM ${sources} WHERE ${sources.enabled} AND ${sources.nextRunAt} <= ${now.toISOString()}::timestamptz${notRunYet} ORDER BY ${sources.nextRunAt} LIMIT 1 FOR UPDATE SKIP LOCKED)`,
      ),
    )
    .returning();
  return row ?? null;
}
