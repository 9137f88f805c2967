import type { Database } from '../db/client.ts';
import { type Mailer, SendFailedError } from '../services/outreach/mailer.ts';
import {
  sendWeeklyEmailTo,
  type WeeklyEmailSending,
  weeklyEmailSubjectAt,
} from '../services/outreach/weeklyEmailSend.ts';
import { isKnownTimeZone } from '../services/zonedTime.ts';
import { releaseDelivery } from '../stores/outreach.ts';
import {
  claimEmailDelivery,
  type WeeklyEmailRecipientRow,
  weeklyEmailRecipientsDue,
  weeklyEmailTimeZones,
} from '../stores/outreachEmail.ts';
import type { Job } from './runner.ts';

/*
 * The Thursday email "This weekend for your family" (docs/outreach.md, 'Weekly email'). Every
 * 15 minutes it looks for families whose own clock (their settings' zone) says Thursday 16:00
 * or later, or Friday (weeklyEmailSubjectAt), and who have no 'email' delivery for that Thursday
 * yet; it claims each by writing that delivery row first (one statement: two processes never
 * both send), then sends (sendWeeklyEmailTo, as a preview does). A send that certainly did not
 * leave (no server, a 4xx) gives the claim back for the next run; a refusal (5xx) or a timeout
 * keeps it: the same message would be refused again, and a timed-out one may have been taken.
 */

export const weeklyEmailJobName = 'weekly-email';
/** Families per run; the rest are taken up at once after a yield (`more`). */
export const WEEKLY_EMAIL_FAMILIES_PER_RUN = 50;

interface WeeklyEmailLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface WeeklyEmailDependencies {
  mailer: Mailer;
  /** The public origin every link starts with (asked at each run: known once listening). */
  origin: () => string;
  /** For List-Unsubscribe's mailto: a person there turns the email off by hand. */
  supportEmail: string;
  log: WeeklyEmailLog;
}

interface Due {
  family: WeeklyEmailRecipientRow;
  subject: string;
}

/** Up to `limit` families due now, zone by zone; `more` when others wait beyond them. */
async function familiesDue(
  db: Database,
  now: Date,
  limit: number,
): Promise<{ due: Due[]; more: boolean }> {
  const due: Due[] = [];
  for (const timeZone of await weeklyEmailTimeZones(db)) {
    // A zone this runtime does not know (written by hand, an old tzdata) is passed over, not fatal.
    if (!isKnownTimeZone(timeZone)) continue;
    const subject = weeklyEmailSubjectAt(timeZone, now);
    if (subject === null) continue;
    const rows = await weeklyEmailRecipientsDue(db, timeZone, subject, limit + 1 - due.length);
    for (const family of rows) due.push({ family, subject });
    if (due.length > limit) return { due: due.slice(0, limit), more: true };
  }
  return { due, more: false };
}

export interface WeeklyEmailRunOutcome {
  sent: number;
  /** Claimed with nothing to tell that weekend: no email, and none again for that week. */
  empty: number;
  /** Failed sends; each family is tried again next run unless counted in `notRetried`. */
  failed: number;
  /**
   * Failed sends kept as done for the week: refused by the server (5xx), or timed out (the
   * server may have taken it: at most one email a week, never two).
   */
  notRetried: number;
  /** Why the first one failed, without any address. */
  failure: string | null;
  /** Families were left for the next run (the per-run cap, the budget, an unreachable server). */
  more: boolean;
}

/** One run: claims, gathers, renders and sends for the families due at `now`. */
export async function sendWeeklyEmails(
  db: Database,
  dependencies: WeeklyEmailDependencies,
  now: Date,
  shouldStop: () => boolean = () => false,
  limit = WEEKLY_EMAIL_FAMILIES_PER_RUN,
): Promise<WeeklyEmailRunOutcome> {
  const { due, more } = await familiesDue(db, now, limit);
  const outcome: WeeklyEmailRunOutcome = {
    sent: 0,
    empty: 0,
    failed: 0,
    notRetried: 0,
    failure: null,
    more,
  };
  const sending: WeeklyEmailSending = {
    mailer: dependencies.mailer,
    origin: dependencies.origin(),
    supportEmail: dependencies.supportEmail,
  };
  for (const [index, { family, subject }] of due.entries()) {
    if (shouldStop()) {
      outcome.more = true;
      break;
    }
    // Another process took it, or the family turned the email off since the list was read.
    if (!(await claimEmailDelivery(db, family.userId, subject, now))) continue;
    try {
      const result = await sendWeeklyEmailTo(db, family, sending, now);
      if (result.sent) outcome.sent += 1;
      else outcome.empty += 1;
    } catch (error) {
      if (error instanceof SendFailedError && !error.retryable) outcome.notRetried += 1;
      else await releaseDelivery(db, family.userId, 'email', subject);
      outcome.failed += 1;
      if (error instanceof SendFailedError) {
        // Written to carry no address (mailer.ts).
        outcome.failure ??= error.message;
      } else {
        // A database error's message may quote what it was given: only the log's redacted form.
        outcome.failure ??= 'its content could not be gathered';
        dependencies.log.error({ err: error }, 'could not prepare a weekly email');
      }
      // The server is not there (no SMTP reply at all): the rest would wait out the same
      // timeouts one by one. They go next run; a refusal of one message (5xx) stops nothing.
      const unreachable = error instanceof SendFailedError && error.responseCode === null;
      if (unreachable && index < due.length - 1) {
        outcome.more = true;
        break;
      }
    }
  }
  return outcome;
}

/**
 * The runner's registration. A run with failed sends ends in an error that names how many and
 * why (never an address): the runner keeps it in the job's status (the operator's Jobs list) and
 * tries again after its backoff, 15 minutes at first; the families that got theirs keep their
 * delivery rows, so only the others are tried again.
 */
export function weeklyEmailJob(db: Database, dependencies: WeeklyEmailDependencies): Job {
  return {
    name: weeklyEmailJobName,
    everyMs: 15 * 60_000,
    // Never in the way of a start, nor of tests that build the app without listening.
    startWhen: 'listening',
    budgetMs: 60_000,
    async run(context) {
      const outcome = await sendWeeklyEmails(db, dependencies, context.now(), () =>
        context.shouldStop(),
      );
      if (outcome.sent + outcome.empty + outcome.failed > 0) {
        dependencies.log.info(
          { sent: outcome.sent, empty: outcome.empty, failed: outcome.failed },
          'weekly emails',
        );
      }
      if (outcome.failed > 0) {
        const retried = outcome.failed - outcome.notRetried;
        const families = (count: number) => (count === 1 ? 'that family is' : 'those families are');
        const next =
          outcome.notRetried === 0
            ? `${families(retried)} tried again next run`
            : retried === 0
              ? `${families(outcome.notRetried)} not tried again this week (refused, or its outcome unknown)`
              : `${retried} tried again next run, ${outcome.notRetried} not this week (refused, or its outcome unknown)`;
        throw new Error(
          `${outcome.failed} weekly email${outcome.failed === 1 ? '' : 's'} could not be sent (${outcome.failure}); ${next}`,
        );
      }
      return { more: outcome.more };
    },
  };
}
