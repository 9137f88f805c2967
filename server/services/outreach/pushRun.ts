import { MAX_PUSHES_PER_DAY } from '../../../contract/outreach.ts';
import type { Database } from '../../db/client.ts';
import {
  claimPushDelivery,
  deleteSubscription,
  type PushSubscriptionRow,
  pushesSentSince,
  pushRecipientRow,
  recordSubscriptionFailure,
  recordSubscriptionSent,
  releaseDelivery,
  subscribedUserIds,
  subscriptionsOf,
} from '../../stores/outreach.ts';
import { calendarDateAt, startOfDay } from '../zonedTime.ts';
import { duePushes } from './pushDue.ts';
import type { PushOutcome, PushTransport } from './pushSender.ts';

/*
 * One run of the push job (server/jobs/pushSending.ts): for each family with a subscribed
 * device, what is due (pushDue.ts) is claimed fact by fact (a delivery row written in the same
 * statement that checks the daily cap, so no fact is sent twice whoever runs) and sent to each
 * of its devices. A device the push service no longer knows (404, 410) is deleted; one that
 * fails otherwise waits 2^failures minutes before it is tried again, and is deleted after
 * MAX_DEVICE_FAILURES failures in a row. One device's trouble never holds back another's.
 */

/** A device that failed this many times in a row is given up. */
export const MAX_DEVICE_FAILURES = 10;

/** Families read per page of the walk. */
const familiesPerPage = 100;

export interface PushRunDependencies {
  transport: PushTransport;
  /** The job's clock: tests set it. */
  now: () => Date;
}

export interface PushRunCounts {
  /** Families looked at. */
  families: number;
  /** Facts that reached at least one device. */
  told: number;
  /** Sends by outcome, over every device. */
  sent: number;
  gone: number;
  failed: number;
}

/** Where a run stopped (its budget ran out), so the next goes on from there. */
export interface PushWalk {
  afterUserId: string | null;
}

/** True once a failed device's backoff (2^failures minutes from the last try) is over. */
export function deviceReady(device: PushSubscriptionRow, now: Date): boolean {
  if (device.failures === 0 || device.lastSentAt === null) return true;
  const waitMs = 2 ** Math.min(device.failures, 20) * 60_000;
  return now.getTime() - device.lastSentAt.getTime() >= waitMs;
}

async function recordOutcome(
  db: Database,
  device: PushSubscriptionRow,
  outcome: PushOutcome,
  now: Date,
): Promise<void> {
  if (outcome === 'sent') return recordSubscriptionSent(db, device.id, now);
  if (outcome === 'gone') return deleteSubscription(db, device.id);
  const failures = await recordSubscriptionFailure(db, device.id, now);
  if (failures >= MAX_DEVICE_FAILURES) await deleteSubscription(db, device.id);
}

/** Sends what one family is due to its ready devices; adds to `counts`. */
export async function pushToFamily(
  db: Database,
  userId: string,
  dependencies: PushRunDependencies,
  now: Date,
  counts: PushRunCounts,
): Promise<void> {
  const [row, devices] = await Promise.all([
    pushRecipientRow(db, userId),
    subscriptionsOf(db, userId),
  ]);
  if (row === null || devices.length === 0) return;
  counts.families += 1;
  let ready = devices.filter((device) => deviceReady(device, now));
  if (ready.length === 0) return;
  const zone = row.settings.timeZone;
  const due = await duePushes(
    db,
    {
      ...row,
      pushOnSince: new Date(Math.min(...devices.map((device) => device.createdAt.getTime()))),
    },
    now,
  );
  if (due.length === 0) return;
  const dayStart = startOfDay(calendarDateAt(now, zone), zone);
  let sentToday = await pushesSentSince(db, userId, dayStart);
  for (const push of due) {
    if (sentToday >= MAX_PUSHES_PER_DAY || ready.length === 0) return;
    const claimed = await claimPushDelivery(db, {
      userId,
      subject: push.subject,
      at: now,
      dayStart,
      cap: MAX_PUSHES_PER_DAY,
    });
    if (!claimed) continue;
    const outcomes = await Promise.all(
      ready.map((device) =>
        dependencies.transport.send(device, {
          payload: push.payload,
          ttlSeconds: push.ttlSeconds,
          urgency: push.urgency,
        }),
      ),
    );
    await Promise.all(
      ready.map((device, index) => recordOutcome(db, device, outcomes[index] ?? 'failed', now)),
    );
    for (const outcome of outcomes) counts[outcome] += 1;
    if (outcomes.includes('sent')) {
      counts.told += 1;
      sentToday += 1;
    } else {
      // It reached nobody: the claim goes back, and a later run tells it once a device is ready.
      await releaseDelivery(db, userId, 'push', push.subject);
    }
    ready = ready.filter((_device, index) => outcomes[index] === 'sent');
  }
}

/**
 * Walks the families with a subscribed device from where the last run stopped, until the walk
 * is done (then `more` is false and it starts over next time) or `shouldStop` says so.
 */
export async function sendDuePushes(
  db: Database,
  dependencies: PushRunDependencies,
  walk: PushWalk,
  shouldStop: () => boolean,
): Promise<{ counts: PushRunCounts; more: boolean }> {
  const now = dependencies.now();
  const counts: PushRunCounts = { families: 0, told: 0, sent: 0, gone: 0, failed: 0 };
  for (;;) {
    const page = await subscribedUserIds(db, walk.afterUserId, familiesPerPage);
    for (const userId of page) {
      if (shouldStop()) return { counts, more: true };
      await pushToFamily(db, userId, dependencies, now, counts);
      walk.afterUserId = userId;
    }
    if (page.length < familiesPerPage) {
      walk.afterUserId = null;
      return { counts, more: false };
    }
  }
}
