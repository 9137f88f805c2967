import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredCategoryId } from '../../contract/categories.ts';
import { NotificationList } from '../../contract/notifications.ts';
import type { CreateUserBody } from '../../contract/user.ts';
import { events } from '../db/schema/index.ts';
import { warmGazetteer } from '../services/geocoding.ts';
import { reminderTitle } from '../services/notifications.ts';
import { places } from '../test/fixtureApp.ts';
import {
  bearer,
  buildTestApp,
  createEmulatorUser,
  createOnboardedUser,
  type EmulatorUser,
  expectInContract,
  insertTestEvent,
} from '../test/helpers.ts';
import type { FamJamApp } from '../types.ts';

let app: FamJamApp;

beforeAll(async () => {
  app = await buildTestApp();
  // Loading the place list takes seconds of synchronous work. Done here, before any emulator
  // call, instead of inside the first list: blocking the event loop that long let a pooled
  // connection to the emulator go stale unnoticed, and the next sign-up failed on it.
  warmGazetteer();
});

afterAll(async () => {
  await app?.close();
});

const hour = 60 * 60 * 1000;

interface EventInput {
  title: string;
  category: StoredCategoryId;
  startsInHours: number;
  at?: { latitude: number; longitude: number };
  /** When it was imported; the database's now() when absent. */
  createdAt?: Date;
  timeZone?: string;
  tags?: string[];
}

/** One event, as an import would add it; returns its id. */
async function addEvent(input: EventInput): Promise<string> {
  const { startsInHours, ...rest } = input;
  return insertTestEvent(app, {
    timeZone: 'Etc/UTC',
    ...rest,
    startsAt: new Date(Date.now() + startsInHours * hour),
  });
}

async function onboarded(overrides: Partial<CreateUserBody> = {}): Promise<EmulatorUser> {
  return createOnboardedUser(app, { location: 'San Francisco, CA', ...overrides });
}

async function save(user: EmulatorUser, ids: string[]): Promise<void> {
  const response = await app.inject({
    method: 'PUT',
    url: '/api/me/saved',
    headers: bearer(user),
    payload: { ids },
  });
  expect(response.json().unknownIds).toEqual([]);
}

async function list(user: EmulatorUser): Promise<NotificationList> {
  const response = await app.inject({
    method: 'GET',
    url: '/api/me/notifications',
    headers: bearer(user),
  });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json();
  expectInContract(body, NotificationList, 'GET /api/me/notifications');
  return body;
}

async function markRead(user: EmulatorUser): Promise<NotificationList> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/me/notifications/read',
    headers: bearer(user),
  });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json();
  expectInContract(body, NotificationList, 'POST /api/me/notifications/read');
  return body;
}

const ofKind = (result: NotificationList, kind: string) =>
  result.notifications.filter((notification) => notification.kind === kind);

describe('notifications authorisation', () => {
  it('answers 401 without a token and with a garbage one', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-a-token' }]) {
      for (const [method, url] of [
        ['GET', '/api/me/notifications'],
        ['POST', '/api/me/notifications/read'],
      ] as const) {
        const response = await app.inject({ method, url, headers });
        expect(response.statusCode, `${method} ${url}`).toBe(401);
        expect(response.json().error).toBe('unauthorized');
      }
    }
  });

  it('answers 404 JSON for an account without a profile, on both routes', async () => {
    const stranger = await createEmulatorUser();
    for (const [method, url] of [
      ['GET', '/api/me/notifications'],
      ['POST', '/api/me/notifications/read'],
    ] as const) {
      const response = await app.inject({ method, url, headers: bearer(stranger) });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: 'not_found',
        message:
          'No FamJam profile for this account yet, so no notifications. Finish onboarding first.',
      });
    }
  });
});

describe('GET /api/me/notifications', () => {
  it('starts a new account with three unread: a welcome and two tips, at its creation', async () => {
    const user = await onboarded();
    const record = (
      await app.inject({
        method: 'GET',
        url: `/api/users/by-email/${encodeURIComponent(user.email)}`,
        headers: bearer(user),
      })
    ).json();
    const result = await list(user);
    expect(result.unreadCount).toBe(3);
    expect(result.notifications.map((notification) => notification.kind)).toEqual([
      'welcome',
      'tip',
      'tip',
    ]);
    expect(result.notifications[0]?.title).toBe('Welcome to FamJam!');
    expect(result.notifications.map((notification) => notification.title)).toContain(
      'Tip: Shake to Discover',
    );
    for (const notification of result.notifications) {
      expect(notification).toMatchObject({ read: false, eventId: null });
      expect(notification.createdAt).toBe(record.createdAt);
      expect(notification.body.length).toBeGreaterThan(20);
    }
    expect(new Set(result.notifications.map((notification) => notification.id)).size).toBe(3);
  });

  it("speaks the app's language (Accept-Language): the welcome, the tips and a reminder in Spanish", async () => {
    const soon = await addEvent({ title: 'Puppet Show', category: 'arts', startsInHours: 1 });
    const user = await onboarded();
    await save(user, [soon]);
    const response = await app.inject({
      method: 'GET',
      url: '/api/me/notifications',
      headers: { ...bearer(user), 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const titles = response
      .json<NotificationList>()
      .notifications.map((notification) => notification.title);
    expect(titles).toContain('¡Te damos la bienvenida a FamJam!');
    expect(titles).toContain('Consejo: agita para descubrir');
    expect(titles).toContain('Empieza pronto: Puppet Show');
    // The same list in English for an English-speaking app.
    expect((await list(user)).notifications.map((notification) => notification.title)).toContain(
      'Starting soon: Puppet Show',
    );
  });

  it('reminds of a saved event starting within 48 hours, not of one in 72 hours or one begun', async () => {
    const tomorrow = await addEvent({ title: 'Puppet Show', category: 'arts', startsInHours: 24 });
    const later = await addEvent({ title: 'Far Off Fair', category: 'arts', startsInHours: 72 });
    const begun = await addEvent({ title: 'Begun Parade', category: 'arts', startsInHours: -1 });
    const soon = await addEvent({ title: 'Soon Concert', category: 'arts', startsInHours: 1 });
    const user = await onboarded();
    await save(user, [later, tomorrow, begun, soon]);

    const result = await list(user);
    const reminders = ofKind(result, 'reminder');
    expect(reminders.map((reminder) => reminder.eventId).sort()).toEqual([soon, tomorrow].sort());
    const puppet = reminders.find((reminder) => reminder.eventId === tomorrow);
    expect(puppet).toMatchObject({
      id: `reminder:${tomorrow}`,
      title: 'Tomorrow: Puppet Show',
      read: false,
    });
    expect(puppet?.body).toMatch(/^\d{1,2}:\d{2} (AM|PM) at Test Hall$/);
    expect(reminders.find((reminder) => reminder.eventId === soon)?.title).toBe(
      'Starting soon: Soon Concert',
    );
    expect(result.unreadCount).toBe(5);
    // Newest first: a reminder counts from when its event entered the window (here, the save).
    expect(result.notifications.slice(0, 2).every((n) => n.kind === 'reminder')).toBe(true);
  });

  it("lists a new event nearby in a saved event's category, not far away, other kinds, old or past", async () => {
    const saved = await addEvent({ title: 'Old Game', category: 'sports', startsInHours: 24 * 9 });
    await addEvent({
      title: 'Imported Before Joining',
      category: 'sports',
      startsInHours: 48,
      createdAt: new Date(Date.now() - hour),
    });
    const user = await onboarded();
    await save(user, [saved]);
    const near = await addEvent({ title: 'Giants Game', category: 'sports', startsInHours: 30 });
    await addEvent({
      title: 'Yankees Game',
      category: 'sports',
      startsInHours: 30,
      at: places.timesSquare,
    });
    await addEvent({ title: 'Stand-up Night', category: 'comedy', startsInHours: 30 });
    await addEvent({ title: 'Yesterday Match', category: 'sports', startsInHours: -30 });

    const result = await list(user);
    expect(ofKind(result, 'new_event')).toEqual([
      {
        id: `new_event:${near}`,
        kind: 'new_event',
        title: 'New near you: Giants Game',
        body: expect.stringMatching(
          /^(Sunday|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday), [A-Z][a-z]{2} \d{1,2} · \d{1,2}:\d{2} (AM|PM) at Test Hall$/,
        ),
        createdAt: expect.any(String),
        read: false,
        eventId: near,
      },
    ]);
    expect(result.notifications[0]?.eventId).toBe(near);
    expect(result.unreadCount).toBe(4);
  });

  it('counts music as a category once the family chose genres, and lists at most 5, newest first', async () => {
    const fan = await onboarded({ musicPreferences: ['Jazz'] });
    const quiet = await onboarded({ musicPreferences: [] });
    const ids: string[] = [];
    // One statement each, so each gets a later created_at (the database's now()).
    for (let index = 0; index < 6; index += 1) {
      ids.push(
        await addEvent({ title: `Concert ${index}`, category: 'music', startsInHours: 100 }),
      );
    }
    const news = ofKind(await list(fan), 'new_event');
    expect(news.map((notification) => notification.eventId)).toEqual(ids.slice(1).reverse());
    expect(ofKind(await list(quiet), 'new_event')).toEqual([]);
  });

  it('names a new concert matching the taste, artists first, instead of a plain new event', async () => {
    const fan = await onboarded({ musicPreferences: ['Jazz'], musicArtists: ['Raffi'] });
    const jazz = await addEvent({
      title: 'Blue Note Revue',
      category: 'music',
      startsInHours: 60,
      tags: ['Jazz'],
    });
    const raffi = await addEvent({
      title: 'Raffi: Bananaphone Tour',
      category: 'music',
      startsInHours: 70,
      tags: ['Jazz'],
    });
    const plain = await addEvent({ title: 'Open Mic', category: 'music', startsInHours: 80 });
    const notMusic = await addEvent({
      title: 'Jazz Age Poster Show',
      category: 'arts',
      startsInHours: 80,
    });
    const far = await addEvent({
      title: 'Jazz on the Hudson',
      category: 'music',
      startsInHours: 80,
      tags: ['Jazz'],
      at: places.timesSquare,
    });

    const result = await list(fan);
    expect(ofKind(result, 'concert')).toEqual([
      {
        id: `concert:${raffi}`,
        kind: 'concert',
        title: 'Raffi is playing near you',
        body: expect.stringMatching(/ · .* at Test Hall$/),
        createdAt: expect.any(String),
        read: false,
        eventId: raffi,
      },
      expect.objectContaining({
        id: `concert:${jazz}`,
        title: 'New concert for Jazz fans',
        eventId: jazz,
      }),
    ]);
    const news = ofKind(result, 'new_event').map((notification) => notification.eventId);
    expect(news).toContain(plain);
    for (const id of [jazz, raffi, notMusic, far]) expect(news).not.toContain(id);
    const stranger = await onboarded({ musicPreferences: ['Country'] });
    expect(ofKind(await list(stranger), 'concert')).toEqual([]);
  });

  it('tells a family that saved an event when its source cancels or moves it, and not before or after', async () => {
    const start = (hours: number) => new Date(Date.now() + hours * hour);
    // 100 hours on: outside the reminder window, so only the change is listed.
    const festival = await addEvent({
      title: 'Bubble Festival',
      category: 'arts',
      startsInHours: 100,
    });
    const recital = await addEvent({
      title: 'Cello Recital',
      category: 'arts',
      startsInHours: 100,
    });
    const parade = await addEvent({
      title: 'Lantern Parade',
      category: 'arts',
      startsInHours: 100,
    });
    const user = await onboarded();
    await save(user, [festival, recital, parade]);
    const before = await list(user);
    expect(ofKind(before, 'cancelled')).toEqual([]);
    expect(ofKind(before, 'rescheduled')).toEqual([]);

    // What a source run writes (server/services/sources/): the festival cancelled, the recital moved a
    // day on, the parade an hour later the same day.
    await app.db.update(events).set({ cancelledAt: sql`now()` }).where(eq(events.id, festival));
    await app.db
      .update(events)
      .set({ previousStartsAt: start(100), startsAt: start(124), rescheduledAt: sql`now()` })
      .where(eq(events.id, recital));
    const paradeStart = new Date(Date.UTC(2031, 4, 10, 15, 0));
    await app.db
      .update(events)
      .set({
        previousStartsAt: paradeStart,
        startsAt: new Date(paradeStart.getTime() + hour),
        rescheduledAt: sql`now()`,
      })
      .where(eq(events.id, parade));

    const after = await list(user);
    const dayName = (date: Date) =>
      new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'Etc/UTC' }).format(date);
    const [cancelled] = ofKind(after, 'cancelled');
    expect(cancelled).toMatchObject({
      id: `cancelled:${festival}`,
      title: `Bubble Festival on ${dayName(start(100))} was cancelled`,
      eventId: festival,
      read: false,
    });
    const moved = ofKind(after, 'rescheduled');
    expect(moved.map((notification) => notification.title).sort()).toEqual([
      `Cello Recital moved to ${dayName(start(124))}`,
      'Lantern Parade now starts at 4:00 PM',
    ]);
    expect(moved.every((notification) => notification.body.startsWith('New time: '))).toBe(true);
    // Newest first: the three changes are the newest things in the list.
    expect(
      after.notifications
        .slice(0, 3)
        .map((n) => n.kind)
        .sort(),
    ).toEqual(['cancelled', 'rescheduled', 'rescheduled']);

    // Saved after the change: the card already said so, nothing to announce.
    const late = await onboarded();
    await save(late, [festival, recital]);
    const lateList = await list(late);
    expect(ofKind(lateList, 'cancelled')).toEqual([]);
    expect(ofKind(lateList, 'rescheduled')).toEqual([]);
  });

  it('replaces what the bell said about an event once it is cancelled or moved', async () => {
    // Both start tomorrow at the venue's clock (UTC) whatever the hour of the run: a fixed
    // 30 hours from now is the day after tomorrow when the test runs after 18:00.
    const tomorrowAt = (hourOfDay: number) => {
      const now = new Date();
      return new Date(
        Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, hourOfDay),
      );
    };
    const hoursUntil = (date: Date) => (date.getTime() - Date.now()) / hour;
    const storytimeStart = tomorrowAt(10);
    const puppetsStart = tomorrowAt(12);
    const storytime = await addEvent({
      title: 'Storytime',
      category: 'arts',
      startsInHours: hoursUntil(storytimeStart),
    });
    const puppets = await addEvent({
      title: 'Puppet Hour',
      category: 'arts',
      startsInHours: hoursUntil(puppetsStart),
    });
    const user = await onboarded();
    await save(user, [storytime, puppets]);
    const about = (result: NotificationList, eventId: string) =>
      result.notifications
        .filter((notification) => notification.eventId === eventId)
        .map((notification) => notification.title);
    const before = await list(user);
    expect(about(before, storytime)).toEqual(['Tomorrow: Storytime']);
    expect(about(before, puppets)).toEqual(['Tomorrow: Puppet Hour']);

    // Storytime is called off; the puppets move ten hours on, still inside the reminder window.
    await app.db.update(events).set({ cancelledAt: sql`now()` }).where(eq(events.id, storytime));
    await app.db
      .update(events)
      .set({
        previousStartsAt: puppetsStart,
        startsAt: new Date(puppetsStart.getTime() + 10 * hour),
        rescheduledAt: sql`now()`,
      })
      .where(eq(events.id, puppets));
    const dayName = (date: Date) =>
      new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'Etc/UTC' }).format(date);
    const after = await list(user);
    expect(about(after, storytime)).toEqual([
      `Storytime on ${dayName(storytimeStart)} was cancelled`,
    ]);
    const [moved] = ofKind(after, 'rescheduled');
    expect(about(after, puppets)).toEqual([moved?.title]);
    expect(moved?.body).toMatch(/^New time: /);

    // Saved after the cancellation: no announcement (the card says so), and no reminder either.
    const late = await onboarded();
    await save(late, [storytime]);
    expect(about(await list(late), storytime)).toEqual([]);
  });

  it('never announces a cancelled event as new', async () => {
    const saved = await addEvent({ title: 'Kite Class', category: 'popup', startsInHours: 200 });
    const user = await onboarded();
    await save(user, [saved]);
    const called = await addEvent({ title: 'Kite Fair', category: 'popup', startsInHours: 60 });
    const going = await addEvent({ title: 'Kite Swap', category: 'popup', startsInHours: 60 });
    await app.db.update(events).set({ cancelledAt: sql`now()` }).where(eq(events.id, called));
    const news = ofKind(await list(user), 'new_event').map((notification) => notification.eventId);
    expect(news).toContain(going);
    expect(news).not.toContain(called);
  });

  it("shows only the caller's own reminders", async () => {
    const event = await addEvent({ title: 'Mine Only', category: 'arts', startsInHours: 20 });
    const owner = await onboarded();
    const other = await onboarded();
    await save(owner, [event]);
    expect(ofKind(await list(owner), 'reminder')).toHaveLength(1);
    expect(ofKind(await list(other), 'reminder')).toEqual([]);
  });
});

describe('POST /api/me/notifications/read', () => {
  it('marks everything read (count 0) and only what comes later is unread', async () => {
    const event = await addEvent({ title: 'Story Time', category: 'arts', startsInHours: 10 });
    const user = await onboarded({ musicPreferences: ['Pop'] });
    await save(user, [event]);
    expect((await list(user)).unreadCount).toBe(4);

    const marked = await markRead(user);
    expect(marked.unreadCount).toBe(0);
    expect(marked.notifications).toHaveLength(4);
    expect(marked.notifications.every((notification) => notification.read)).toBe(true);
    expect(await list(user)).toEqual(marked);

    const added = await addEvent({ title: 'Fresh Gig', category: 'music', startsInHours: 50 });
    const after = await list(user);
    expect(after.unreadCount).toBe(1);
    expect(after.notifications.filter((n) => !n.read).map((n) => n.eventId)).toEqual([added]);
  });

  it("never marks another account's list", async () => {
    const reader = await onboarded();
    const other = await onboarded();
    await markRead(reader);
    expect((await list(other)).unreadCount).toBe(3);
  });
});

describe('reminderTitle', () => {
  const event = (startsAt: string, hasTime = true) => ({
    id: 'x',
    title: 'Zoo Day',
    venue: '',
    location: '',
    startsAt: new Date(startsAt),
    timeZone: 'America/Los_Angeles',
    hasTime,
  });
  const now = new Date('2026-11-27T17:00:00Z'); // Friday 9:00 AM in San Francisco

  it("names the day at the venue's clock", () => {
    expect(reminderTitle(event('2026-11-27T19:00:00Z'), now)).toBe('Starting soon: Zoo Day');
    expect(reminderTitle(event('2026-11-28T03:00:00Z'), now)).toBe('Today: Zoo Day');
    expect(reminderTitle(event('2026-11-28T09:00:00Z'), now)).toBe('Tomorrow: Zoo Day');
    expect(reminderTitle(event('2026-11-29T16:00:00Z'), now)).toBe('Sunday: Zoo Day');
  });

  it('never calls an all-day event "starting soon"', () => {
    // Local midnight of Saturday, two hours after 10 PM on Friday.
    const lateFriday = new Date('2026-11-28T06:00:00Z');
    expect(reminderTitle(event('2026-11-28T08:00:00Z', false), lateFriday)).toBe(
      'Tomorrow: Zoo Day',
    );
  });
});
