import type { Poll } from '../../contract/polls.ts';
import { HTTPError } from '../api/client.ts';
import { browserStorage, readJson, type StorageLike, write } from '../api/storage.ts';
import { storageKeys } from '../domain/constants.ts';

/*
 * Changes made offline that the server has not had yet (issue 12, docs/product.md#spec-4-offline).
 *
 * - Saved events: the saved list itself is the queue. App state keeps this device's list and
 *   savedSync.ts keeps the list the server last agreed to (`famjam_saved_synced`); whatever
 *   differs is waiting, and the next sync (a change, the start, or the network coming back)
 *   sends the whole list. Sending a whole list twice is harmless, so nothing is duplicated.
 * - Poll votes: one entry per poll (the last choice wins) in `famjam_pending_votes`, with the
 *   account it belongs to. A vote is a PUT of the caller's choice, so sending it again is
 *   harmless too; an entry goes only once the server has it, so a reload loses nothing.
 *
 * Sign-out clears both with the user's other entries (appStateStore.reset).
 */

interface StoredVotes {
  uid: string;
  /** poll id → option id */
  votes: Record<string, string>;
}

const listeners = new Set<() => void>();

/** Something pending changed: a vote queued or sent, the saved list synced. */
export function notifyPendingChanged(): void {
  for (const listener of listeners) listener();
}

export function subscribeToPending(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Whether the saved-list sync (savedSync.ts) has had the server's answer to its first read since
 * it started for this account, or given up on it. Until then an empty list on this device says
 * nothing (a new device, just signed in), so Saved shows its placeholders, not "No saved events
 * yet". Back to false when the sync stops (sign-out, another account).
 */
let savedListAnswered = false;

export function setSavedListAnswered(answered: boolean): void {
  if (answered === savedListAnswered) return;
  savedListAnswered = answered;
  notifyPendingChanged();
}

export function savedListHasAnswered(): boolean {
  return savedListAnswered;
}

function readVotes(storage: StorageLike | null, uid: string): Record<string, string> {
  const stored = readJson(storage, storageKeys.pendingVotes);
  if (typeof stored !== 'object' || stored === null) return {};
  const { uid: owner, votes } = stored as Partial<StoredVotes>;
  // Another account's queue is never sent with this one's token.
  if (owner !== uid || typeof votes !== 'object' || votes === null) return {};
  return Object.fromEntries(
    Object.entries(votes).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

function writeVotes(storage: StorageLike | null, uid: string, votes: Record<string, string>): void {
  write(storage, storageKeys.pendingVotes, Object.keys(votes).length === 0 ? null : { uid, votes });
  notifyPendingChanged();
}

/** Keeps a vote made offline until it can be sent; a newer vote on the same poll replaces it. */
export function queueVote(
  uid: string,
  pollId: string,
  optionId: string,
  storage: StorageLike | null = browserStorage(),
): void {
  writeVotes(storage, uid, { ...readVotes(storage, uid), [pollId]: optionId });
}

/** The vote on `pollId` still waiting to be sent, if any. */
export function pendingVote(
  uid: string,
  pollId: string,
  storage: StorageLike | null = browserStorage(),
): string | null {
  return readVotes(storage, uid)[pollId] ?? null;
}

/**
 * Whether this device's saved list has changes the server has not agreed to yet. Without an
 * agreed list (no sync has run: no profile yet, or never online) there is nothing to wait for.
 */
export function savedChangesPending(
  ids: readonly string[],
  storage: StorageLike | null = browserStorage(),
): boolean {
  const synced = readJson(storage, storageKeys.savedSynced);
  if (!Array.isArray(synced)) return false;
  return ids.length !== synced.length || ids.some((id) => !synced.includes(id));
}

type SendVote = (pollId: string, optionId: string) => Promise<Poll>;

let flushing: Promise<void> | null = null;

/**
 * Sends every waiting vote of `uid`, one at a time. A vote the server has (or refuses for good:
 * the poll was closed or deleted meanwhile, 4xx) leaves the queue; a network failure stops the
 * round and keeps the rest for the next one. Calls made during a round wait for it, so a vote is
 * never in flight twice.
 */
export function flushPendingVotes(
  uid: string,
  send: SendVote,
  storage: StorageLike | null = browserStorage(),
): Promise<void> {
  if (flushing) return flushing;
  flushing = (async () => {
    for (const [pollId, optionId] of Object.entries(readVotes(storage, uid))) {
      try {
        await send(pollId, optionId);
      } catch (error) {
        if (!(error instanceof HTTPError) || error.response.status >= 500) {
          console.warn('Could not send a vote made offline; it is sent again later:', error);
          return;
        }
        console.warn('A vote made offline was refused, so it is dropped:', error);
      }
      // Only this vote goes: a newer choice queued while it was in flight stays.
      const now = readVotes(storage, uid);
      if (now[pollId] === optionId) {
        delete now[pollId];
        writeVotes(storage, uid, now);
      }
    }
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}

/**
 * Sends `uid`'s waiting votes now (when online) and every time the network comes back; returns
 * the function that stops listening. `onSent` refreshes what shows the polls.
 */
export function startPendingVotes(
  uid: string,
  send: SendVote,
  onSent: () => void,
  storage: StorageLike | null = browserStorage(),
): () => void {
  const flush = () => {
    if (Object.keys(readVotes(storage, uid)).length === 0) return;
    void flushPendingVotes(uid, send, storage).then(onSent);
  };
  window.addEventListener('online', flush);
  if (navigator.onLine) flush();
  return () => window.removeEventListener('online', flush);
}
