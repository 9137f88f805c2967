import type { Urgency } from 'web-push';
import type { AppLocale } from '../../../contract/locales.ts';
import {
  type PushKind,
  type PushPayload,
  QUIET_FROM_HOUR,
  QUIET_UNTIL_HOUR,
  REMINDER_LOCAL_HOUR,
} from '../../../contract/outreach.ts';
import type { Database } from '../../db/client.ts';
import { messagesIn, type ServerMessages } from '../../i18n.ts';
import { displayTime } from '../../stores/eventFields.ts';
import { savedEventsStartingBy } from '../../stores/notifications.ts';
import { deliveredSubjects, type OutreachSettingsRow } from '../../stores/outreach.ts';
import { watchedMatchesOf } from '../../stores/watchedSearches.ts';
import {
  newEventBody,
  savedEventChanges,
  tasteConcerts,
  timeAndPlace,
  type Unread,
} from '../notifications.ts';
import { addDays, calendarDateAt, isoDate, wallClockAt } from '../zonedTime.ts';

/*
 * What a family is due to be pushed now, worded as the bell words it (services/notifications.ts
 * computes the same facts for the bell): each kind only when its switch is on, each fact once
 * (its outreach_deliveries subject), nothing during quiet hours. The cap and the sending are in
 * pushRun.ts. Worded in the family's language (users.language; English without one), from the
 * 'server' catalogue (ids 'server.push.*'); event titles and places stay as their source wrote them.
 */

const hour = 60 * 60 * 1000;

/**
 * Only news is pushed: a fact older than this (a cancellation two days ago, a concert added
 * last week) stays in the bell. Long enough for quiet hours and the daily cap to hold
 * something back a night and still send it in the morning.
 */
export const PUSH_FRESH_HOURS = 36;

/** The longest a push service keeps a push for an offline device (the bell has it anyway). */
const maxTtlSeconds = 24 * 60 * 60;

/** Title and body lengths a lock screen shows; longer event titles are cut. */
const maxTitleLength = 120;
const maxBodyLength = 240;

export interface PushRecipient {
  userId: string;
  location: string;
  musicPreferences: string[];
  musicArtists: string[];
  /** The family's language (users.language): the pushes are worded in it; null is English. */
  language: AppLocale | null;
  settings: OutreachSettingsRow;
  /** When the first of the family's subscribed devices turned push on. */
  pushOnSince: Date;
}

export interface DuePush {
  kind: PushKind;
  eventId: string;
  /** The delivery's subject: 'cancelled:{id}', 'rescheduled:{id}:{start}', 'reminder:{id}:{day}', 'concert:{id}', 'watched:{id}'. */
  subject: string;
  payload: PushPayload;
  ttlSeconds: number;
  urgency: Urgency;
}

/** True from QUIET_FROM_HOUR until QUIET_UNTIL_HOUR at the family's clock. */
export function inQuietHours(now: Date, timeZone: string): boolean {
  const { hour: localHour } = wallClockAt(now, timeZone);
  return localHour >= QUIET_FROM_HOUR || localHour < QUIET_UNTIL_HOUR;
}

function cut(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, length - 1).trimEnd()}…`;
}

function payload(title: string, body: string, eventId: string): PushPayload {
  return {
    title: cut(title, maxTitleLength),
    body: cut(body, maxBodyLength),
    path: `/event/${encodeURIComponent(eventId)}`,
    // One notification per event on a device: a cancellation replaces that event's reminder.
    tag: `event:${eventId}`,
  };
}

/** A notification of the bell's (cancelled, rescheduled, concert) as a push, with why it came. */
function fromBell(kind: PushKind, notification: Unread, why: string, urgency: Urgency): DuePush {
  const eventId = notification.eventId ?? '';
  return {
    kind,
    eventId,
    subject: notification.id,
    payload: payload(notification.title, `${notification.body}. ${why}`, eventId),
    ttlSeconds: maxTtlSeconds,
    urgency,
  };
}

/** Cancellations and moves of saved events since push came on (and at most a day and a half ago). */
async function changes(
  db: Database,
  recipient: PushRecipient,
  now: Date,
  since: Date,
  i18n: ServerMessages,
) {
  const found = await savedEventChanges(db, { userId: recipient.userId, now }, since, i18n);
  return found
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .map((change) => fromBell('changes', change, i18n.t('server.push.why.saved'), 'high'));
}

/**
 * The day-before reminder: saved events going ahead whose day (at the venue, as their card
 * shows it) is tomorrow at the family's clock, from REMINDER_LOCAL_HOUR on. A reminder quiet
 * hours or the cap held back is not sent the next morning: by then it is today's, in the bell.
 */
async function reminders(
  db: Database,
  recipient: PushRecipient,
  now: Date,
  i18n: ServerMessages,
): Promise<DuePush[]> {
  const zone = recipient.settings.timeZone;
  if (wallClockAt(now, zone).hour < REMINDER_LOCAL_HOUR) return [];
  const tomorrow = isoDate(addDays(calendarDateAt(now, zone), 1));
  const saved = await savedEventsStartingBy(
    db,
    recipient.userId,
    now,
    new Date(now.getTime() + 48 * hour),
  );
  return saved
    .filter((event) => isoDate(calendarDateAt(event.startsAt, event.timeZone)) === tomorrow)
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())
    .map((event) => {
      const title = event.hasTime
        ? i18n.t('server.push.reminder.timed', {
            title: event.title,
            time: displayTime(event.startsAt, event.timeZone),
          })
        : i18n.t('server.push.reminder.allDay', { title: event.title });
      const place = event.venue.trim() || event.location.trim();
      const why = i18n.t('server.push.why.saved');
      const body = place ? `${timeAndPlace(event, i18n)}. ${why}` : why;
      return {
        kind: 'reminders',
        eventId: event.id,
        subject: `reminder:${event.id}:${tomorrow}`,
        payload: payload(title, body, event.id),
        // Useless once the event has begun.
        ttlSeconds: Math.max(
          60,
          Math.min(maxTtlSeconds, Math.floor((event.startsAt.getTime() - now.getTime()) / 1000)),
        ),
        urgency: 'normal',
      } satisfies DuePush;
    });
}

async function concerts(
  db: Database,
  recipient: PushRecipient,
  now: Date,
  since: Date,
  i18n: ServerMessages,
) {
  const found = await tasteConcerts(db, { ...recipient, now }, since, i18n);
  return found
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .map((concert) => fromBell('concerts', concert, i18n.t('server.push.why.music'), 'low'));
}

/** New events the matching after an import found for a watched search (not paused). */
async function watched(
  db: Database,
  recipient: PushRecipient,
  now: Date,
  since: Date,
  i18n: ServerMessages,
): Promise<DuePush[]> {
  // Oldest first: told in the order they were found.
  const matches = (
    await watchedMatchesOf(db, recipient.userId, { since, now, pausedToo: false })
  ).reverse();
  return matches.map((match) => ({
    kind: 'watched',
    eventId: match.id,
    subject: `watched:${match.id}`,
    payload: payload(
      i18n.t('server.push.watched', { name: match.searchName, title: match.title }),
      `${newEventBody(match, i18n)}. ${i18n.t('server.push.why.watched')}`,
      match.id,
    ),
    ttlSeconds: maxTtlSeconds,
    urgency: 'low',
  }));
}

/**
 * What the family is due now, most pressing first (changes, reminders, watched searches,
 * concerts; older facts first within a kind), not yet sent. Empty in quiet hours: what waits
 * is found again on the first run after them.
 */
export async function duePushes(
  db: Database,
  recipient: PushRecipient,
  now: Date,
): Promise<DuePush[]> {
  const { settings } = recipient;
  if (inQuietHours(now, settings.timeZone)) return [];
  const freshFrom = new Date(now.getTime() - PUSH_FRESH_HOURS * hour);
  // Facts from before push came on are the bell's: a device that just subscribed is not
  // flooded with last week.
  const since = recipient.pushOnSince > freshFrom ? recipient.pushOnSince : freshFrom;
  const i18n = messagesIn(recipient.language);
  const found = [
    ...(settings.pushChanges ? await changes(db, recipient, now, since, i18n) : []),
    ...(settings.pushReminders ? await reminders(db, recipient, now, i18n) : []),
    ...(settings.pushWatched ? await watched(db, recipient, now, since, i18n) : []),
    ...(settings.pushConcerts ? await concerts(db, recipient, now, since, i18n) : []),
  ];
  // A new event is news once: a concert that also matched a watched search comes as one push.
  const subjectsOf = (due: DuePush) =>
    due.kind === 'concerts' || due.kind === 'watched'
      ? [`concert:${due.eventId}`, `watched:${due.eventId}`]
      : [due.subject];
  const delivered = await deliveredSubjects(db, recipient.userId, 'push', [
    ...new Set(found.flatMap(subjectsOf)),
  ]);
  const told = new Set<string>();
  return found.filter((due) => {
    const subjects = subjectsOf(due);
    if (subjects.some((subject) => delivered.has(subject) || told.has(subject))) return false;
    for (const subject of subjects) told.add(subject);
    return true;
  });
}
