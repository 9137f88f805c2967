import type { StoredCategoryId } from '../../contract/categories.ts';
import { DEFAULT_RADIUS_KM } from '../../contract/events.ts';
import {
  type Notification,
  type NotificationList,
  REMINDER_WINDOW_HOURS,
} from '../../contract/notifications.ts';
import { DEFAULT_LOCATION, PRODUCT_NAME } from '../../contract/product.ts';
import type { Database } from '../db/client.ts';
import { messagesIn, type ServerMessages } from '../i18n.ts';
import { displayTime } from '../stores/eventFields.ts';
import {
  changedSavedEvents,
  newConcertConditions,
  newEventsFor,
  type ReaderRow,
  readerRow,
  savedCategories,
  savedEventsStartingBy,
  stampNotificationsRead,
} from '../stores/notifications.ts';
import { watchedMatchesOf } from '../stores/watchedSearches.ts';
import { NotFoundError } from './errors.ts';
import { resolveLocation } from './geocoding.ts';
import { dayIn } from './outreach/localDates.ts';
import { matchTaste } from './recommendations.ts';
import { calendarDateAt, daysBetween } from './zonedTime.ts';

/**
 * The bell's list, computed when asked from what the database already holds (the account, the
 * saved list, the events table): nothing is stored per notification but the one "read up to"
 * stamp, so there is nothing to fan out on import and nothing to clean up. The queries are in
 * server/stores/notifications.ts.
 */

const hour = 60 * 60 * 1000;

/** A reminder that close to the start says 'Starting soon' rather than 'Today'. */
const STARTING_SOON_HOURS = 3;

/** At most this many new-event notifications, newest first: a nudge, not a second feed. */
const NEW_EVENT_LIMIT = 5;

/**
 * New events stay in the list this long. Those created since the list was last opened are the
 * unread ones; older ones stay visible, read, so opening the list (which marks it read) does
 * not make what the person is looking at vanish.
 */
const NEW_EVENT_WINDOW_DAYS = 7;

/** Every account's first three (docs/product.md#spec-9: the notification count starts at 3). */
function starterNotifications(
  i18n: ServerMessages,
): Pick<Notification, 'id' | 'kind' | 'title' | 'body'>[] {
  return [
    {
      id: 'welcome',
      kind: 'welcome',
      title: i18n.t('server.bell.welcome.title', { product: PRODUCT_NAME }),
      body: i18n.t('server.bell.welcome.body'),
    },
    {
      id: 'tip:shake',
      kind: 'tip',
      title: i18n.t('server.bell.tipShake.title'),
      body: i18n.t('server.bell.tipShake.body'),
    },
    {
      id: 'tip:calendar',
      kind: 'tip',
      title: i18n.t('server.bell.tipCalendar.title'),
      body: i18n.t('server.bell.tipCalendar.body'),
    },
  ];
}

/**
 * English, unless a caller words it in a family's language: the push job does (pushDue.ts, the
 * family's record) and the bell does (the app's language, sent with the request).
 */
const english = messagesIn(null);

interface EventFacts {
  id: string;
  title: string;
  venue: string;
  location: string;
  startsAt: Date;
  timeZone: string;
  hasTime: boolean;
}

/** '7:00 PM at Oracle Park' (or 'All day at …'); the city when there is no venue. */
export function timeAndPlace(event: EventFacts, i18n: ServerMessages = english): string {
  const time = event.hasTime
    ? displayTime(event.startsAt, event.timeZone)
    : i18n.t('server.push.allDay');
  const place = event.venue.trim() || event.location.trim();
  return place ? i18n.t('server.push.timeAndPlace', { time, place }) : time;
}

/**
 * How the reminder's title names the day, at the venue's clock: 'Starting soon' within
 * STARTING_SOON_HOURS, else 'Today', 'Tomorrow' or the weekday (48 hours reach two days on).
 */
export function reminderTitle(
  event: EventFacts,
  now: Date,
  i18n: ServerMessages = english,
): string {
  const untilStart = event.startsAt.getTime() - now.getTime();
  if (event.hasTime && untilStart <= STARTING_SOON_HOURS * hour) {
    return i18n.t('server.bell.reminder.soon', { title: event.title });
  }
  const day = calendarDateAt(event.startsAt, event.timeZone);
  const days = daysBetween(calendarDateAt(now, event.timeZone), day);
  if (days <= 0) return i18n.t('server.bell.reminder.today', { title: event.title });
  if (days === 1) return i18n.t('server.bell.reminder.tomorrow', { title: event.title });
  return i18n.t('server.bell.reminder.onDay', {
    day: dayIn(i18n.locale, day, 'weekday'),
    title: event.title,
  });
}

/** 'Saturday, Nov 28 · 7:00 PM at Oracle Park' ('sábado, 28 nov · …' in Spanish). */
export function newEventBody(event: EventFacts, i18n: ServerMessages = english): string {
  const day = calendarDateAt(event.startsAt, event.timeZone);
  return `${dayIn(i18n.locale, day, 'weekdayShortMonth')} · ${timeAndPlace(event, i18n)}`;
}

/** The caller's account as the list reads it, with the database's now. */
type Reader = ReaderRow;

/** Notifications are the profile's: before onboarding there is nothing to list or mark. */
function noProfileYet(): NotFoundError {
  return new NotFoundError((i18n) => i18n.t('server.error.notifications.noProfile'));
}

async function reader(db: Database, firebaseUid: string): Promise<Reader> {
  const row = await readerRow(db, firebaseUid);
  if (!row) throw noProfileYet();
  return row;
}

/**
 * A notification before it is stamped: `at` becomes createdAt, and decides `read`. The push
 * job (server/services/outreach/pushDue.ts) words its pushes from the same facts.
 */
export type Unread = Omit<Notification, 'read' | 'createdAt'> & { at: Date };

/** 'Saturday' within the coming week (at the venue's clock), else 'Nov 28'. */
function dayWord(event: EventFacts, now: Date, i18n: ServerMessages): string {
  const day = calendarDateAt(event.startsAt, event.timeZone);
  const days = daysBetween(calendarDateAt(now, event.timeZone), day);
  return dayIn(i18n.locale, day, days >= 0 && days < 7 ? 'weekday' : 'monthDay');
}

/** How long a cancellation or a move stays in the list after it happened. */
const CHANGE_WINDOW_DAYS = 30;

/**
 * What a source changed about a saved event after the family saved it: cancelled, or moved.
 * Saved after the change, the card already told them, so there is nothing to announce. A
 * cancellation is listed until the event's day has passed; a move until the event starts.
 */
export async function savedEventChanges(
  db: Database,
  who: Pick<Reader, 'userId' | 'now'>,
  since: Date = new Date(who.now.getTime() - CHANGE_WINDOW_DAYS * 24 * hour),
  i18n: ServerMessages = english,
): Promise<Unread[]> {
  const rows = await changedSavedEvents(db, who.userId, who.now, since);
  return rows.map((row): Unread => {
    if (row.cancelledAt !== null) {
      return {
        id: `cancelled:${row.id}`,
        kind: 'cancelled',
        title: i18n.t('server.push.cancelled', {
          title: row.title,
          day: dayWord(row, who.now, i18n),
        }),
        body: newEventBody(row, i18n),
        at: row.cancelledAt,
        eventId: row.id,
      };
    }
    // Every move is its own notification: the id names the new start. A move within the same
    // day (at the venue) is a new time, not a new day.
    const sameDay =
      row.previousStartsAt !== null &&
      row.hasTime &&
      calendarDateAt(row.previousStartsAt, row.timeZone).day ===
        calendarDateAt(row.startsAt, row.timeZone).day &&
      Math.abs(row.previousStartsAt.getTime() - row.startsAt.getTime()) < 24 * hour;
    return {
      id: `rescheduled:${row.id}:${row.startsAt.toISOString()}`,
      kind: 'rescheduled',
      title: sameDay
        ? i18n.t('server.push.newTime', {
            title: row.title,
            time: displayTime(row.startsAt, row.timeZone),
          })
        : i18n.t('server.push.moved', { title: row.title, day: dayWord(row, who.now, i18n) }),
      body: i18n.t('server.push.movedBody', { when: newEventBody(row, i18n) }),
      at: row.rescheduledAt ?? who.now,
      eventId: row.id,
    };
  });
}

/**
 * Saved events going ahead that start within the next REMINDER_WINDOW_HOURS (not yet started).
 * A cancelled event is never reminded of, whether or not the bell announced the cancellation.
 */
async function reminders(db: Database, who: Reader, i18n: ServerMessages): Promise<Unread[]> {
  const windowEnd = new Date(who.now.getTime() + REMINDER_WINDOW_HOURS * hour);
  const rows = await savedEventsStartingBy(db, who.userId, who.now, windowEnd);
  return rows.map((row) => ({
    id: `reminder:${row.id}`,
    kind: 'reminder',
    title: reminderTitle(row, who.now, i18n),
    body: timeAndPlace(row, i18n),
    // It happened when the event came into the window, or when it was saved if that is later:
    // a reminder read once stays read, and one that enters the window later is new.
    at: new Date(
      Math.max(row.startsAt.getTime() - REMINDER_WINDOW_HOURS * hour, row.savedAt.getTime()),
    ),
    eventId: row.id,
  }));
}

/**
 * The categories a person cares about: those of the events they saved (past ones too: they
 * say what the family likes), plus music when they chose any music genres in onboarding.
 */
async function interestingCategories(db: Database, who: Reader): Promise<StoredCategoryId[]> {
  const categories = new Set<StoredCategoryId>(await savedCategories(db, who.userId));
  if (who.musicPreferences.length > 0) categories.add('music');
  return [...categories];
}

/** The profile's place, as the listings resolve it; null when it names nowhere we know. */
function profileArea(location: string) {
  try {
    const place = resolveLocation(location.trim() || DEFAULT_LOCATION);
    return { latitude: place.latitude, longitude: place.longitude, radiusKm: DEFAULT_RADIUS_KM };
  } catch {
    // A place typed before the gazetteer knew it: no nearby events, but the bell still works.
    return null;
  }
}

/** Where new events count from: the account's creation, at most NEW_EVENT_WINDOW_DAYS back. */
function newSince(who: Reader): Date {
  const windowStart = new Date(who.now.getTime() - NEW_EVENT_WINDOW_DAYS * 24 * hour);
  return who.createdAt > windowStart ? who.createdAt : windowStart;
}

/**
 * Music events added after `since` (the bell: newSince) that match the family's taste (the recommendations'
 * matcher: artists first, then genres), within the default radius of the profile location,
 * upcoming, not saved. Newest first, NEW_EVENT_LIMIT. An artist's says who is playing; a
 * genre's, for whom.
 */
export async function tasteConcerts(
  db: Database,
  who: Pick<Reader, 'userId' | 'now' | 'location' | 'musicArtists' | 'musicPreferences'>,
  since: Date,
  i18n: ServerMessages = english,
): Promise<Unread[]> {
  const area = profileArea(who.location);
  if (area === null) return [];
  const found = await matchTaste(
    db,
    { artists: who.musicArtists, genres: who.musicPreferences },
    {
      area,
      now: who.now,
      where: newConcertConditions(db, who.userId, since),
      order: 'newest',
      take: NEW_EVENT_LIMIT,
    },
  );
  const items = found.flatMap(({ item, events: matched }) =>
    matched.map((event) => ({ item, event })),
  );
  items.sort(
    (a, b) =>
      b.event.createdAt.getTime() - a.event.createdAt.getTime() ||
      a.event.id.localeCompare(b.event.id),
  );
  return items.slice(0, NEW_EVENT_LIMIT).map(({ item, event }) => ({
    id: `concert:${event.id}`,
    kind: 'concert',
    title:
      item.reason === 'artist'
        ? i18n.t('server.push.concert.artist', { name: item.name })
        : i18n.t('server.push.concert.genre', { name: item.name }),
    body: newEventBody(event, i18n),
    at: event.createdAt,
    eventId: event.id,
  }));
}

/**
 * Upcoming events added (imported or seeded: events.created_at, kept on re-import) since the
 * account was created and within NEW_EVENT_WINDOW_DAYS, in the person's categories, within the
 * default radius of their profile location, not already saved, not already a concert
 * notification. Newest first, NEW_EVENT_LIMIT.
 */
async function newEvents(
  db: Database,
  who: Reader,
  concertIds: string[],
  i18n: ServerMessages,
): Promise<Unread[]> {
  const categories = await interestingCategories(db, who);
  const area = profileArea(who.location);
  if (categories.length === 0 || area === null) return [];
  const rows = await newEventsFor(db, {
    userId: who.userId,
    since: newSince(who),
    categories,
    area,
    now: who.now,
    excludedIds: concertIds,
    limit: NEW_EVENT_LIMIT,
  });
  return rows.map((row) => ({
    id: `new_event:${row.id}`,
    kind: 'new_event',
    title: i18n.t('server.bell.newNearYou', { title: row.title }),
    body: newEventBody(row, i18n),
    at: row.createdAt,
    eventId: row.id,
  }));
}

/** At most this many watched-search notifications, newest first. */
const WATCHED_LIMIT = 5;

/**
 * New events that matched one of the family's watched searches (written by the import,
 * server/services/watchedSearches.ts), matched within NEW_EVENT_WINDOW_DAYS, still upcoming
 * and going ahead: one per event, naming the first search that matched it.
 */
async function watched(db: Database, who: Reader, i18n: ServerMessages): Promise<Unread[]> {
  const rows = await watchedMatchesOf(db, who.userId, {
    since: new Date(who.now.getTime() - NEW_EVENT_WINDOW_DAYS * 24 * hour),
    now: who.now,
    limit: WATCHED_LIMIT,
    pausedToo: true,
  });
  return rows.map((row) => ({
    id: `watched:${row.id}`,
    kind: 'watched',
    title: i18n.t('server.bell.watched', { name: row.searchName }),
    body: `${row.title} · ${newEventBody(row, i18n)}`,
    at: row.matchedAt,
    eventId: row.id,
  }));
}

function finish(items: Unread[], readAt: Date | null): NotificationList {
  // Stable sort: equal instants keep the order built (reminders, concerts, new events, welcome, tips).
  const sorted = [...items].sort((a, b) => b.at.getTime() - a.at.getTime());
  const notifications = sorted.map(({ at, ...rest }) => ({
    ...rest,
    createdAt: at.toISOString(),
    read: readAt !== null && at.getTime() <= readAt.getTime(),
  }));
  return {
    notifications,
    unreadCount: notifications.filter((notification) => !notification.read).length,
  };
}

/** The caller's list, newest first, in `i18n`'s language; NotFoundError before onboarding. */
export async function notificationsFor(
  db: Database,
  firebaseUid: string,
  i18n: ServerMessages = english,
): Promise<NotificationList> {
  const who = await reader(db, firebaseUid);
  const starters: Unread[] = starterNotifications(i18n).map((starter) => ({
    ...starter,
    at: who.createdAt,
    eventId: null,
  }));
  const [reminded, changed, matched, watchedFor] = await Promise.all([
    reminders(db, who, i18n),
    savedEventChanges(db, who, undefined, i18n),
    tasteConcerts(db, who, newSince(who), i18n),
    watched(db, who, i18n),
  ]);
  // A cancellation or a move replaces what the bell said about that event: 'Tomorrow: …' under
  // '… moved to Saturday' would contradict it. The move's own title and body give the new time.
  const changedIds = new Set(changed.map((change) => change.eventId));
  const soon = reminded.filter((reminder) => !changedIds.has(reminder.eventId));
  // An event a watched search found is told once, as that: the family asked for it.
  const watchedIds = new Set(watchedFor.map((match) => match.eventId));
  const concertsLeft = matched.filter((concert) => !watchedIds.has(concert.eventId));
  const added = await newEvents(
    db,
    who,
    [
      ...[...watchedIds].flatMap((id) => (id ? [id] : [])),
      ...concertsLeft.flatMap((concert) => (concert.eventId ? [concert.eventId] : [])),
    ],
    i18n,
  );
  return finish(
    [...changed, ...soon, ...watchedFor, ...concertsLeft, ...added, ...starters],
    who.readAt,
  );
}

/**
 * Marks everything up to now read (the list was opened) and returns the list. The stamp is
 * the database's clock, the same one every listed instant comes from.
 */
export async function markNotificationsRead(
  db: Database,
  firebaseUid: string,
  i18n: ServerMessages = english,
): Promise<NotificationList> {
  if (!(await stampNotificationsRead(db, firebaseUid))) throw noProfileYet();
  return notificationsFor(db, firebaseUid, i18n);
}
