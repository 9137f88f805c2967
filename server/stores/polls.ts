import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { pollOptions, polls, pollVotes } from '../db/schema/index.ts';

/**
 * Family polls, their options and votes (server/services/polls.ts holds the rules). Owners and
 * voters are Firebase uids; the writes that only an owner may make are keyed by the owner's uid
 * too, so a caller can never reach another's poll through them.
 */

export type PollRow = typeof polls.$inferSelect;

/** An option of a poll with its vote count, in the poll's order. */
export interface OptionCount {
  pollId: string;
  id: string;
  text: string;
  votes: number;
}

/** The options (with counts) of these polls, and `uid`'s vote on each that has one. */
export async function optionsAndVotesOf(
  db: Database,
  uid: string,
  pollIds: readonly string[],
): Promise<{ options: OptionCount[]; mine: { pollId: string; optionId: string }[] }> {
  const ids = [...pollIds];
  const [options, mine] = await Promise.all([
    db
      .select({
        pollId: pollOptions.pollId,
        id: pollOptions.id,
        text: pollOptions.text,
        votes: count(pollVotes.voterUid),
      })
      .from(pollOptions)
      .leftJoin(
        pollVotes,
        and(eq(pollVotes.pollId, pollOptions.pollId), eq(pollVotes.optionId, pollOptions.id)),
      )
      .where(inArray(pollOptions.pollId, ids))
      .groupBy(pollOptions.pollId, pollOptions.id)
      .orderBy(asc(pollOptions.pollId), asc(pollOptions.position)),
    db
      .select({ pollId: pollVotes.pollId, optionId: pollVotes.optionId })
      .from(pollVotes)
      .where(and(inArray(pollVotes.pollId, ids), eq(pollVotes.voterUid, uid))),
  ]);
  return { options, mine };
}

/** The poll with this id, or null. */
export async function findPoll(db: Database, id: string): Promise<PollRow | null> {
  const [row] = await db.select().from(polls).where(eq(polls.id, id)).limit(1);
  return row ?? null;
}

/** Stores a poll and its options (ids '1', '2', … in the order given), in one transaction. */
export async function insertPoll(
  db: Database,
  poll: { id: string; ownerUid: string; title: string; description: string },
  options: readonly string[],
): Promise<PollRow> {
  return db.transaction(async (tx) => {
    const [created] = await tx.insert(polls).values(poll).returning();
    if (!created) throw new Error('insert returned no poll');
    await tx.insert(pollOptions).values(
      options.map((text, position) => ({
        pollId: created.id,
        id: String(position + 1),
        position,
        text,
      })),
    );
    return created;
  });
}

/** `uid`'s polls, newest first. */
export async function pollsOwnedBy(db: Database, uid: string, limit: number): Promise<PollRow[]> {
  return db
    .select()
    .from(polls)
    .where(eq(polls.ownerUid, uid))
    .orderBy(desc(polls.createdAt), desc(polls.id))
    .limit(limit);
}

/** The option ids of a poll. */
export async function optionIdsOf(db: Database, pollId: string): Promise<string[]> {
  const rows = await db
    .select({ id: pollOptions.id })
    .from(pollOptions)
    .where(eq(pollOptions.pollId, pollId));
  return rows.map((row) => row.id);
}

/**
 * Records or changes `uid`'s vote, only while the poll is open (it may close between a check
 * and this write). False when nothing was written: the poll is closed or gone.
 */
export async function upsertVoteWhileOpen(
  db: Database,
  pollId: string,
  uid: string,
  optionId: string,
): Promise<boolean> {
  const written = await db.execute(sql`
    insert into ${pollVotes} (poll_id, voter_uid, option_id)
    select ${pollId}, ${uid}, ${optionId}
    where exists (select 1 from ${polls} where ${polls.id} = ${pollId} and ${polls.closedAt} is null)
    on conflict (poll_id, voter_uid)
    do update set option_id = excluded.option_id, voted_at = now()
    returning 1`);
  return rowsOf(written).length > 0;
}

/** Stamps `ownerUid`'s poll closed, unless it already is (it keeps its first closing time). */
export async function closePollOf(db: Database, ownerUid: string, id: string): Promise<void> {
  await db
    .update(polls)
    .set({ closedAt: sql`now()` })
    .where(and(eq(polls.id, id), eq(polls.ownerUid, ownerUid), isNull(polls.closedAt)));
}

/** Deletes `ownerUid`'s poll; its options and votes go by cascade. */
export async function deletePollOf(db: Database, ownerUid: string, id: string): Promise<void> {
  await db.delete(polls).where(and(eq(polls.id, id), eq(polls.ownerUid, ownerUid)));
}
