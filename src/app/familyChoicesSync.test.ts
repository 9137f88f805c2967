import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OutreachSettings, UpdateOutreachBody } from '../../contract/outreach.ts';
import { createApiClient } from '../api/client.ts';
import { outreachSettingsQueryKey } from '../api/outreach.ts';
import { samUserRecord } from '../test/fixtures.ts';
import { createAppStateStore } from './appStateStore.ts';
import { startFamilyChoicesSync } from './familyChoicesSync.ts';

/** A stand-in for PUT /api/me/outreach: one account's settings, every body recorded. */
function fakeOutreachApi() {
  const server = {
    settings: {
      push: { changes: true, reminders: true, concerts: true, watched: true },
      weeklyEmail: true,
      weeklyEmailOffered: true,
      familySafe: true,
      radius: null,
      timeZone: 'America/Los_Angeles',
      pushDevices: 0,
    } as OutreachSettings,
    bodies: [] as UpdateOutreachBody[],
    /** While set, requests wait for it: lets a test change the choices mid-request. */
    gate: null as Promise<void> | null,
    /** The answer instead of the settings (a network failure, a 503). */
    failWith: null as (() => Response) | null,
  };
  const client = createApiClient({
    origin: 'http://famjam.test',
    getIdToken: async () => 'token',
    fetch: async (input, init) => {
      const request = input instanceof Request ? input : new Request(input, init);
      expect(`${request.method} ${new URL(request.url).pathname}`).toBe('PUT /api/me/outreach');
      const body = (await request.json()) as UpdateOutreachBody;
      server.bodies.push(body);
      if (server.gate) await server.gate;
      if (server.failWith) return server.failWith();
      server.settings = { ...server.settings, ...body } as OutreachSettings;
      return Response.json(server.settings);
    },
  });
  return { server, client };
}

const uid = 'uid-sam';
let stops: (() => void)[] = [];

function startOn(api: ReturnType<typeof fakeOutreachApi>, signedIn = (): string | null => uid) {
  const store = createAppStateStore(null);
  store.setCurrentUser(samUserRecord);
  const queryClient = new QueryClient();
  stops.push(
    startFamilyChoicesSync({ store, uid, queryClient, currentUid: signedIn, client: api.client }),
  );
  return { store, queryClient };
}

afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
  vi.restoreAllMocks();
});

describe("the weekly email's Family Safe and radius follow this device's changes", () => {
  it('sends nothing at start: another device may have chosen since', async () => {
    const api = fakeOutreachApi();
    startOn(api);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.server.bodies).toEqual([]);
  });

  it('sends a change of Family Safe or radius, and Profile shows what the server kept', async () => {
    const api = fakeOutreachApi();
    const { store, queryClient } = startOn(api);
    store.setFamilyMode(false);
    await vi.waitFor(() => expect(api.server.bodies).toHaveLength(1));
    expect(api.server.bodies[0]).toEqual({ familySafe: false, radius: null });
    store.setFamilyRadius('5mi');
    await vi.waitFor(() => expect(api.server.bodies).toHaveLength(2));
    expect(api.server.bodies[1]).toEqual({ familySafe: false, radius: '5mi' });
    await vi.waitFor(() =>
      expect(queryClient.getQueryData(outreachSettingsQueryKey)).toMatchObject({
        familySafe: false,
        radius: '5mi',
      }),
    );
    // Other changes of app state send nothing.
    store.setLocation('Oakland, CA');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.server.bodies).toHaveLength(2);
  });

  it('one request at a time: changes made while one is out are sent after it, as they are then', async () => {
    const api = fakeOutreachApi();
    const { store } = startOn(api);
    const opener: { open?: () => void } = {};
    api.server.gate = new Promise<void>((resolve) => {
      opener.open = resolve;
    });
    store.setFamilyMode(false);
    await vi.waitFor(() => expect(api.server.bodies).toHaveLength(1));
    store.setFamilyRadius('10km');
    store.setFamilyRadius('25km');
    store.setFamilyMode(true);
    api.server.gate = null;
    opener.open?.();
    await vi.waitFor(() => expect(api.server.bodies).toHaveLength(2));
    expect(api.server.bodies[1]).toEqual({ familySafe: true, radius: '25km' });
    expect(api.server.settings).toMatchObject({ familySafe: true, radius: '25km' });
  });

  it('a change that fails offline is sent when the network comes back', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api = fakeOutreachApi();
    const { store } = startOn(api);
    api.server.failWith = () => Response.json({ message: 'Unavailable' }, { status: 503 });
    store.setFamilyMode(false);
    await vi.waitFor(() => expect(console.warn).toHaveBeenCalledTimes(1));
    expect(api.server.settings.familySafe).toBe(true);
    api.server.failWith = null;
    globalThis.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(api.server.settings.familySafe).toBe(false));
  });

  it("sends nothing for an account that is no longer signed in (sign-out's reset is not a choice)", async () => {
    const api = fakeOutreachApi();
    let signedIn: string | null = uid;
    const { store } = startOn(api, () => signedIn);
    store.setFamilyMode(false);
    await vi.waitFor(() => expect(api.server.bodies).toHaveLength(1));
    signedIn = null;
    store.reset();
    expect(store.getSnapshot().familyMode).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.server.bodies).toHaveLength(1);
    expect(api.server.settings.familySafe).toBe(false);
  });
});
