import type { WeeklyEmailPreviewResult } from '../../../contract/outreach.ts';
import type { Database } from '../../db/client.ts';
import {
  type WeeklyEmailRecipientRow,
  weeklyEmailRecipientOf,
} from '../../stores/outreachEmail.ts';
import { ConflictError, ServiceError } from '../errors.ts';
import { addDays, dayOfWeek, instantFromWallClock, isoDate, wallClockAt } from '../zonedTime.ts';
import { type Mailer, SendFailedError } from './mailer.ts';
import { isEmptyWeek, weeklyEmailContent } from './weeklyEmail.ts';
import { renderWeeklyEmail } from './weeklyEmailTemplate.ts';

/*
 * When the weekly email is due, and sending one family theirs: gathered (weeklyEmail.ts),
 * rendered (weeklyEmailTemplate.ts) and handed to the mailer. The Thursday job
 * (server/jobs/weeklyEmail.ts) and "Send me this week's email now"
 * (`POST /api/me/outreach/weekly-email-preview`) both send through sendWeeklyEmailTo, so a
 * preview is the email the family will get.
 */

/** The local hour on Thursday from which the email goes out. */
export const WEEKLY_EMAIL_LOCAL_HOUR = 16;
const THURSDAY = 4;
const FRIDAY = 5;

/**
 * The delivery subject of the email due now in `timeZone` ('weekly:2026-06-04', that Thursday),
 * or null when none is: from Thursday 16:00 to the end of Friday. A server that was down on
 * Thursday evening still sends on Friday; from Saturday the weekend has begun, and that week's
 * email is skipped.
 */
export function weeklyEmailSubjectAt(timeZone: string, now: Date): string | null {
  const clock = wallClockAt(now, timeZone);
  const today = { year: clock.year, month: clock.month, day: clock.day };
  const weekday = dayOfWeek(today);
  if (weekday === THURSDAY && clock.hour >= WEEKLY_EMAIL_LOCAL_HOUR) {
    return `weekly:${isoDate(today)}`;
  }
  if (weekday === FRIDAY) return `weekly:${isoDate(addDays(today, -1))}`;
  return null;
}

/**
 * The moment the family's next weekly email is gathered at: `now` while one is due (Thursday
 * 16:00 to Friday), else the coming Thursday 16:00 on their clock. A preview asked for on a
 * Sunday is so the email that Thursday brings, about the weekend after it.
 */
export function nextWeeklyEmailAt(timeZone: string, now: Date): Date {
  if (weeklyEmailSubjectAt(timeZone, now) !== null) return now;
  const clock = wallClockAt(now, timeZone);
  const today = { year: clock.year, month: clock.month, day: clock.day };
  const untilThursday = (THURSDAY - dayOfWeek(today) + 7) % 7;
  const thursday = addDays(today, untilThursday);
  return instantFromWallClock(
    { ...thursday, hour: WEEKLY_EMAIL_LOCAL_HOUR, minute: 0, second: 0 },
    timeZone,
  );
}

/** What sending needs besides the database. */
export interface WeeklyEmailSending {
  mailer: Mailer;
  /** The public origin every link starts with. */
  origin: string;
  /** For List-Unsubscribe's mailto: a person there turns the email off by hand. */
  supportEmail: string;
}

export type WeeklyEmailSendOutcome = { sent: true; subject: string } | { sent: false };

/**
 * Gathers, renders and sends one family's email as of `now`; `{ sent: false }` when the weekend
 * has nothing to tell (no email then). Throws the mailer's SendFailedError when sending fails.
 * Writes no delivery row: the job claims the week itself, a preview claims nothing.
 */
export async function sendWeeklyEmailTo(
  db: Database,
  family: WeeklyEmailRecipientRow,
  sending: WeeklyEmailSending,
  now: Date,
): Promise<WeeklyEmailSendOutcome> {
  const content = await weeklyEmailContent(db, family, now);
  if (isEmptyWeek(content)) return { sent: false };
  const { origin, supportEmail } = sending;
  const email = renderWeeklyEmail(content, family, {
    origin,
    unsubscribeUrl: `${origin}/api/email/unsubscribe?token=${encodeURIComponent(family.unsubscribeToken)}`,
    unsubscribeMailto: `mailto:${supportEmail}?subject=${encodeURIComponent('Unsubscribe from the weekly email')}`,
  });
  await sending.mailer.send({ to: family.email, ...email });
  return { sent: true, subject: email.subject };
}

export const WEEKLY_EMAIL_OFF_MESSAGE = 'Turn on the weekly email first.';
export const EMPTY_WEEK_REASON = 'Nothing is on near you this weekend yet.';

/**
 * "Send me this week's email now": the caller's next weekly email, sent at once to their
 * account's address. Only with the email on (a ConflictError otherwise); the Thursday email
 * still comes, as nothing is recorded. A failed send is an 'upstream' error whose message says
 * why without the address.
 */
export async function sendWeeklyEmailPreview(
  db: Database,
  firebaseUid: string,
  sending: WeeklyEmailSending,
  now: Date,
): Promise<WeeklyEmailPreviewResult> {
  const family = await weeklyEmailRecipientOf(db, firebaseUid);
  if (family === null || !family.weeklyEmail) throw new ConflictError(WEEKLY_EMAIL_OFF_MESSAGE);
  try {
    const outcome = await sendWeeklyEmailTo(
      db,
      family,
      sending,
      nextWeeklyEmailAt(family.timeZone, now),
    );
    return outcome.sent
      ? { sent: true, subject: outcome.subject }
      : { sent: false, reason: EMPTY_WEEK_REASON };
  } catch (error) {
    if (!(error instanceof SendFailedError)) throw error;
    // Written to carry no address (mailer.ts).
    throw new ServiceError(
      'upstream',
      `Your weekly email could not be sent just now (${error.message}). Please try again later.`,
    );
  }
}
