import { randomBytes } from 'node:crypto';
import { cleanPollDraft } from '../../contract/pollRules.ts';
import type { CreatePollBody, Poll } from '../../contract/polls.ts';
import type { Database } from '../db/client.ts';
import {
  closePollOf,
  deletePollOf,
  findPoll,
  insertPoll,
  optionIdsOf,
  optionsAndVotesOf,
  type PollRow,
  pollsOwnedBy,
  upsertVoteWhileOpen,
} from '../stores/polls.ts';
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError } from './errors.ts';

/**
 * Family polls. Every function takes the Firebase uid the token proved: it decides ownership
 * (close, delete, "my polls") and whose vote is written. Viewing and voting need only the id,
 * which is the share link's secret. The SQL is in server/stores/polls.ts.
 */

/** What a poll's id looks like: 16 random bytes in base64url. Anything else is no poll. */
const pollIdShape = /^[A-Za-z0-9_-]{22}$/;

function isPollId(id: string): boolean {
  return pollIdShape.test(id);
}

function newPollId(): string {
  return randomBytes(16).toString('base64url');
}

function pollNotFound(): NotFoundError {
  return new NotFoundError((i18n) => i18n.t('server.error.poll.notFound'));
}

function pollClosed(): ConflictError {
  return new ConflictError((i18n) => i18n.t('server.error.poll.closed'), {
    code: 'poll_closed',
  });
}

/** The caller's view of these polls (in the order given): options with counts, their vote. */
async function viewsOf(db: Database, uid: string, rows: readonly PollRow[]): Promise<Poll[]> {
  if (rows.length === 0) return [];
  const { options, mine } = await optionsAndVotesOf(
    db,
    uid,
    rows.map((row) => row.id),
  );
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
  if (!isPollId(id)) throw pollNotFound();
  const row = await findPoll(db, id);
  if (!row) throw pollNotFound();
  return row;
}

async function viewOf(db: Database, uid: string, row: PollRow): Promise<Poll> {
  const [view] = await viewsOf(db, uid, [row]);
  if (!view) throw new Error('a stored poll has no view');
  return view;
}

/**
 * Creates a poll owned by the caller from the form's draft: trimmed, blank options dropped
 * (contract/pollRules.ts, the rules the form shows); InvalidInputError naming the field when
 * what is left is no poll.
 */
export async function createPoll(db: Database, uid: string, body: CreatePollBody): Promise<Poll> {
  const draft = cleanPollDraft(body);
  if (!draft.ok) {
    throw new InvalidInputError(draft.problem, { field: draft.field });
  }
  const { title, description, options } = draft.poll;
  const row = await insertPoll(db, { id: newPollId(), ownerUid: uid, title, description }, options);
  return viewOf(db, uid, row);
}

/** The caller's own polls, newest first. */
export async function listOwnPolls(db: Database, uid: string, limit: number): Promise<Poll[]> {
  return viewsOf(db, uid, await pollsOwnedBy(db, uid, limit));
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
  if (row.closedAt !== null) throw pollClosed();
  // Matched here rather than in SQL: the option id is the caller's text (a NUL byte in it is
  // an error to PostgreSQL), and only a known option's id goes on to the database.
  if (!(await optionIdsOf(db, id)).includes(optionId)) {
    throw new InvalidInputError((i18n) => i18n.t('server.error.poll.notAnOption'), {
      field: 'optionId',
    });
  }
  if (!(await upsertVoteWhileOpen(db, id, uid, optionId))) {
    // Closed or deleted in the meantime: say which.
    const now = await pollRow(db, id);
    if (now.closedAt !== null) throw pollClosed();
  }
  return readPoll(db, uid, id);
}

async function ownPollRow(
  db: Database,
  uid: string,
  id: string,
  action: 'close' | 'delete',
): Promise<PollRow> {
  const row = await pollRow(db, id);
  if (row.ownerUid !== uid) {
    throw new ForbiddenError((i18n) =>
      action === 'close'
        ? i18n.t('server.error.poll.onlyCreatorCloses')
        : i18n.t('server.error.poll.onlyCreatorDeletes'),
    );
  }
  return row;
}

/** Closes the caller's poll (again: no change, it keeps its first closing time). */
export async function closePoll(db: Database, uid: string, id: string): Promise<Poll> {
  await ownPollRow(db, uid, id, 'close');
  await closePollOf(db, uid, id);
  return readPoll(db, uid, id);
}

/** Deletes the caller's poll with its options and votes. */
export async function deletePoll(db: Database, uid: string, id: string): Promise<void> {
  await ownPollRow(db, uid, id, 'delete');
  await deletePollOf(db, uid, id);
}
