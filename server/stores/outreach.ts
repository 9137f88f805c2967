import { and, asc, count, eq, gt, gte, inArray, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import {
  outreachDeliveries,
  outreachSettings,
  pushSubscriptions,
  users,
} from '../db/schema/index.ts';

/*
 * Issue 34's rows (server/db/schema/outreach.ts): a family's outreach settings, its devices'
 * push subscriptions, and what was sent (outreach_deliveries). Every query is keyed by the
 * user's own row id, which the services get from the uid the token proved; the push job walks
 * the users that have a subscription. The rules are in server/services/outreach/.
 */

export type OutreachSettingsRow = typeof outreachSettings.$inferSelect;
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** What a new settings row needs besides the schema's defaults. */
export interface NewOutreachSettings {
  timeZone: string;
  unsubscribeToken: string;
}

/** The user's settings, made with `defaults` if they have none (two first calls agree on one). */
export async function settingsOfUser(
  db: Database,
  userId: string,
  defaults: NewOutreachSettings,
): Promise<OutreachSettingsRow> {
  await db
    .insert(outreachSettings)
    .values({ userId, ...defaults })
    .onConflictDoNothing({ target: outreachSettings.userId });
  const [row] = await db.select().from(outreachSettings).where(eq(outreachSettings.userId, userId));
  if (!row) throw new Error(`The outreach settings of user ${userId} vanished while being read.`);
  return row;
}

/** The switches a settings update may change. */
export type OutreachSettingsChange = Partial<
  Pick<
    OutreachSettingsRow,
    | 'pushChanges'
    | 'pushReminders'
    | 'pushConcerts'
    | 'pushWatched'
    | 'weeklyEmail'
    | 'weeklyEmailOffered'
    | 'familySafe'
    | 'radius'
    | 'timeZone'
  >
>;

/** Writes `change` to the user's (existing) settings row and returns it. */
export async function updateSettings(
  db: Database,
  userId: string,
  change: OutreachSettingsChange,
): Promise<OutreachSettingsRow> {
  const [row] = await db
    .update(outreachSettings)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(outreachSettings.userId, userId))
    .returning();
  if (!row) throw new Error(`The outreach settings of user ${userId} are missing.`);
  return row;
}

/** The profile's place, for the settings' first time zone; null without a users row. */
export async function profileLocationOf(db: Database, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ location: users.location })
    .from(users)
    .where(eq(users.id, userId));
  return row?.location ?? null;
}

/** How many devices of the user are subscribed. */
export async function countSubscriptions(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  return row?.n ?? 0;
}

export interface SubscriptionKeys {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Stores a device's subscription by its endpoint, or refreshes it (new keys, failures
 * forgotten). An endpoint stored for another user moves to this one only with the same keys:
 * the browser that holds them belongs to whoever subscribed on it last, and knowing an endpoint
 * alone (a capability URL) must not take another family's device. A move starts the
 * subscription anew (its createdAt is when push came on for this user); a refresh by the same
 * user keeps it. False when the endpoint is another user's and the keys differ (nothing written).
 */
export async function upsertSubscription(
  db: Database,
  userId: string,
  subscription: SubscriptionKeys,
): Promise<boolean> {
  const written = await db
    .insert(pushSubscriptions)
    .values({ userId, ...subscription })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        p256dh: subscription.p256dh,
        auth: subscription.auth,
        failures: 0,
        lastSentAt: null,
        createdAt: sql`case when ${pushSubscriptions.userId} = ${userId}::uuid then ${pushSubscriptions.createdAt} else now() end`,
        userId,
      },
      setWhere: sql`${pushSubscriptions.userId} = ${userId}::uuid or (${pushSubscriptions.p256dh} = ${subscription.p256dh} and ${pushSubscriptions.auth} = ${subscription.auth})`,
    })
    .returning({ id: pushSubscriptions.id });
  return written.length > 0;
}

/** Deletes the user's oldest subscriptions beyond the newest `keep`. */
export async function trimSubscriptions(db: Database, userId: string, keep: number) {
  const kept = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(sql`${pushSubscriptions.createdAt} desc`, pushSubscriptions.id)
    .limit(keep);
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, kept)));
}

/** Deletes the user's subscription with this endpoint, if it is theirs. */
export async function deleteSubscriptionByEndpoint(
  db: Database,
  userId: string,
  endpoint: string,
): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

// ---------------------------------------------------------------------------------------------
// The push job's side

/** Users with at least one subscription, by id after `afterUserId`, at most `limit`. */
export async function subscribedUserIds(
  db: Database,
  afterUserId: string | null,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .where(afterUserId === null ? undefined : gt(pushSubscriptions.userId, afterUserId))
    .orderBy(asc(pushSubscriptions.userId))
    .limit(limit);
  return rows.map((row) => row.userId);
}

/** What the push job needs of a user: the account's taste, place and language, and their settings. */
export async function pushRecipientRow(db: Database, userId: string) {
  const [row] = await db
    .select({
      userId: users.id,
      createdAt: users.createdAt,
      location: users.location,
      musicPreferences: users.musicPreferences,
      musicArtists: users.musicArtists,
      language: users.language,
      settings: outreachSettings,
    })
    .from(users)
    .innerJoin(outreachSettings, eq(outreachSettings.userId, users.id))
    .where(eq(users.id, userId));
  return row ?? null;
}

/** The user's subscriptions, oldest first. */
export async function subscriptionsOf(
  db: Database,
  userId: string,
): Promise<PushSubscriptionRow[]> {
  return db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
}

/** A device took a push: its failures are forgotten. */
export async function recordSubscriptionSent(db: Database, id: string, at: Date): Promise<void> {
  await db
    .update(pushSubscriptions)
    .set({ failures: 0, lastSentAt: at })
    .where(eq(pushSubscriptions.id, id));
}

/**
 * A device's push failed for now (5xx, network): one more failure in a row, counted from `at`
 * (last_sent_at is the last attempt, which the backoff waits from). Returns the new count.
 */
export async function recordSubscriptionFailure(
  db: Database,
  id: string,
  at: Date,
): Promise<number> {
  const [row] = await db
    .update(pushSubscriptions)
    .set({ failures: sql`${pushSubscriptions.failures} + 1`, lastSentAt: at })
    .where(eq(pushSubscriptions.id, id))
    .returning({ failures: pushSubscriptions.failures });
  return row?.failures ?? 0;
}

export async function deleteSubscription(db: Database, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

/** Which of `subjects` were already sent to the user on `channel`. */
export async function deliveredSubjects(
  db: Database,
  userId: string,
  channel: 'push' | 'email',
  subjects: readonly string[],
): Promise<Set<string>> {
  if (subjects.length === 0) return new Set();
  const rows = await db
    .select({ subject: outreachDeliveries.subject })
    .from(outreachDeliveries)
    .where(
      and(
        eq(outreachDeliveries.userId, userId),
        eq(outreachDeliveries.channel, channel),
        inArray(outreachDeliveries.subject, [...subjects]),
      ),
    );
  return new Set(rows.map((row) => row.subject));
}

/** How many pushes the user was sent since `since` (the start of their local day). */
export async function pushesSentSince(db: Database, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(outreachDeliveries)
    .where(
      and(
        eq(outreachDeliveries.userId, userId),
        eq(outreachDeliveries.channel, 'push'),
        gte(outreachDeliveries.sentAt, since),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Claims one fact for one push: writes its delivery row, in one statement, only if none
 * exists (the primary key) and fewer than `cap` pushes were sent to the user since
 * `dayStart`. True when this caller won the claim and must send it; two processes (or two
 * runs) can never both win one fact.
 */
export async function claimPushDelivery(
  db: Database,
  claim: { userId: string; subject: string; at: Date; dayStart: Date; cap: number },
): Promise<boolean> {
  const result = await db.execute(sql`
    insert into ${outreachDeliveries} (user_id, channel, subject, sent_at)
    select ${claim.userId}::uuid, 'push', ${claim.subject}, ${claim.at.toISOString()}::timestamptz
    where (
      select count(*) from ${outreachDeliveries}
      where user_id = ${claim.userId}::uuid and channel = 'push'
        and sent_at >= ${claim.dayStart.toISOString()}::timestamptz
    ) < ${claim.cap}
    on conflict do nothing
    returning subject`);
  return rowsOf(result).length > 0;
}

/**
 * Gives a delivery claim back (a push that reached no device, an email that certainly did not
 * leave), so a later run tells that fact again.
 */
export async function releaseDelivery(
  db: Database,
  userId: string,
  channel: 'push' | 'email',
  subject: string,
): Promise<void> {
  await db
    .delete(outreachDeliveries)
    .where(
      and(
        eq(outreachDeliveries.userId, userId),
        eq(outreachDeliveries.channel, channel),
        eq(outreachDeliveries.subject, subject),
      ),
    );
}
