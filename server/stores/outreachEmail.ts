import { and, asc, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { AppLocale } from '../../contract/locales.ts';
import type { Database } from '../db/client.ts';
import { outreachDeliveries, outreachSettings, users } from '../db/schema/index.ts';

/*
 * The weekly email's rows (docs/outreach.md, 'Weekly email'): who turned it on, in which zone,
 * with which unsubscribe token, and the 'email' deliveries that say a week's email went out.
 * The settings rows themselves are made by the settings routes (`PUT /api/me/outreach`); a user
 * without one has not turned the email on.
 */

/** What the weekly email needs of one family. */
export interface WeeklyEmailRecipientRow {
  userId: string;
  firebaseUid: string;
  email: string;
  name: string;
  location: string;
  /** The onboarding family groups, comma-joined ('young_kids,teens'). */
  familySituation: string;
  timeZone: string;
  unsubscribeToken: string;
  /** The email's Family Safe and radius ('5mi', or null for the default): the settings'. */
  familySafe: boolean;
  radius: string | null;
  /** The family's language (users.language): the email is written in it; null is English. */
  language: AppLocale | null;
}

/** The columns of a WeeklyEmailRecipientRow. */
const recipientColumns = {
  userId: users.id,
  firebaseUid: users.firebaseUid,
  email: users.email,
  name: users.name,
  location: users.location,
  familySituation: users.familySituation,
  timeZone: outreachSettings.timeZone,
  unsubscribeToken: outreachSettings.unsubscribeToken,
  familySafe: outreachSettings.familySafe,
  radius: outreachSettings.radius,
  language: users.language,
};

/** The weekly email settings of these users; a user without a settings row is left out. */
export async function weeklyEmailSettingsOf(
  db: Database,
  userIds: readonly string[],
): Promise<{ userId: string; weeklyEmail: boolean; timeZone: string; unsubscribeToken: string }[]> {
  if (userIds.length === 0) return [];
  return db
    .select({
      userId: outreachSettings.userId,
      weeklyEmail: outreachSettings.weeklyEmail,
      timeZone: outreachSettings.timeZone,
      unsubscribeToken: outreachSettings.unsubscribeToken,
    })
    .from(outreachSettings)
    .where(inArray(outreachSettings.userId, [...userIds]));
}

/** One account's weekly email recipient, by Firebase uid, and whether the email is on; null without a settings row. */
export async function weeklyEmailRecipientOf(
  db: Database,
  firebaseUid: string,
): Promise<(WeeklyEmailRecipientRow & { weeklyEmail: boolean }) | null> {
  const [row] = await db
    .select({ ...recipientColumns, weeklyEmail: outreachSettings.weeklyEmail })
    .from(outreachSettings)
    .innerJoin(users, eq(users.id, outreachSettings.userId))
    .where(eq(users.firebaseUid, firebaseUid))
    .limit(1);
  return row ?? null;
}

/** The zones of the families with the weekly email on: few, whatever the number of families. */
export async function weeklyEmailTimeZones(db: Database): Promise<string[]> {
  const rows = await db
    .selectDistinct({ timeZone: outreachSettings.timeZone })
    .from(outreachSettings)
    .where(eq(outreachSettings.weeklyEmail, true));
  return rows.map((row) => row.timeZone);
}

/** Families in `timeZone` with the email on and no 'email' delivery for `subject`, by id. */
export async function weeklyEmailRecipientsDue(
  db: Database,
  timeZone: string,
  subject: string,
  limit: number,
): Promise<WeeklyEmailRecipientRow[]> {
  return db
    .select(recipientColumns)
    .from(outreachSettings)
    .innerJoin(users, eq(users.id, outreachSettings.userId))
    .where(
      and(
        eq(outreachSettings.weeklyEmail, true),
        eq(outreachSettings.timeZone, timeZone),
        notExists(
          db
            .select({ one: sql`1` })
            .from(outreachDeliveries)
            .where(
              and(
                eq(outreachDeliveries.userId, outreachSettings.userId),
                eq(outreachDeliveries.channel, 'email'),
                eq(outreachDeliveries.subject, subject),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(users.id))
    .limit(limit);
}

/**
 * Takes the family's email for `subject`: writes its delivery row, if the email is still on and
 * no row is there yet. One statement, so of two processes (or two runs) exactly one gets true
 * and sends; the primary key settles a tie.
 */
export async function claimEmailDelivery(
  db: Database,
  userId: string,
  subject: string,
  now: Date,
): Promise<boolean> {
  const claimed = await db
    .insert(outreachDeliveries)
    .select(
      db
        .select({
          userId: outreachSettings.userId,
          channel: sql<'email'>`'email'`.as('channel'),
          subject: sql<string>`${subject}::text`.as('subject'),
          sentAt: sql<Date>`${now.toISOString()}::timestamptz`.as('sent_at'),
        })
        .from(outreachSettings)
        .where(and(eq(outreachSettings.userId, userId), eq(outreachSettings.weeklyEmail, true))),
    )
    .onConflictDoNothing()
    .returning({ userId: outreachDeliveries.userId });
  return claimed.length > 0;
}

/**
 * Turns the weekly email off for the settings row holding this token (the email's one-click
 * unsubscribe); false when no row holds it. Only that one switch: the token unlocks nothing else.
 */
export async function turnOffWeeklyEmailByToken(
  db: Database,
  token: string,
  now: Date,
): Promise<boolean> {
  const updated = await db
    .update(outreachSettings)
    .set({ weeklyEmail: false, updatedAt: now })
    .where(eq(outreachSettings.unsubscribeToken, token))
    .returning({ userId: outreachSettings.userId });
  return updated.length > 0;
}

/** Whether a settings row holds this token (the unsubscribe page asks before showing its button). */
/**
 * The language of the family holding this unsubscribe token (users.language: null for no
 * choice), or undefined when no settings row holds it.
 */
export async function unsubscribeTokenLanguage(
  db: Database,
  token: string,
): Promise<AppLocale | null | undefined> {
  const [row] = await db
    .select({ language: users.language })
    .from(outreachSettings)
    .innerJoin(users, eq(users.id, outreachSettings.userId))
    .where(eq(outreachSettings.unsubscribeToken, token))
    .limit(1);
  return row?.language;
}

export async function unsubscribeTokenExists(db: Database, token: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: outreachSettings.userId })
    .from(outreachSettings)
    .where(eq(outreachSettings.unsubscribeToken, token))
    .limit(1);
  return row !== undefined;
}
