import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedIds } from '../../contract/events.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { savedEvents } from '../db/schema/index.ts';
import { buildFixtureApp } from '../test/fixtureApp.ts';
import {
  bearer,
  createEmulatorUser,
  deleteEmulatorUser,
  type EmulatorUser,
  uniqueEmail,
} from '../test/helpers.ts';
import type { FamJamApp } from '../types.ts';

let app: FamJamApp;
let handle: DatabaseHandle;

beforeAll(async () => {
  ({ app, handle } = await buildFixtureApp());
});

afterAll(async () => {
  await app?.close();
});

function profileFor(user: EmulatorUser) {
  return {
    email: user.email,
    name: 'Sam',
    familySituation: 'young_kids',
    musicPreferences: [],
    location: 'San Francisco, CA',
  };
}

/** An emulator account that has finished onboarding (has a FamJam profile). */
async function signedUpUser(email = uniqueEmail('saved')): Promise<EmulatorUser> {
  const user = await createEmulatorUser(email);
  const response = await app.inject({
    method: 'POST',
    url: '/api/users',
    headers: bearer(user),
    payload: profileFor(user),
  });
  expect(response.statusCode).toBe(201);
  return user;
}

function putSaved(user: EmulatorUser | null, ids: unknown) {
  return app.inject({
    method: 'PUT',
    url: '/api/me/saved',
    headers: user ? bearer(user) : {},
    payload: { ids },
  });
}

function getSaved(user: EmulatorUser | null) {
  return app.inject({ method: 'GET', url: '/api/me/saved', headers: user ? bearer(user) : {} });
}

describe('/api/me/saved', () => {
  it('needs a sign-in', async () => {
    expect((await getSaved(null)).statusCode).toBe(401);
    const put = await putSaved(null, ['test:jazz']);
    expect(put.statusCode).toBe(401);
    expect(put.json<{ error: string }>().error).toBe('unauthorized');
  });

  it('answers 404 on read and 409 on write for an account without a profile', async () => {
    const stranger = await createEmulatorUser(uniqueEmail('no-profile'));
    const read = await getSaved(stranger);
    expect(read.statusCode).toBe(404);
    expect(read.json<{ message: string }>().message).toContain('Finish onboarding');
    const write = await putSaved(stranger, ['test:jazz']);
    expect(write.statusCode).toBe(409);
    expect(write.json()).toEqual({
      error: 'conflict',
      message: 'Create your FamJam profile (POST /api/users) before saving events to it.',
    });
  });

  it('starts empty, then keeps the list in the order sent', async () => {
    const user = await signedUpUser();
    expect((await getSaved(user)).json()).toEqual({ ids: [] });

    const put = await putSaved(user, ['test:moma', 'test:jazz', 'test:deleted', 'test:moma']);
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ ids: ['test:moma', 'test:jazz'], unknownIds: ['test:deleted'] });
    expect((await getSaved(user)).json<SavedIds>().ids).toEqual(['test:moma', 'test:jazz']);

    await putSaved(user, ['test:jazz', 'test:giants', 'test:moma']);
    expect((await getSaved(user)).json<SavedIds>().ids).toEqual([
      'test:jazz',
      'test:giants',
      'test:moma',
    ]);

    await putSaved(user, []);
    expect((await getSaved(user)).json<SavedIds>().ids).toEqual([]);
  });

  it("touches only the caller's own list", async () => {
    const alice = await signedUpUser();
    const bob = await signedUpUser();
    await putSaved(alice, ['test:jazz']);
    await putSaved(bob, ['test:giants', 'test:comedy']);
    await putSaved(bob, ['test:comedy']);
    expect((await getSaved(alice)).json<SavedIds>().ids).toEqual(['test:jazz']);
    expect((await getSaved(bob)).json<SavedIds>().ids).toEqual(['test:comedy']);
  });

  it.each([
    [{ ids: 'test:jazz' }, 'body/ids'],
    [{ ids: [42] }, 'body/ids/0'],
    [{ ids: [''] }, 'body/ids/0'],
    [{ ids: ['a\u0000b'] }, 'body/ids/0'],
    [{ ids: Array.from({ length: 201 }, (_, index) => `test:${index}`) }, 'body/ids'],
    [{ ids: [], extra: true }, 'body/extra'],
    [{}, 'body/ids'],
  ])('refuses a malformed body %j by naming the field', async (payload, named) => {
    const user = await signedUpUser();
    await putSaved(user, ['test:jazz']);
    const response = await app.inject({
      method: 'PUT',
      url: '/api/me/saved',
      headers: bearer(user),
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(named);
    expect((await getSaved(user)).json<SavedIds>().ids).toEqual(['test:jazz']);
  });

  it("starts a new account that claims a gone account's profile with an empty saved list", async () => {
    const email = uniqueEmail('claimed');
    const first = await signedUpUser(email);
    await putSaved(first, ['test:jazz', 'test:moma']);
    // The old Firebase account is deleted and someone signs up again with the same address:
    // the profile record moves to the new account, but the old account's list is not theirs.
    await deleteEmulatorUser(first.idToken);
    const second = await createEmulatorUser(email);
    const claim = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bearer(second),
      payload: profileFor(second),
    });
    expect(claim.statusCode).toBe(200);
    const saved = await getSaved(second);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ ids: [] });
  });

  it('forgets a saved event that is deleted', async () => {
    const user = await signedUpUser();
    await putSaved(user, ['test:past', 'test:jazz']);
    const { events } = await import('../db/schema/index.ts');
    const { eq } = await import('drizzle-orm');
    await handle.db.delete(events).where(eq(events.id, 'test:past'));
    expect((await getSaved(user)).json<SavedIds>().ids).toEqual(['test:jazz']);
    expect(await handle.db.$count(savedEvents, eq(savedEvents.eventId, 'test:past'))).toBe(0);
  });
});
