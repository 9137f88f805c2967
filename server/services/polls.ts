import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { CleanPollDraft } from '../../contract/pollRules.ts';
import type { Poll } from '../../contract/polls.ts';
import type { Database } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { pollOptions, polls, pollVotes } from '../db/schema/index.ts';

/**
 * Family polls. Every function takes the Firebase uid the token proved: it decides ownership
 * (close, delete, "my polls") and whose vote is written. Viewing and voting need only the id,
 * which is the share link's secret.
 */

/** What a poll's id looks like: 16 random bytes in base64url. Anything else is no poll. */
const pollIdShape = /^[A-Za-z0-9_-]{22}$/;

function isPollId(id: string): boolean {
  return pollIdShape.test(id);
}

function newPollId(): string {
  return randomBytes(16).toString('base64url');
}

export class PollNotFoundError extends Error {
  override name = 'PollNotFoundError';
}
export class NotPollOwnerError extends Error {
  override name = 'NotPollOwnerError';
}
export class PollClosedError extends Error {
  override name = 'PollClosedError';
}
export class UnknownOptionError extends Error {
  override name = 'UnknownOptionError';
}

type PollRow = typeof polls.$inferSelect;

/** The caller's view of these polls (in the order given): options with counts, their vote. */
async function viewsOf(db: Database, uid: string, rows: readonly PollRow[]): Promise<Poll[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
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
  const myVote = new Map(mine.map((vote) => [vote.pollId, vote.optionId]));
  return rows.map((row) => {
    const own = options
      .filter((option) => option.pollId === row.id)
      .map(({ id, text, votes }) => ({ id, text, votes }));
    return {
      id: row.id,
      title: row.title,
      description: row.description,
      options: own,
      totalVotes: own.reduce((sum, option) => sum + option.votes, 0),
      myVote: myVote.get(row.id) ?? null,
      isOwner: row.ownerUid === uid,
      closed: row.closedAt !== null,
      closedAt: row.closedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    };
  });
}

async function pollRow(db: Database, id: string): Promise<PollRow> {
  if (!isPollId(id)) throw new PollNotFoundError();
  const [row] = await db.select().from(polls).where(eq(polls.id, id)).limit(1);
  if (!row) throw new PollNotFoundError();
  return row;
}

async function viewOf(db: Database, uid: string, row: PollRow): Promise<Poll> {
  const [view] = await viewsOf(db, uid, [row]);
  if (!view) throw new Error('a stored poll has no view');
  return view;
}

export async function createPoll(db: Database, uid: string, draft: CleanPollDraft): Promise<Poll> {
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(polls)
      .values({
        id: newPollId(),
        ownerUid: uid,
        title: draft.title,
        description: draft.description,
      })
      .returning();
    if (!created) throw new Error('insert returned no poll');
    await tx.insert(pollOptions).values(
      draft.options.map((text, position) => ({
        pollId: created.id,
        id: String(position + 1),
        position,
        text,
      })),
    );
    return created;
  });
  return viewOf(db, uid, row);
}

/** The caller's own polls, newest first. */
export async function listOwnPolls(db: Database, uid: string, limit: number): Promise<Poll[]> {
  const rows = await db
    .select()
    .from(polls)
    .where(eq(polls.ownerUid, uid))
    .orderBy(desc(polls.createdAt), desc(polls.id))
    .limit(limit);
  return viewsOf(db, uid, rows);
}

/** Any poll by id, for anyone with the link. */
export async function readPoll(db: Database, uid: string, id: string): Promise<Poll> {
  return viewOf(db, uid, await pollRow(db, id));
}

/** Records or changes the caller's vote; refused on a closed poll or an option it lacks. */
export async function votePoll(
  db: Database,
  uid: string,
  id: string,
  optionId: string,
): Promise<Poll> {
  const row = await pollRow(db, id);
  if (row.closedAt !== null) throw new PollClosedError();
  // Matched here rather than in SQL: the option id is the caller's text (a NUL byte in it is
  // an error to PostgreSQL), and only a known option's id goes on to the database.
  const options = await db
    .select({ id: pollOptions.id })
    .from(pollOptions)
    .where(eq(pollOptions.pollId, id));
  if (!options.some((option) => option.id === optionId)) throw new UnknownOptionError();
  // The poll may close between the check above and this write: insert only while it is open.
  const written = await db.execute(sql`
    insert into ${pollVotes} (poll_id, voter_uid, option_id)
    select ${id}, ${uid}, ${optionId}
    where exists (select 1 from ${polls} where ${polls.id} = ${id} and ${polls.closedAt} is null)
    on conflict (poll_id, voter_uid)
    do update set option_id = excluded.option_id, voted_at = now()
    returning 1`);
  if (rowsOf(written).length === 0) {
    // Closed or deleted in the meantime: say which.
    const now = await pollRow(db, id);
    if (now.closedAt !== null) throw new PollClosedError();
  }
  return readPoll(db, uid, id);
}

async function ownPollRow(db: Database, uid: string, id: string): Promise<PollRow> {
  const row = await pollRow(db, id);
  if (row.ownerUid !== uid) throw new NotPollOwnerError();
  return row;
}

/** Closes the caller's poll (again: no change, it keeps its first closing time). */
export async function closePoll(db: Database, uid: string, id: string): Promise<Poll> {
  await ownPollRow(db, uid, id);
  await db
    .update(polls)
    .set({ closedAt: sql`now()` })
    .where(and(eq(polls.id, id), eq(polls.ownerUid, uid), isNull(polls.closedAt)));
  return readPoll(db, uid, id);
}

/** Deletes the caller's poll with its options and votes. */
export async function deletePoll(db: Database, uid: string, id: string): Promise<void> {
  await ownPollRow(db, uid, id);
  await db.delete(polls).where(and(eq(polls.id, id), eq(polls.ownerUid, uid)));
}
