import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../api/client.ts';
import { storageKeys } from '../domain/constants.ts';
import { samUserRecord } from '../test/fixtures.ts';
import { createAppStateStore } from './appStateStore.ts';
import { savedListHasAnswered, setSavedListAnswered } from './pendingChanges.ts';
import { mergeSavedIds, startSavedSync } from './savedSync.ts';

describe('mergeSavedIds', () => {
  it('is the union on the first sync: this device first, then the server in its order', () => {
    expect(mergeSavedIds(['p2', 'shared', 'p1'], ['l2', 'shared', 'l1'], null)).toEqual([
      'p2',
      'shared',
      'p1',
      'l2',
      'l1',
    ]);
    expect(mergeSavedIds([], ['l2', 'l1'], null)).toEqual(['l2', 'l1']);
    expect(mergeSavedIds(['p1'], [], null)).toEqual(['p1']);
  });

  it('puts what was saved here since the last sync in front of the server list', () => {
    expect(mergeSavedIds(['new', 'a', 'b'], ['a', 'b'], ['a', 'b'])).toEqual(['new', 'a', 'b']);
  });

  it('keeps what another device saved since the last sync', () => {
    expect(mergeSavedIds(['a', 'b'], ['laptop', 'a', 'b'], ['a', 'b'])).toEqual([
      'laptop',
      'a',
      'b',
    ]);
  });

  it('does not bring back what another device unsaved', () => {
    expect(mergeSavedIds(['a', 'b'], ['a'], ['a', 'b'])).toEqual(['a']);
  });

  it('does not bring back what was unsaved here while the server still lists it', () => {
    expect(mergeSavedIds(['a'], ['a', 'b'], ['a', 'b'])).toEqual(['a']);
  });

  it('combines changes on both sides', () => {
    // Here: saved c, unsaved a. There: saved d, unsaved b.
    expect(mergeSavedIds(['c', 'b'], ['d', 'a'], ['a', 'b'])).toEqual(['c', 'd']);
  });
});

/** A stand-in for /api/me/saved: one account's list, every request recorded. */
function fakeSavedApi(initial: string[] | 'no profile') {
  const server = {
    ids: initial === 'no profile' ? null : [...initial],
    /** Event ids the server knows; any other id is dropped from a PUT (unknownIds). */
    knownIds: null as Set<string> | null,
    requests: [] as { method: string; ids?: string[] }[],
    /** While set, requests wait for it: lets a test change the list mid-request. */
    gate: null as Promise<void> | null,
    /** The answer to the next requests instead of the list (a network failure, a 500). */
    failWith: null as (() => Response) | null,
  };
  const client = createApiClient({
    origin: 'http://famjam.test',
    getIdToken: async () => 'token',
    fetch: async (input, init) => {
      const request = input instanceof Request ? input : new Request(input, init);
      expect(new URL(request.url).pathname).toBe('/api/me/saved');
      const body =
        request.method === 'PUT' ? ((await request.json()) as { ids: string[] }) : undefined;
      server.requests.push({ method: request.method, ...(body ? { ids: body.ids } : {}) });
      if (server.gate) await server.gate;
      if (server.failWith) return server.failWith();
      if (server.ids === null) {
        return Response.json(
          { error: request.method === 'PUT' ? 'conflict' : 'not_found', message: 'No profile' },
          { status: request.method === 'PUT' ? 409 : 404 },
        );
      }
      if (request.method === 'PUT' && body) {
        const known = server.knownIds;
        server.ids = body.ids.filter((id) => known === null || known.has(id));
        const unknownIds = body.ids.filter((id) => known !== null && !known.has(id));
        return Response.json({ ids: server.ids, unknownIds });
      }
      return Response.json({ ids: server.ids });
    },
  });
  return {
    server,
    client,
    puts: () => server.requests.filter((r) => r.method === 'PUT').map((r) => r.ids),
  };
}

const uid = 'uid-sam';

function startOn(
  api: ReturnType<typeof fakeSavedApi>,
  {
    localIds = [] as string[],
    signedIn = (): string | null => uid,
  }: { localIds?: string[]; signedIn?: () => string | null } = {},
) {
  const store = createAppStateStore(localStorage);
  store.setCurrentUser(samUserRecord);
  store.setSavedEventIds(localIds);
  const stop = startSavedSync({
    store,
    uid,
    syncedKey: storageKeys.savedSynced,
    currentUid: signedIn,
    client: api.client,
  });
  return { store, stop };
}

/** Lets every pending request and its follow-up settle. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 20));

let warn: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  localStorage.clear();
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => vi.restoreAllMocks());

describe('startSavedSync', () => {
  it('merges on start: the union in app state, local storage and on the server', async () => {
    const api = fakeSavedApi(['laptop-1', 'shared']);
    const { store } = startOn(api, { localIds: ['phone-1', 'shared'] });

    await vi.waitFor(() => expect(api.puts()).toHaveLength(1));
    const merged = ['phone-1', 'shared', 'laptop-1'];
    expect(store.getSnapshot().savedEventIds).toEqual(merged);
    expect(JSON.parse(localStorage.getItem(storageKeys.savedEvents) ?? '')).toEqual(merged);
    expect(api.server.requests).toEqual([{ method: 'GET' }, { method: 'PUT', ids: merged }]);
    expect(api.server.ids).toEqual(merged);
  });

  it("says when the account's list has answered (Saved waits for it), and not after it stops", async () => {
    const api = fakeSavedApi(['laptop-1']);
    let open: () => void = () => undefined;
    api.server.gate = new Promise((resolve) => {
      open = resolve;
    });
    // Earlier tests leave their syncs running; this one starts from a sync that has not read.
    setSavedListAnswered(false);
    const { store, stop } = startOn(api);
    await settled();
    expect(savedListHasAnswered()).toBe(false);
    open();
    await vi.waitFor(() => expect(savedListHasAnswered()).toBe(true));
    expect(store.getSnapshot().savedEventIds).toEqual(['laptop-1']);
    stop();
    expect(savedListHasAnswered()).toBe(false);
  });

  it('a first read that fails counts as answered: the list on this device stands', async () => {
    const api = fakeSavedApi([]);
    api.server.failWith = () => new Response('down', { status: 503 });
    setSavedListAnswered(false);
    const { stop } = startOn(api);
    await vi.waitFor(() => expect(savedListHasAnswered()).toBe(true));
    stop();
  });

  it('only reads when the server already has the merged list', async () => {
    const api = fakeSavedApi(['a', 'b']);
    const { store } = startOn(api, { localIds: ['a'] });
    await vi.waitFor(() => expect(store.getSnapshot().savedEventIds).toEqual(['a', 'b']));
    await settled();
    expect(api.server.requests).toEqual([{ method: 'GET' }]);
  });

  it('writes every change through as the whole list, newest first', async () => {
    const api = fakeSavedApi([]);
    const { store } = startOn(api);
    await vi.waitFor(() => expect(api.server.requests).toHaveLength(1));

    store.toggleSaved('e1');
    await vi.waitFor(() => expect(api.server.ids).toEqual(['e1']));
    store.toggleSaved('e2');
    await vi.waitFor(() => expect(api.server.ids).toEqual(['e2', 'e1']));
    store.toggleSaved('e1');
    await vi.waitFor(() => expect(api.server.ids).toEqual(['e2']));
    expect(api.puts()).toEqual([['e1'], ['e2', 'e1'], ['e2']]);
  });

  it('sends rapid changes as one more write with the last list, never two at once', async () => {
    const api = fakeSavedApi([]);
    const { store } = startOn(api);
    await vi.waitFor(() => expect(api.server.requests).toHaveLength(1));

    let release: () => void = () => undefined;
    api.server.gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    store.toggleSaved('e1');
    await vi.waitFor(() => expect(api.puts()).toHaveLength(1));
    store.toggleSaved('e2');
    store.toggleSaved('e3');
    store.toggleSaved('e2');
    await settled();
    expect(api.puts()).toEqual([['e1']]);

    api.server.gate = null;
    release();
    await vi.waitFor(() => expect(api.puts()).toHaveLength(2));
    await settled();
    expect(api.puts()).toEqual([['e1'], ['e3', 'e1']]);
    expect(api.server.ids).toEqual(['e3', 'e1']);
    expect(store.getSnapshot().savedEventIds).toEqual(['e3', 'e1']);
  });

  it('keeps the local list when a write fails, warns, and sends it again on the next change', async () => {
    const api = fakeSavedApi(['a']);
    const { store } = startOn(api, { localIds: ['a'] });
    await vi.waitFor(() => expect(api.server.requests).toHaveLength(1));

    api.server.failWith = () => new Response('down for maintenance', { status: 503 });
    store.toggleSaved('b');
    await vi.waitFor(() =>
      expect(warn).toHaveBeenCalledWith(
        expect.stringContaining('Could not sync saved events'),
        expect.objectContaining({ message: '503: down for maintenance' }),
      ),
    );
    expect(store.getSnapshot().savedEventIds).toEqual(['b', 'a']);
    expect(api.server.ids).toEqual(['a']);

    api.server.failWith = null;
    store.toggleSaved('c');
    await vi.waitFor(() => expect(api.server.ids).toEqual(['c', 'b', 'a']));
  });

  it('retries a failed first read on the next change, then merges', async () => {
    const api = fakeSavedApi(['laptop']);
    api.server.failWith = () => Response.error();
    const { store } = startOn(api, { localIds: ['phone'] });
    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
    expect(store.getSnapshot().savedEventIds).toEqual(['phone']);

    api.server.failWith = null;
    store.toggleSaved('phone-2');
    await vi.waitFor(() => expect(api.server.ids).toEqual(['phone-2', 'phone', 'laptop']));
    expect(store.getSnapshot().savedEventIds).toEqual(['phone-2', 'phone', 'laptop']);
  });

  it('keeps the list on this device only when the account has no profile yet (404)', async () => {
    const api = fakeSavedApi('no profile');
    const { store } = startOn(api, { localIds: ['a'] });
    await vi.waitFor(() => expect(api.server.requests).toHaveLength(1));
    store.toggleSaved('b');
    await settled();
    expect(api.server.requests).toEqual([{ method: 'GET' }]);
    expect(store.getSnapshot().savedEventIds).toEqual(['b', 'a']);
    expect(warn).not.toHaveBeenCalled();
  });

  it('stops writing when the profile is gone (409)', async () => {
    const api = fakeSavedApi([]);
    const { store } = startOn(api);
    await vi.waitFor(() => expect(api.server.requests).toHaveLength(1));
    api.server.ids = null;
    store.toggleSaved('a');
    await vi.waitFor(() => expect(api.puts()).toHaveLength(1));
    store.toggleSaved('b');
    await settled();
    expect(api.puts()).toHaveLength(1);
    expect(store.getSnapshot().savedEventIds).toEqual(['b', 'a']);
    expect(warn).not.toHaveBeenCalled();
  });

  it('never sends the list that sign-out cleared', async () => {
    const api = fakeSavedApi(['a']);
    let signedIn: string | null = uid;
    const { store } = startOn(api, { localIds: ['a'], signedIn: () => signedIn });
    await vi.waitFor(() => expect(api.server.requests).toHaveLength(1));

    // Firebase drops the user first, then the app clears its state (appStateStore.reset).
    signedIn = null;
    store.reset();
    await settled();
    expect(api.puts()).toEqual([]);
    expect(api.server.ids).toEqual(['a']);
  });

  it("never writes this account's list to another account that signed in meanwhile", async () => {
    const api = fakeSavedApi(['a']);
    let signedIn: string | null = uid;
    const { store } = startOn(api, { localIds: ['a'], signedIn: () => signedIn });
    await vi.waitFor(() => expect(api.server.requests).toHaveLength(1));

    signedIn = 'uid-someone-else';
    store.reset();
    store.toggleSaved('b');
    await settled();
    expect(api.puts()).toEqual([]);
  });

  it('drops ids the server does not know (events deleted since) from the local list', async () => {
    const api = fakeSavedApi([]);
    api.server.knownIds = new Set(['e1']);
    const { store } = startOn(api, { localIds: ['gone', 'e1'] });
    await vi.waitFor(() => expect(store.getSnapshot().savedEventIds).toEqual(['e1']));
    expect(api.server.ids).toEqual(['e1']);
  });

  it('after a reload, does not bring back an event another device unsaved', async () => {
    const phone = fakeSavedApi([]);
    const first = startOn(phone);
    await vi.waitFor(() => expect(phone.server.requests).toHaveLength(1));
    first.store.toggleSaved('e1');
    await vi.waitFor(() => expect(phone.server.ids).toEqual(['e1']));
    first.stop();

    // The laptop unsaved it; the phone reloads with e1 still in its local storage.
    const reloaded = fakeSavedApi([]);
    const { store } = startOn(reloaded, { localIds: ['e1'] });
    await vi.waitFor(() => expect(store.getSnapshot().savedEventIds).toEqual([]));
    await settled();
    expect(reloaded.puts()).toEqual([]);
  });

  it('sends nothing once stopped', async () => {
    const api = fakeSavedApi([]);
    const { store, stop } = startOn(api);
    await vi.waitFor(() => expect(api.server.requests).toHaveLength(1));
    stop();
    store.toggleSaved('e1');
    await settled();
    expect(api.server.requests).toHaveLength(1);
  });
});
