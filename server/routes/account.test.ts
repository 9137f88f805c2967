import { count, eq, is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarFeed } from '../../contract/calendarFeed.ts';
import type { Poll } from '../../contract/polls.ts';
import * as schema from '../db/schema/index.ts';
import {
  calendarFeeds,
  events,
  outreachDeliveries,
  polls,
  pollVotes,
  pushSubscriptions,
  savedEvents,
  users,
  watchedSearches,
  watchedSearchMatches,
} from '../db/schema/index.ts';
import { places } from '../test/fixtureApp.ts';
import {
  bearer,
  buildTestApp,
  createEmulatorUser,
  createOnboardedUser,
  type EmulatorUser,
} from '../test/helpers.ts';
import { tinyImages } from '../test/images.ts';
import { suggestionBody } from '../test/suggestionBody.ts';
import type { FamJamApp } from '../types.ts';

let app: FamJamApp;
const eventId = 'test:account-picnic';

beforeAll(async () => {
  app = await buildTestApp({
    rateLimitPerMinute: 10_000,
    // Spotify's auth-url stores an open sign-in; the provider itself is never called here.
    music: {
      spotify: {
        clientId: 'account-test-client',
        clientSecret: 'account-test-secret',
        accountsUrl: 'https://accounts.spotify.invalid',
        apiUrl: 'https://api.spotify.invalid',
        redirectUri: 'https://famjam.invalid/auth/spotify/callback',
      },
      appleMusic: null,
    },
  });
  await app.db.insert(events).values({
    id: eventId,
    source: 'test',
    sourceId: 'account-picnic',
    title: 'Family Picnic',
    startsAt: new Date(Date.now() + 72 * 60 * 60 * 1000),
    timeZone: 'America/Los_Angeles',
    category: 'popup',
    latitude: places.goldenGatePark.latitude,
    longitude: places.goldenGatePark.longitude,
  });
});

afterAll(async () => {
  await app?.close();
});

async function call(
  user: EmulatorUser,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
) {
  const response = await app.inject({
    method,
    url,
    headers: bearer(user),
    ...(payload === undefined ? {} : { payload }),
  });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json();
}

function deleteAccount(headers: { authorization?: string }) {
  return app.inject({ method: 'DELETE', url: '/api/me', headers });
}

/**
 * A family that has used everything: profile, photo, saved list, feed, a poll, a suggestion, an
 * open Spotify sign-in (and, in the tests, votes).
 */
async function activeFamily(): Promise<{ user: EmulatorUser; poll: Poll; feed: CalendarFeed }> {
  const user = await createOnboardedUser(app);
  const photo = await app.inject({
    method: 'POST',
    url: '/api/me/photo',
    headers: { ...bearer(user), 'content-type': 'image/png' },
    payload: tinyImages['image/png'],
  });
  expect(photo.statusCode).toBe(200);
  await call(user, 'PUT', '/api/me/saved', { ids: [eventId] });
  const feed: CalendarFeed = await call(user, 'GET', '/api/me/calendar-feed');
  const poll: Poll = await call(user, 'POST', '/api/polls', {
    title: 'Saturday?',
    description: '',
    options: ['Zoo', 'Beach'],
  });
  await call(user, 'POST', '/api/me/suggestions', suggestionBody({ description: '' }));
  await call(user, 'GET', '/api/spotify/auth-url');
  // Push on this device (its settings are made with it), and what FamJam has sent and matched.
  await call(user, 'PUT', '/api/me/push-subscriptions', {
    endpoint: `https://fcm.googleapis.com/fcm/send/${user.uid}`,
    keys: {
      p256dh:
        'BLAmV-luWLisX2nr9awPE8NzzkJfGye5pa5yBQp_U2b_c63yDDJLCvfhgIUdrezTUuEneKTQ8bgEUnnrJXXKu5M',
      auth: 'AAECAwQFBgcICQoLDA0ODw',
    },
  });
  const [row] = await app.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.firebaseUid, user.uid));
  const userId = row?.id ?? '';
  await app.db
    .insert(outreachDeliveries)
    .values({ userId, channel: 'push', subject: `cancelled:${eventId}` });
  // Written by the watched-search matching after an import; inserted here as it would be.
  const [search] = await app.db
    .insert(watchedSearches)
    .values({ userId, name: 'Picnics', filters: { query: 'picnic' } })
    .returning({ id: watchedSearches.id });
  await app.db
    .insert(watchedSearchMatches)
    .values({ watchedSearchId: search?.id ?? '', eventId, userId });
  return { user, poll, feed };
}

async function rowsOf(uid: string) {
  const [user] = await app.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.firebaseUid, uid));
  const userId = user?.id ?? '00000000-0000-0000-0000-000000000000';
  return {
    user: user ?? null,
    saved: await app.db.select().from(savedEvents).where(eq(savedEvents.userId, userId)),
    feeds: await app.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId)),
    pushDevices: await app.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId)),
    polls: await app.db.select().from(polls).where(eq(polls.ownerUid, uid)),
    votes: await app.db.select().from(pollVotes).where(eq(pollVotes.voterUid, uid)),
  };
}

/**
 * Every column that names a person: a Firebase uid (text) or a users row (uuid). Found in the
 * schema, so a table added later is counted here without anyone remembering this test.
 */
const personColumns = (Object.values(schema) as unknown[])
  .flatMap((value) => (is(value, PgTable) ? [value] : []))
  .flatMap((table) => {
    const { name, columns } = getTableConfig(table);
    return columns
      .filter((column) => /(^|_)(uid|user_id)$/.test(column.name))
      .map((column) => ({ name: `${name}.${column.name}`, table, column }));
  });

/** How many rows of each person column name this account (by uid, or by its users row id). */
async function rowsNaming(uid: string, userId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const { name, table, column } of personColumns) {
    const value = column.getSQLType() === 'uuid' ? userId : uid;
    const [row] = await app.db.select({ n: count() }).from(table).where(eq(column, value));
    counts[name] = row?.n ?? 0;
  }
  return counts;
}

describe('DELETE /api/me', () => {
  it('answers 401 without a token and with a garbage one', async () => {
    for (const headers of [{}, { authorization: 'Bearer garbage' }]) {
      const response = await deleteAccount(headers);
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toBe('unauthorized');
    }
  });

  it("deletes the caller's profile, photo, saved list, feed, push devices, polls and votes, then the Firebase account, and nobody else's", async () => {
    const leaver = await activeFamily();
    const stayer = await activeFamily();
    // Each votes on the other's poll, and on their own.
    for (const [voter, poll] of [
      [leaver.user, stayer.poll],
      [stayer.user, leaver.poll],
      [stayer.user, stayer.poll],
    ] as const) {
      await call(voter, 'PUT', `/api/polls/${poll.id}/vote`, { optionId: '1' });
    }
    const stayerBefore = await rowsOf(stayer.user.uid);
    const stayerPhotoBefore = (
      await app.inject({ method: 'GET', url: '/api/me/photo', headers: bearer(stayer.user) })
    ).rawPayload;

    const response = await deleteAccount(bearer(leaver.user));
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');

    expect(await rowsOf(leaver.user.uid)).toEqual({
      user: null,
      saved: [],
      feeds: [],
      pushDevices: [],
      polls: [],
      votes: [],
    });
    expect(await app.firebaseAccountGone(leaver.user.uid)).toBe(true);
    // Their token no longer gets in, and their feed address and poll link are dead.
    expect((await deleteAccount(bearer(leaver.user))).statusCode).toBe(401);
    const feedPath = new URL(leaver.feed.url).pathname;
    expect((await app.inject({ method: 'GET', url: feedPath })).statusCode).toBe(404);
    const leaverPoll = await app.inject({
      method: 'GET',
      url: `/api/polls/${leaver.poll.id}`,
      headers: bearer(stayer.user),
    });
    expect(leaverPoll.statusCode).toBe(404);

    // The other family keeps everything but their vote on the leaver's poll, which went with
    // it; the leaver's vote on their poll is gone too.
    const keptVotes = stayerBefore.votes.filter((vote) => vote.pollId !== leaver.poll.id);
    expect(keptVotes).toHaveLength(1);
    expect(await rowsOf(stayer.user.uid)).toEqual({ ...stayerBefore, votes: keptVotes });
    const stayerPoll: Poll = await call(stayer.user, 'GET', `/api/polls/${stayer.poll.id}`);
    expect(stayerPoll.totalVotes).toBe(1);
    expect(stayerPoll.myVote).toBe('1');
    const photo = await app.inject({
      method: 'GET',
      url: '/api/me/photo',
      headers: bearer(stayer.user),
    });
    expect(photo.statusCode).toBe(200);
    expect(photo.rawPayload.equals(stayerPhotoBefore)).toBe(true);
    expect(await app.firebaseAccountGone(stayer.user.uid)).toBe(false);
  });

  it('leaves no row naming the account in any table, and every other account its rows', async () => {
    // The tables found are the ones account deletion names (server/stores/users.ts): a new one
    // shows up here first, failing until deletion covers it.
    expect(personColumns.map((found) => found.name).sort()).toEqual([
      'calendar_feeds.user_id',
      'music_authorizations.uid',
      'outreach_deliveries.user_id',
      'outreach_settings.user_id',
      'poll_votes.voter_uid',
      'polls.owner_uid',
      'push_subscriptions.user_id',
      'saved_events.user_id',
      'suggestions.user_id',
      'users.firebase_uid',
      'watched_search_matches.user_id',
      'watched_searches.user_id',
    ]);
    const leaver = await activeFamily();
    const stayer = await activeFamily();
    await call(leaver.user, 'PUT', `/api/polls/${stayer.poll.id}/vote`, { optionId: '1' });
    await call(stayer.user, 'PUT', `/api/polls/${stayer.poll.id}/vote`, { optionId: '2' });
    const idOf = async (uid: string) => {
      const [row] = await app.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.firebaseUid, uid));
      if (!row) throw new Error('an onboarded family has a users row');
      return row.id;
    };
    const [leaverId, stayerId] = [await idOf(leaver.user.uid), await idOf(stayer.user.uid)];
    const leaverBefore = await rowsNaming(leaver.user.uid, leaverId);
    // Something in every table, so that the zeros below mean deleted, not never written.
    expect(
      Object.values(leaverBefore).every((n) => n > 0),
      JSON.stringify(leaverBefore),
    ).toBe(true);
    const stayerBefore = await rowsNaming(stayer.user.uid, stayerId);

    expect((await deleteAccount(bearer(leaver.user))).statusCode).toBe(204);

    expect(Object.entries(await rowsNaming(leaver.user.uid, leaverId))).toEqual(
      Object.keys(leaverBefore).map((name) => [name, 0]),
    );
    expect(await rowsNaming(stayer.user.uid, stayerId)).toEqual(stayerBefore);
  });

  it('deletes an account that never finished onboarding, with its polls', async () => {
    const user = await createEmulatorUser();
    const poll: Poll = await call(user, 'POST', '/api/polls', {
      title: 'Pizza or tacos?',
      description: '',
      options: ['Pizza', 'Tacos'],
    });
    const response = await deleteAccount(bearer(user));
    expect(response.statusCode).toBe(204);
    expect(await app.db.select().from(polls).where(eq(polls.id, poll.id))).toEqual([]);
    expect(await app.firebaseAccountGone(user.uid)).toBe(true);
  });

  it('counts a Firebase account that is already gone as deleted, so a retry can finish', async () => {
    const user = await createEmulatorUser();
    expect((await deleteAccount(bearer(user))).statusCode).toBe(204);
    await expect(app.deleteFirebaseAccount(user.uid)).resolves.toBeUndefined();
  });
});
