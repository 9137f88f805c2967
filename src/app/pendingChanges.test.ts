import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Poll } from '../../contract/polls.ts';
import { HTTPError } from '../api/client.ts';
import { storageKeys } from '../domain/constants.ts';
import { createAppStateStore } from './appStateStore.ts';
import {
  flushPendingVotes,
  pendingVote,
  queueVote,
  savedChangesPending,
  startPendingVotes,
  subscribeToPending,
} from './pendingChanges.ts';

const answered = {} as Poll;

function httpError(status: number): HTTPError {
  const request = new Request('http://famjam.test/api/polls/p1/vote', { method: 'PUT' });
  return new HTTPError(new Response('{}', { status }), request, {} as HTTPError['options']);
}

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('pending poll votes', () => {
  it('keeps one vote per poll, the last choice winning, across a reload (local storage)', () => {
    queueVote('u1', 'p1', 'a');
    queueVote('u1', 'p1', 'b');
    queueVote('u1', 'p2', 'c');
    expect(pendingVote('u1', 'p1')).toBe('b');
    expect(pendingVote('u1', 'p2')).toBe('c');
    expect(JSON.parse(localStorage.getItem('famjam_pending_votes') ?? '')).toEqual({
      uid: 'u1',
      votes: { p1: 'b', p2: 'c' },
    });
  });

  it("never hands one account's votes to another", async () => {
    queueVote('u1', 'p1', 'a');
    expect(pendingVote('u2', 'p1')).toBeNull();
    const send = vi.fn(async () => answered);
    await flushPendingVotes('u2', send);
    expect(send).not.toHaveBeenCalled();
  });

  it('sends each waiting vote once and empties the queue', async () => {
    queueVote('u1', 'p1', 'a');
    queueVote('u1', 'p2', 'c');
    const send = vi.fn(async () => answered);
    await Promise.all([flushPendingVotes('u1', send), flushPendingVotes('u1', send)]);
    expect(send.mock.calls).toEqual([
      ['p1', 'a'],
      ['p2', 'c'],
    ]);
    expect(pendingVote('u1', 'p1')).toBeNull();
    expect(localStorage.getItem('famjam_pending_votes')).toBeNull();
  });

  it('keeps what a network failure stopped, for the next round', async () => {
    queueVote('u1', 'p1', 'a');
    queueVote('u1', 'p2', 'c');
    const send = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await flushPendingVotes('u1', send);
    expect(send).toHaveBeenCalledTimes(1);
    expect(pendingVote('u1', 'p1')).toBe('a');
    expect(pendingVote('u1', 'p2')).toBe('c');
  });

  it('drops a vote the server refuses for good (poll closed or deleted)', async () => {
    queueVote('u1', 'p1', 'a');
    await flushPendingVotes('u1', async () => {
      throw httpError(409);
    });
    expect(pendingVote('u1', 'p1')).toBeNull();
  });

  it('keeps a newer choice made while the older one was in flight', async () => {
    queueVote('u1', 'p1', 'a');
    await flushPendingVotes('u1', async () => {
      queueVote('u1', 'p1', 'b');
      return answered;
    });
    expect(pendingVote('u1', 'p1')).toBe('b');
  });

  it('tells subscribers when the queue changes', () => {
    const heard = vi.fn();
    const unsubscribe = subscribeToPending(heard);
    queueVote('u1', 'p1', 'a');
    expect(heard).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('sends when the network comes back, then refreshes', async () => {
    let online = false;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    queueVote('u1', 'p1', 'a');
    const send = vi.fn(async () => answered);
    const onSent = vi.fn();
    const stop = startPendingVotes('u1', send, onSent);
    expect(send).not.toHaveBeenCalled();
    online = true;
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(onSent).toHaveBeenCalled());
    expect(send).toHaveBeenCalledWith('p1', 'a');
    stop();
  });

  it('goes with the rest of the user on sign-out', () => {
    queueVote('u1', 'p1', 'a');
    createAppStateStore(localStorage).reset();
    expect(pendingVote('u1', 'p1')).toBeNull();
  });
});

describe('pending saved changes', () => {
  it('are the differences from the list the server last agreed to', () => {
    expect(savedChangesPending(['e1'])).toBe(false);
    localStorage.setItem(storageKeys.savedSynced, JSON.stringify(['e1']));
    expect(savedChangesPending(['e1'])).toBe(false);
    expect(savedChangesPending(['e2', 'e1'])).toBe(true);
    expect(savedChangesPending([])).toBe(true);
  });
});
