import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PUSHES_PER_DAY, type PushPayload } from '../../contract/outreach.ts';
import {
  events,
  outreachDeliveries,
  pushSubscriptions,
  users,
  watchedSearches,
  watchedSearchMatches,
} from '../db/schema/index.ts';
import { vapidKeysOf } from '../services/outreach/pushKeys.ts';
import { webPushTransport } from '../services/outreach/pushSender.ts';
import { addDays, calendarDateAt, instantFromWallClock } from '../services/zonedTime.ts';
import {
  bearer,
  buildTestApp,
  createOnboardedUser,
  type EmulatorUser,
  insertTestEvent,
  testConfig,
} from '../test/helpers.ts';
import { type PushStandIn, startPushStandIn } from '../test/pushStandIn.ts';
import type { FamJamApp } from '../types.ts';
import { pushSendingJob, pushSendingJobName } from './pushSending.ts';
import { timedWork } from './timedWork.ts';

/*
 * The push job end to end: facts in the database, the job run with its clock set, web-push's
 * real requests to the loopback stand-in, which checks their VAPID signature and decrypts them.
 * Families are in San Francisco (America/Los_Angeles); the days are a few days from now, so
 * everything the tests save is saved before the facts they then make happen.
 */

const zone = 'America/Los_Angeles';
let app: FamJamApp;
let standIn: PushStandIn;
const logged: object[] = [];

beforeAll(async () => {
  standIn = await startPushStandIn();
  app = await buildTestApp({
    rateLimitPerMinute: 10_000,
    push: { ...testConfig().push, privateOrigins: [standIn.origin] },
  });
});

afterAll(async () => {
  await app?.close();
  await standIn?.close();
});

/** `days` from today (at the family's clock), at hour:minute there. */
function at(days: number, hour: number, minute = 0): Date {
  const day = addDays(calendarDateAt(new Date(), zone), days);
  return instantFromWallClock({ ...day, hour, minute, second: 0 }, zone);
}

function weekday(instant: Date): string {
  return new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: zone }).format(instant);
}

/** One run of the job with its clock at `now`, as the runner would start it. */
async function runAt(now: Date): Promise<void> {
  const job = pushSendingJob(
    app.db,
    60,
    { transport: webPushTransport(app.config.push, vapidKeysOf(app.config)) },
    { info: (details) => logged.push(details) },
  );
  await job.run({ shouldStop: () => false, now: () => now });
}

let devices = 0;

/** A family in San Francisco with one device subscribed (named uniquely); its device name. */
async function subscribedFamily(): Promise<{ user: EmulatorUser; device: string }> {
  const user = await createOnboardedUser(app);
  devices += 1;
  const device = `device-${devices}`;
  await subscribe(user, device);
  return { user, device };
}

async function subscribe(user: EmulatorUser, device: string): Promise<void> {
  const response = await app.inject({
    method: 'PUT',
    url: '/api/me/push-subscriptions',
    headers: bearer(user),
    payload: { ...standIn.subscriptionFor(device), timeZone: zone },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function save(user: EmulatorUser, ids: string[]): Promise<void> {
  const response = await app.inject({
    method: 'PUT',
    url: '/api/me/saved',
    headers: bearer(user),
    payload: { ids },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function savedEvent(user: EmulatorUser, title: string, startsAt: Date): Promise<string> {
  const id = await insertTestEvent(app, { title, startsAt, category: 'popup' });
  await save(user, [id]);
  return id;
}

/** The source cancels it at `when`. */
async function cancel(eventId: string, when: Date): Promise<void> {
  await app.db.update(events).set({ cancelledAt: when }).where(eq(events.id, eventId));
}

function pushesTo(device: string): PushPayload[] {
  return standIn.received
    .filter((push) => push.device === device)
    .map((push) => push.payload as PushPayload);
}

async function settings(user: EmulatorUser, body: object): Promise<void> {
  const response = await app.inject({
    method: 'PUT',
    url: '/api/me/outreach',
    headers: bearer(user),
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function devicesOf(user: EmulatorUser) {
  return app.db
    .select({ failures: pushSubscriptions.failures })
    .from(pushSubscriptions)
    .innerJoin(users, eq(users.id, pushSubscriptions.userId))
    .where(eq(users.firebaseUid, user.uid));
}

describe('a saved event cancelled by its source', () => {
  it('is pushed once, with the bell’s words and the event’s path, encrypted for the device and signed with the app’s key', async () => {
    const { user, device } = await subscribedFamily();
    const startsAt = at(5, 11);
    const id = await savedEvent(user, 'Bubble Festival', startsAt);
    const now = at(3, 10);
    await cancel(id, new Date(now.getTime() - 5 * 60_000));

    await runAt(now);
    expect(pushesTo(device)).toEqual([
      {
        title: `Bubble Festival on ${weekday(startsAt)} was cancelled`,
        body: expect.stringMatching(/11:00 AM at Test Hall\. You saved this event\.$/),
        path: `/event/${encodeURIComponent(id)}`,
        tag: `event:${id}`,
      },
    ]);
    const [received] = standIn.received.filter((push) => push.device === device);
    expect(received?.vapidPublicKey).toBe(app.config.push.vapidKeys?.publicKey);
    expect(received?.urgency).toBe('high');
    expect(received?.ttl).toBeGreaterThan(0);

    // Told once: later runs, and a run at the same time, send nothing more.
    await runAt(new Date(now.getTime() + 60_000));
    await Promise.all([
      runAt(new Date(now.getTime() + 120_000)),
      runAt(new Date(now.getTime() + 120_000)),
    ]);
    expect(pushesTo(device)).toHaveLength(1);
    // The job logs figures only: no endpoint, key or address of the push service.
    expect(JSON.stringify(logged)).not.toContain(standIn.origin);
    expect(JSON.stringify(logged)).not.toContain('127.0.0.1');
  });

  it('moved to another day is pushed with the new day, and each later move again', async () => {
    const { user, device } = await subscribedFamily();
    const first = at(5, 10);
    const id = await savedEvent(user, 'Sandcastle Contest', first);
    const now = at(3, 13);
    const moved = at(6, 10);
    await app.db
      .update(events)
      .set({
        startsAt: moved,
        previousStartsAt: first,
        rescheduledAt: new Date(now.getTime() - 60_000),
      })
      .where(eq(events.id, id));
    await runAt(now);
    await runAt(new Date(now.getTime() + 60_000));
    expect(pushesTo(device)).toEqual([
      {
        title: `Sandcastle Contest moved to ${weekday(moved)}`,
        body: expect.stringMatching(/^New time: .*10:00 AM at Test Hall\. You saved this event\.$/),
        path: `/event/${encodeURIComponent(id)}`,
        tag: `event:${id}`,
      },
    ]);
  });

  it('is pushed by one of two runs at once, never both', async () => {
    const { user, device } = await subscribedFamily();
    const id = await savedEvent(user, 'Kite Day', at(6, 10));
    const now = at(3, 12);
    await cancel(id, new Date(now.getTime() - 60_000));
    await Promise.all([runAt(now), runAt(now), runAt(now)]);
    expect(pushesTo(device).map((push) => push.title)).toEqual([
      expect.stringMatching(/^Kite Day on \w+ was cancelled$/),
    ]);
  });

  it('is not pushed when the family turned changes off', async () => {
    const { user, device } = await subscribedFamily();
    await settings(user, { push: { changes: false } });
    const id = await savedEvent(user, 'Quiet Parade', at(5, 10));
    const now = at(3, 10);
    await cancel(id, new Date(now.getTime() - 60_000));
    await runAt(now);
    expect(pushesTo(device)).toEqual([]);
    // Nor told later by the same run of facts: nothing was recorded as sent.
    const delivered = await app.db
      .select()
      .from(outreachDeliveries)
      .innerJoin(users, eq(users.id, outreachDeliveries.userId))
      .where(eq(users.firebaseUid, user.uid));
    expect(delivered).toEqual([]);
  });

  it('waits through quiet hours and is pushed after them', async () => {
    const { user, device } = await subscribedFamily();
    const id = await savedEvent(user, 'Lantern Walk', at(6, 18));
    const evening = at(3, 22);
    await cancel(id, new Date(evening.getTime() - 10 * 60_000));
    await runAt(evening);
    await runAt(at(4, 7, 59));
    expect(pushesTo(device)).toEqual([]);
    await runAt(at(4, 8));
    expect(pushesTo(device).map((push) => push.title)).toEqual([
      expect.stringMatching(/^Lantern Walk on \w+ was cancelled$/),
    ]);
  });

  it(`sends at most ${MAX_PUSHES_PER_DAY} pushes a local day; the rest go the next day`, async () => {
    const { user, device } = await subscribedFamily();
    const ids: string[] = [];
    for (let index = 0; index < MAX_PUSHES_PER_DAY + 2; index += 1) {
      ids.push(
        await insertTestEvent(app, {
          title: `Show ${index}`,
          startsAt: at(6, 10 + index),
          category: 'popup',
        }),
      );
    }
    await save(user, ids);
    const now = at(3, 19);
    for (const id of ids) await cancel(id, new Date(now.getTime() - 60_000));
    await runAt(now);
    await runAt(at(3, 20, 30));
    expect(pushesTo(device)).toHaveLength(MAX_PUSHES_PER_DAY);
    await runAt(at(4, 9));
    expect(pushesTo(device)).toHaveLength(MAX_PUSHES_PER_DAY + 2);
    expect(new Set(pushesTo(device).map((push) => push.path)).size).toBe(MAX_PUSHES_PER_DAY + 2);
  });
});

describe('what the push service answers', () => {
  it('410: the subscription is deleted, and nothing counts as sent', async () => {
    const { user, device } = await subscribedFamily();
    standIn.answer(device, 410);
    const id = await savedEvent(user, 'Gone Fishing', at(6, 9));
    const now = at(3, 11);
    await cancel(id, new Date(now.getTime() - 60_000));
    await runAt(now);
    expect(standIn.attempts.filter((attempt) => attempt.device === device)).toEqual([
      { device, status: 410 },
    ]);
    expect(await devicesOf(user)).toEqual([]);
    // A new subscription on that family later still hears of it (the claim was given back).
    const replacement = `${device}-new`;
    await subscribe(user, replacement);
    await runAt(new Date(now.getTime() + 60_000));
    expect(pushesTo(replacement)).toHaveLength(1);
  });

  it('500: the subscription is kept and tried again after its backoff, without holding up the family’s other device', async () => {
    const { user, device } = await subscribedFamily();
    standIn.answer(device, 500);
    const id = await savedEvent(user, 'Harbor Swim', at(6, 9));
    const now = at(3, 11);
    await cancel(id, new Date(now.getTime() - 60_000));
    await runAt(now);
    expect(pushesTo(device)).toEqual([]);
    expect(await devicesOf(user)).toEqual([{ failures: 1 }]);

    // Within the backoff (2 minutes after one failure) the device is left alone.
    standIn.answer(device, 201);
    await runAt(new Date(now.getTime() + 60_000));
    expect(pushesTo(device)).toEqual([]);
    await runAt(new Date(now.getTime() + 2 * 60_000));
    expect(pushesTo(device).map((push) => push.title)).toEqual([
      expect.stringMatching(/^Harbor Swim on \w+ was cancelled$/),
    ]);
    expect(await devicesOf(user)).toEqual([{ failures: 0 }]);

    // Two devices, one down: the other gets the next fact at once.
    const healthy = `${device}-tablet`;
    await subscribe(user, healthy);
    standIn.answer(device, 503);
    const second = await savedEvent(user, 'Tide Pools', at(6, 15));
    await save(user, [id, second]);
    const later = new Date(now.getTime() + 10 * 60_000);
    await cancel(second, new Date(later.getTime() - 60_000));
    await runAt(later);
    expect(pushesTo(healthy).map((push) => push.title)).toEqual([
      expect.stringMatching(/^Tide Pools on \w+ was cancelled$/),
    ]);
    expect((await devicesOf(user)).map((row) => row.failures).sort()).toEqual([0, 1]);
  });
});

describe('the day-before reminder', () => {
  it('comes at 17:00 the day before, at the family’s clock, once', async () => {
    const { user, device } = await subscribedFamily();
    const id = await savedEvent(user, 'Puppet Parade', at(5, 10));
    await runAt(at(4, 16, 59));
    expect(pushesTo(device)).toEqual([]);
    await runAt(at(4, 17));
    expect(pushesTo(device)).toEqual([
      {
        title: 'Tomorrow: Puppet Parade at 10:00 AM',
        body: '10:00 AM at Test Hall. You saved this event.',
        path: `/event/${encodeURIComponent(id)}`,
        tag: `event:${id}`,
      },
    ]);
    await runAt(at(4, 18));
    expect(pushesTo(device)).toHaveLength(1);
  });

  it('is not sent when reminders are off', async () => {
    const { user, device } = await subscribedFamily();
    await settings(user, { push: { reminders: false } });
    await savedEvent(user, 'Story Hour', at(5, 10));
    await runAt(at(4, 17, 30));
    expect(pushesTo(device)).toEqual([]);
  });
});

describe('a new event matching a watched search', () => {
  it('is pushed once with the search’s name and the event’s path', async () => {
    const { user, device } = await subscribedFamily();
    const [row] = await app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.firebaseUid, user.uid));
    const userId = row?.id ?? '';
    const [search] = await app.db
      .insert(watchedSearches)
      .values({ userId, name: 'Weekend jazz', filters: { query: 'jazz' } })
      .returning({ id: watchedSearches.id });
    const eventId = await insertTestEvent(app, { title: 'Jazz Brunch', startsAt: at(6, 11) });
    const now = at(3, 15);
    await app.db.insert(watchedSearchMatches).values({
      watchedSearchId: search?.id ?? '',
      eventId,
      userId,
      matchedAt: new Date(now.getTime() - 60_000),
    });
    await runAt(now);
    await runAt(new Date(now.getTime() + 60_000));
    expect(pushesTo(device)).toEqual([
      {
        title: 'New for “Weekend jazz”: Jazz Brunch',
        body: expect.stringMatching(/11:00 AM at Test Hall\. It matches a search you watch\.$/),
        path: `/event/${encodeURIComponent(eventId)}`,
        tag: `event:${eventId}`,
      },
    ]);
  });
});

describe('in the family’s language (users.language)', () => {
  /** A subscribed family that chose Spanish. */
  async function spanishFamily() {
    const family = await subscribedFamily();
    await app.db
      .update(users)
      .set({ language: 'es' })
      .where(eq(users.firebaseUid, family.user.uid));
    return family;
  }

  /** A day as Spanish writes it, at the family's clock: 'sábado' or 'sábado, 6 jun'. */
  const spanishDay = (instant: Date, options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('es', { ...options, timeZone: zone }).format(instant);

  it('a cancellation and a move are pushed in Spanish, the event’s own title as it is', async () => {
    const { user, device } = await spanishFamily();
    const cancelledStart = at(5, 11);
    const cancelled = await insertTestEvent(app, {
      title: 'Bubble Festival',
      startsAt: cancelledStart,
      category: 'popup',
    });
    const first = at(5, 10);
    const moved = at(6, 10);
    const movedId = await insertTestEvent(app, {
      title: 'Sandcastle Contest',
      startsAt: first,
      category: 'popup',
    });
    await save(user, [cancelled, movedId]);
    const now = at(3, 10);
    await cancel(cancelled, new Date(now.getTime() - 5 * 60_000));
    await app.db
      .update(events)
      .set({
        startsAt: moved,
        previousStartsAt: first,
        rescheduledAt: new Date(now.getTime() - 60_000),
      })
      .where(eq(events.id, movedId));
    await runAt(now);
    const pushes = pushesTo(device);
    expect(pushes.map((push) => push.title).sort()).toEqual([
      `Sandcastle Contest se cambió al ${spanishDay(moved, { weekday: 'long' })}`,
      `Se canceló Bubble Festival del ${spanishDay(cancelledStart, { weekday: 'long' })}`,
    ]);
    const long = { weekday: 'long', month: 'short', day: 'numeric' } as const;
    expect(pushes.map((push) => push.body).sort()).toEqual([
      `Nuevo horario: ${spanishDay(moved, long)} · 10:00 AM en Test Hall. Guardaste este evento.`,
      `${spanishDay(cancelledStart, long)} · 11:00 AM en Test Hall. Guardaste este evento.`,
    ]);
    expect(JSON.stringify(pushes)).not.toMatch(/server\.push\.|You saved|was cancelled/);
  });

  it('the day-before reminder says Mañana', async () => {
    const { user, device } = await spanishFamily();
    const id = await savedEvent(user, 'Puppet Parade', at(5, 10));
    await runAt(at(4, 17));
    expect(pushesTo(device)).toEqual([
      {
        title: 'Mañana: Puppet Parade a las 10:00 AM',
        body: '10:00 AM en Test Hall. Guardaste este evento.',
        path: `/event/${encodeURIComponent(id)}`,
        tag: `event:${id}`,
      },
    ]);
  });

  it('a watched search’s new event names the search in Spanish', async () => {
    const { user, device } = await spanishFamily();
    const [row] = await app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.firebaseUid, user.uid));
    const userId = row?.id ?? '';
    const [search] = await app.db
      .insert(watchedSearches)
      .values({ userId, name: 'Jazz el fin de semana', filters: { query: 'jazz' } })
      .returning({ id: watchedSearches.id });
    const startsAt = at(6, 11);
    const eventId = await insertTestEvent(app, { title: 'Jazz Brunch', startsAt });
    const now = at(3, 15);
    await app.db.insert(watchedSearchMatches).values({
      watchedSearchId: search?.id ?? '',
      eventId,
      userId,
      matchedAt: new Date(now.getTime() - 60_000),
    });
    await runAt(now);
    const long = { weekday: 'long', month: 'short', day: 'numeric' } as const;
    expect(pushesTo(device)).toEqual([
      {
        title: 'Nuevo en “Jazz el fin de semana”: Jazz Brunch',
        body: `${spanishDay(startsAt, long)} · 11:00 AM en Test Hall. Coincide con una búsqueda que sigues.`,
        path: `/event/${encodeURIComponent(eventId)}`,
        tag: `event:${eventId}`,
      },
    ]);
  });
});

describe('the job’s registration', () => {
  it('runs every FAMJAM_PUSH_POLL_SECONDS once the server listens, and not at all at 0', () => {
    const setting = (pollSeconds: number) => ({
      db: app.db,
      config: { ...app.config, push: { ...app.config.push, pollSeconds } },
      log: { info: () => {}, error: () => {} },
      address: () => null,
    });
    const push = timedWork(setting(60)).find((job) => job.name === pushSendingJobName);
    expect(push).toMatchObject({ everyMs: 60_000, startWhen: 'listening' });
    expect(timedWork(setting(0)).map((job) => job.name)).not.toContain(pushSendingJobName);
  });
});
