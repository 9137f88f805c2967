import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppLocale } from '../../contract/locales.ts';
import { buildApp } from '../app.ts';
import type { EmailConfig } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import {
  events,
  type NewEventRow,
  outreachDeliveries,
  outreachSettings,
  savedEvents,
  users,
  watchedSearches,
  watchedSearchMatches,
} from '../db/schema/index.ts';
import { createMailer } from '../services/outreach/mailer.ts';
import {
  sendWeeklyEmailPreview,
  weeklyEmailSubjectAt,
} from '../services/outreach/weeklyEmailSend.ts';
import { ensureJob } from '../stores/jobs.ts';
import { weeklyEmailSettingsOf } from '../stores/outreachEmail.ts';
import { openTestDatabase } from '../test/database.ts';
import { places } from '../test/fixtureApp.ts';
import { testConfig } from '../test/helpers.ts';
import {
  closedPort,
  type ReceivedEmail,
  type SmtpStandIn,
  startSmtpStandIn,
} from '../test/smtpStandIn.ts';
import {
  emailHeader,
  laInJune,
  losAngeles,
  sentTo,
  smtpEmailConfig,
  weekendEvent,
} from '../test/weeklyEmailFixtures.ts';
import type { FamJamApp } from '../types.ts';
import { JobRunner, jobStatus } from './runner.ts';
import { type WeeklyEmailDependencies, weeklyEmailJob, weeklyEmailJobName } from './weeklyEmail.ts';

/*
 * The weekly email end to end: seeded families and events on a real (embedded) database, the job
 * run with its clock set, a real SMTP server on loopback receiving, and mailparser reading what
 * arrived. The links are followed into the API, so the email is shown to promise events FamJam
 * has.
 */

const newYork = 'America/New_York';
const origin = 'https://famjam.example';

/** A wall-clock time in Los Angeles, June 2026 (Thursday the 4th, weekend the 6th and 7th). */
const la = laInJune;
const event = (key: string, startsAt: Date, fields: Parameters<typeof weekendEvent>[3]) =>
  weekendEvent('test', key, startsAt, fields);

const thursday = { day: 4 };
const nextThursday = { day: 11 };

/**
 * The weekend of June 6-7 near San Francisco and around it: what fits a young family, what does
 * not (21+, cancelled, a Friday, the next weekend, New York), priced events that make deals.
 */
function world(): NewEventRow[] {
  return [
    event('picnic', la(6, 9), { title: 'Picnic in the Park', category: 'sports' }),
    event('storytime', la(6, 10), {
      title: 'Story Time',
      category: 'arts',
      minAge: 3,
      maxAge: 8,
    }),
    event('farmers', la(6, 11), { title: 'Farmers Market', category: 'dining' }),
    event('comedy', la(6, 12), {
      title: 'Late Comedy',
      category: 'comedy',
      priceText: '$20',
      minAge: 21,
      isFamilyFriendly: false,
    }),
    event('kite', la(6, 13), { title: 'Kite Day', category: 'sports' }),
    event('jazz', la(6, 18), {
      title: 'Jazz on the Lawn',
      category: 'music',
      tags: ['jazz'],
      priceText: '$25',
    }),
    event('cancelled', la(7, 9), {
      title: 'Cancelled Parade',
      category: 'popup',
      cancelledAt: la(1, 9),
    }),
    event('zoo', la(7, 10), { title: 'Zoo Morning', category: 'sports' }),
    event('museum', la(7, 11), { title: 'Museum Tour', category: 'arts', priceText: '$15' }),
    event('puppets', la(7, 14), { title: 'Puppet Show', category: 'arts', priceText: '$10' }),
    event('circus', la(7, 16), { title: 'Circus', category: 'popup', priceText: '$30' }),
    event('friday', la(5, 18), { title: 'Friday Film', category: 'arts', priceText: '$5' }),
    event('far', la(6, 10), {
      title: 'Times Square Fair',
      category: 'popup',
      location: 'New York, NY',
      timeZone: newYork,
      ...places.timesSquare,
    }),
    event('next-weekend', la(13, 10), { title: 'Next Weekend Fair', category: 'popup' }),
    event('summer', la(20, 10), { title: 'Summer Fair', category: 'popup' }),
  ];
}

interface Family {
  userId: string;
  firebaseUid: string;
  email: string;
  token: string;
}

async function addFamily(
  handle: DatabaseHandle,
  options: {
    label: string;
    location: string;
    familySituation?: string;
    genres?: readonly string[];
    /** Undefined: no settings row at all (never opted in). */
    weeklyEmail?: boolean;
    timeZone?: string;
    saved?: readonly string[];
    /** The settings' Family Safe and radius; the schema's defaults (on, none) when absent. */
    familySafe?: boolean;
    radius?: string;
    /** users.language; null (no choice: English) when absent. */
    language?: AppLocale;
  },
): Promise<Family> {
  const email = `${options.label}-${randomUUID().slice(0, 8)}@example.com`;
  const firebaseUid = `uid-${randomUUID()}`;
  const [user] = await handle.db
    .insert(users)
    .values({
      firebaseUid,
      email,
      name: `${options.label[0]?.toUpperCase()}${options.label.slice(1)} Parent`,
      familySituation: options.familySituation ?? '',
      musicPreferences: [...(options.genres ?? [])],
      location: options.location,
      language: options.language ?? null,
    })
    .returning({ id: users.id });
  const userId = user?.id ?? '';
  const token = randomBytes(32).toString('base64url');
  if (options.weeklyEmail !== undefined) {
    await handle.db.insert(outreachSettings).values({
      userId,
      weeklyEmail: options.weeklyEmail,
      timeZone: options.timeZone ?? losAngeles,
      unsubscribeToken: token,
      familySafe: options.familySafe,
      radius: options.radius,
    });
  }
  for (const [position, key] of (options.saved ?? []).entries()) {
    await handle.db.insert(savedEvents).values({ userId, eventId: `test:${key}`, position });
  }
  return { userId, firebaseUid, email, token };
}

/** A family in San Francisco with a young child who likes jazz and saved the puppet show. */
const youngFamily = {
  label: 'young',
  location: 'San Francisco, CA',
  familySituation: 'young_kids',
  genres: ['Jazz'],
  weeklyEmail: true,
  saved: ['puppets'],
} as const;

function smtpConfig(url: string | null): EmailConfig {
  return url === null ? testConfig().email : smtpEmailConfig(url);
}

function dependencies(email: EmailConfig): WeeklyEmailDependencies {
  return {
    mailer: createMailer(email),
    origin: () => origin,
    supportEmail: 'support@famjam.example',
    log: { info: () => undefined, error: () => undefined },
  };
}

/** The items under one heading of a text part ('* Title'), as the reader sees them. */
function textSection(text: string, heading: string): string[] {
  const sections = text.split(/\n(?=[A-Z][A-Z ]+\n)/);
  return sections.find((part) => part.startsWith(heading))?.match(/^\* .+$/gm) ?? [];
}

/** One run of the job as the runner would make it, its clock at `now`. */
function runAt(handle: DatabaseHandle, email: EmailConfig, now: Date) {
  return weeklyEmailJob(handle.db, dependencies(email)).run({
    shouldStop: () => false,
    now: () => now,
  });
}

/** A header's value as sent, unfolded (RFC 5322: a line break before white space is removed). */
const header = emailHeader;

const to = (family: Family) => sentTo(family);

/** The event pages an HTML part links to, as ids. */
function linkedEventIds(html: string): string[] {
  const prefix = `${origin}/event/`;
  return [...html.matchAll(/href="([^"]+)"/g)]
    .map((match) => (match[1] ?? '').replaceAll('&amp;', '&'))
    .filter((href) => href.startsWith(prefix))
    .map((href) => decodeURIComponent(href.slice(prefix.length)));
}

describe('weeklyEmailSubjectAt', () => {
  it("is due from Thursday 16:00 to the end of Friday in the family's own zone", () => {
    expect(weeklyEmailSubjectAt(losAngeles, la(3, 23, 59))).toBeNull();
    expect(weeklyEmailSubjectAt(losAngeles, la(4, 15, 59))).toBeNull();
    expect(weeklyEmailSubjectAt(losAngeles, la(4, 16))).toBe('weekly:2026-06-04');
    expect(weeklyEmailSubjectAt(losAngeles, la(5, 23, 59))).toBe('weekly:2026-06-04');
    expect(weeklyEmailSubjectAt(losAngeles, la(6, 0))).toBeNull();
    // 13:00 in Los Angeles is 16:00 in New York.
    expect(weeklyEmailSubjectAt(newYork, la(4, 13))).toBe('weekly:2026-06-04');
    expect(weeklyEmailSubjectAt(newYork, la(4, 12, 59))).toBeNull();
  });
});

describe('the weekly email through a real SMTP server', () => {
  let handle: DatabaseHandle;
  let smtp: SmtpStandIn;
  let app: FamJamApp;
  let young: Family;
  let eastern: Family;
  let optedOut: Family;
  let neverAsked: Family;

  beforeAll(async () => {
    handle = await openTestDatabase();
    await handle.db.insert(events).values(world());
    young = await addFamily(handle, youngFamily);
    // All ages, no taste, in New York's zone: its Thursday 16:00 comes three hours earlier.
    eastern = await addFamily(handle, {
      label: 'eastern',
      location: 'Oakland, CA',
      weeklyEmail: true,
      timeZone: newYork,
    });
    optedOut = await addFamily(handle, { ...youngFamily, label: 'optedout', weeklyEmail: false });
    neverAsked = await addFamily(handle, {
      ...youngFamily,
      label: 'neverasked',
      weeklyEmail: undefined,
    });
    smtp = await startSmtpStandIn();
    // The API on the same database, to follow the email's links and unsubscribe.
    app = await buildApp({ config: testConfig(), db: handle.db });
  });

  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await handle?.close();
  });

  afterEach(() => {
    smtp.refused.clear();
  });

  it('sends nothing on Wednesday, nor on Thursday before 16:00 local', async () => {
    const email = smtpConfig(smtp.url);
    await runAt(handle, email, la(3, 18));
    await runAt(handle, email, la(4, 12, 59));
    expect(smtp.received).toEqual([]);
  });

  it("sends at Thursday 16:00 in each family's zone, only to families who turned it on", async () => {
    const email = smtpConfig(smtp.url);
    // 16:00 in New York.
    await runAt(handle, email, la(4, 13));
    expect(smtp.received.map((arrived) => arrived.to)).toEqual([[eastern.email]]);
    // 16:00 in Los Angeles.
    await runAt(handle, email, la(4, 16));
    expect(smtp.received.filter(to(young))).toHaveLength(1);
    for (const family of [optedOut, neverAsked]) {
      expect(smtp.received.filter(to(family))).toEqual([]);
    }
  });

  it("holds the weekend's events that fit the family, its saved ones and deals, each linking to an event FamJam has", async () => {
    const arrived = smtp.received.find(to(young));
    if (!arrived) throw new Error('no email for the young family');
    const { parsed } = arrived;
    expect(parsed.subject).toBe('This weekend for your family: 6 events near San Francisco');
    expect(parsed.from?.value).toEqual([{ name: 'FamJam', address: 'hello@famjam.example' }]);
    const text = parsed.text ?? '';
    const html = typeof parsed.html === 'string' ? parsed.html : '';
    expect(text).toContain('Hi Young,');
    expect(text).toContain(
      'near San Francisco, CA this weekend, Saturday, June 6 and Sunday, June 7.',
    );
    // Taste first (Home's 'Because you like …'), then the weekend soonest first; the 21+ show,
    // the cancelled parade, Friday, the next weekend and New York are not for this family.
    const sections = text.split(/\n(?=[A-Z][A-Z ]+\n)/);
    const section = (heading: string) =>
      sections.find((part) => part.startsWith(heading))?.match(/^\* .+$/gm) ?? [];
    expect(section('THIS WEEKEND NEAR SAN FRANCISCO')).toEqual([
      '* Jazz on the Lawn',
      '* Picnic in the Park',
      '* Story Time',
      '* Farmers Market',
      '* Kite Day',
      '* Zoo Morning',
    ]);
    expect(text).toContain('Because you like Jazz');
    expect(section('YOUR SAVED EVENTS THIS WEEKEND')).toEqual(['* Puppet Show']);
    expect(section('FAMILY DEALS')).toEqual(['* Museum Tour', '* Circus']);
    for (const absent of [
      'Late Comedy',
      'Cancelled Parade',
      'Friday Film',
      'Next Weekend',
      'Times Square',
      'Summer Fair',
    ]) {
      expect(text).not.toContain(absent);
      expect(html).not.toContain(absent);
    }

    // Every event link opens an event FamJam has, with the title the email gave it.
    const ids = linkedEventIds(html);
    expect(ids).toHaveLength(9);
    for (const id of ids) {
      const page = await app.inject({
        method: 'GET',
        url: `/api/events/${encodeURIComponent(id)}`,
      });
      expect(page.statusCode, id).toBe(200);
      const { title } = page.json<{ title: string }>();
      expect(html).toContain(title);
      expect(text).toContain(`${origin}/event/${encodeURIComponent(id)}`);
    }
    expect(html).toContain(`href="${origin}/profile"`);
    expect(text).toContain(`${origin}/profile`);
    expect(text).toContain(
      `You are getting this because you turned on the weekly email "This weekend for your family" in FamJam for ${young.email}.`,
    );
    expect(html).toContain('<meta name="color-scheme" content="light dark">');

    const unsubscribeUrl = `${origin}/api/email/unsubscribe?token=${young.token}`;
    expect(header(arrived, 'list-unsubscribe')).toBe(
      `<${unsubscribeUrl}>, <mailto:support@famjam.example?subject=Unsubscribe%20from%20the%20weekly%20email>`,
    );
    expect(header(arrived, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(html).toContain(unsubscribeUrl);
  });

  it('does not send a week twice: later runs that day, on Friday, or two runs at once', async () => {
    const email = smtpConfig(smtp.url);
    const before = smtp.received.length;
    await Promise.all([runAt(handle, email, la(4, 16, 15)), runAt(handle, email, la(4, 16, 15))]);
    await runAt(handle, email, la(5, 9));
    expect(smtp.received.length).toBe(before);
    const rows = await handle.db
      .select({ subject: outreachDeliveries.subject })
      .from(outreachDeliveries)
      .where(
        and(eq(outreachDeliveries.userId, young.userId), eq(outreachDeliveries.channel, 'email')),
      );
    expect(rows).toEqual([{ subject: 'weekly:2026-06-04' }]);
  });

  it('two runs racing on a new week send each family exactly one email', async () => {
    const email = smtpConfig(smtp.url);
    const before = smtp.received.length;
    await Promise.all([runAt(handle, email, la(11, 16, 5)), runAt(handle, email, la(11, 16, 5))]);
    const week = smtp.received.slice(before);
    expect(week.filter(to(young))).toHaveLength(1);
    expect(week.filter(to(eastern))).toHaveLength(1);
  });

  it('stops after a one-click unsubscribe (POST), not after the link is merely opened (GET)', async () => {
    const link = `/api/email/unsubscribe?token=${young.token}`;
    // A mail scanner or a prefetch opens the link: nothing changes.
    const opened = await app.inject({ method: 'GET', url: link, headers: { accept: 'text/html' } });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toMatch(/^text\/html/);
    expect(opened.body).toContain('<form method="post" action="/api/email/unsubscribe?token=');
    expect(opened.body).toContain('Unsubscribe from the weekly email</button>');
    expect(await weeklyEmailSettingsOf(handle.db, [young.userId])).toMatchObject([
      { weeklyEmail: true },
    ]);

    // RFC 8058: the mail client POSTs List-Unsubscribe=One-Click, with no sign-in.
    const clicked = await app.inject({
      method: 'POST',
      url: link,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(clicked.statusCode).toBe(200);
    expect(clicked.json()).toEqual({
      weeklyEmail: false,
      message:
        'You will no longer get the weekly email "This weekend for your family". Turn it on again in FamJam\'s Profile whenever you like.',
    });

    const before = smtp.received.length;
    await runAt(handle, smtpConfig(smtp.url), la(18, 16));
    const week = smtp.received.slice(before);
    expect(week.filter(to(young))).toEqual([]);
    // The job still ran: the other family got that week's.
    expect(week.filter(to(eastern))).toHaveLength(1);
  });
});

describe('when sending fails', () => {
  let handle: DatabaseHandle;
  let smtp: SmtpStandIn;
  let first: Family;
  let second: Family;

  beforeAll(async () => {
    handle = await openTestDatabase();
    await handle.db.insert(events).values(world());
    first = await addFamily(handle, { ...youngFamily, label: 'first' });
    second = await addFamily(handle, { ...youngFamily, label: 'second' });
    smtp = await startSmtpStandIn();
  });

  afterAll(async () => {
    await smtp?.close();
    await handle?.close();
  });

  const deliveries = async (family: Family) =>
    (
      await handle.db
        .select({ subject: outreachDeliveries.subject })
        .from(outreachDeliveries)
        .where(eq(outreachDeliveries.userId, family.userId))
    ).map((row) => row.subject);

  it('with the SMTP server down, the job records the failure, other jobs still run, and the next run sends', async () => {
    let clock = la(4, 16).getTime();
    const down = smtpConfig(`smtp://127.0.0.1:${await closedPort()}`);
    const logged: string[] = [];
    const runner = new JobRunner(handle.db, {
      now: () => clock,
      log: { error: (details, message) => logged.push(`${message} ${JSON.stringify(details)}`) },
    });
    runner.register(weeklyEmailJob(handle.db, dependencies(down)));
    let otherRuns = 0;
    runner.register({
      name: 'weekly-email-test-neighbour',
      everyMs: 60_000,
      run: async () => {
        otherRuns += 1;
        return { more: false };
      },
    });
    for (const job of runner.jobs())
      await ensureJob(handle.db, job.name, new Date(clock), job.everyMs);

    const attempt = await runner.attempt(weeklyEmailJobName);
    expect(attempt.outcome).toBe('failed');
    // Tried again one period later.
    expect(attempt.waitMs).toBe(15 * 60_000);
    const status = await jobStatus(handle.db, weeklyEmailJobName, new Date(clock));
    // The first family's send failed to connect; the second waits for the next run rather
    // than for the same timeouts.
    expect(status?.lastError).toBe(
      '1 weekly email could not be sent (the SMTP server could not be reached); that family is tried again next run',
    );
    expect(await runner.attempt('weekly-email-test-neighbour')).toMatchObject({ outcome: 'done' });
    expect(otherRuns).toBe(1);
    expect(await deliveries(first)).toEqual([]);
    expect(await deliveries(second)).toEqual([]);
    // No address reaches the log.
    expect(logged.join('\n')).not.toContain('@example.com');

    // The server is back: the next run sends both.
    const runnerBack = new JobRunner(handle.db, { now: () => clock });
    runnerBack.register(weeklyEmailJob(handle.db, dependencies(smtpConfig(smtp.url))));
    clock += attempt.waitMs;
    expect((await runnerBack.attempt(weeklyEmailJobName)).outcome).toBe('done');
    expect(smtp.received.filter(to(first))).toHaveLength(1);
    expect(smtp.received.filter(to(second))).toHaveLength(1);
    expect((await jobStatus(handle.db, weeklyEmailJobName, new Date(clock)))?.lastError).toBeNull();
  });

  it('a message the server refuses (5xx) fails for that family alone, and is not tried again that week', async () => {
    smtp.refused.add(first.email);
    const email = smtpConfig(smtp.url);
    await expect(runAt(handle, email, la(11, 16))).rejects.toThrow(
      '1 weekly email could not be sent (the SMTP server answered 550 to RCPT); that family is not tried again this week (refused, or its outcome unknown)',
    );
    expect(smtp.received.filter(to(second))).toHaveLength(2);
    // The week is kept as done for the refused family: the same message would be refused again.
    expect(await deliveries(first)).toEqual(['weekly:2026-06-04', 'weekly:2026-06-11']);
    expect(await deliveries(second)).toEqual(['weekly:2026-06-04', 'weekly:2026-06-11']);

    smtp.refused.clear();
    await runAt(handle, email, la(11, 16, 15));
    expect(smtp.received.filter(to(first))).toHaveLength(1);
    expect(smtp.received.filter(to(second))).toHaveLength(2);
  });
});

describe('without an SMTP server (the embedded default)', () => {
  let handle: DatabaseHandle;
  let dataDir: string;

  beforeAll(async () => {
    handle = await openTestDatabase();
    await handle.db.insert(events).values(world());
    await addFamily(handle, youngFamily);
    dataDir = await mkdtemp(join(tmpdir(), 'famjam-weekly-outbox-'));
  });

  afterAll(async () => {
    await handle?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('writes the email as a readable .eml file in <data dir>/outbox', async () => {
    const email = { ...testConfig().email, outboxDir: join(dataDir, 'outbox') };
    expect(email.smtp).toBeNull();
    await runAt(handle, email, la(thursday.day, 16));
    const files = await readdir(join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    const parsed = await simpleParser(await readFile(join(dataDir, 'outbox', files[0] ?? '')));
    expect(parsed.subject).toBe('This weekend for your family: 6 events near San Francisco');
    expect(parsed.text).toContain('* Jazz on the Lawn');
    expect(parsed.html).toContain('Jazz on the Lawn');
    expect(parsed.headerLines.map((line) => line.key)).toEqual(
      expect.arrayContaining(['list-unsubscribe', 'list-unsubscribe-post']),
    );
    // Once a week, there too.
    await runAt(handle, email, la(thursday.day, 17));
    expect(await readdir(join(dataDir, 'outbox'))).toHaveLength(1);
    await runAt(handle, email, la(nextThursday.day, 16));
    expect(await readdir(join(dataDir, 'outbox'))).toHaveLength(2);
  });
});

describe("the week's new events for the family's watched searches", () => {
  let handle: DatabaseHandle;
  let smtp: SmtpStandIn;
  let watcher: Family;
  let lonely: Family;
  const jobAt = la(4, 16);
  const daysBeforeJob = (days: number) => new Date(jobAt.getTime() - days * 24 * 60 * 60 * 1000);

  async function watch(family: Family, name: string, paused = false) {
    const [search] = await handle.db
      .insert(watchedSearches)
      .values({ userId: family.userId, name, filters: {}, paused })
      .returning({ id: watchedSearches.id });
    return search?.id ?? '';
  }

  async function matched(family: Family, searchId: string, key: string, matchedAt: Date) {
    await handle.db.insert(watchedSearchMatches).values({
      watchedSearchId: searchId,
      eventId: `test:${key}`,
      userId: family.userId,
      matchedAt,
    });
  }

  beforeAll(async () => {
    handle = await openTestDatabase();
    await handle.db
      .insert(events)
      .values([
        ...world(),
        event('tidepool', la(13, 8), { title: 'Tide Pool Discovery Morning', category: 'sports' }),
        event('crabs', la(9, 10), { title: 'Crab Walk', category: 'sports' }),
        event('old', la(14, 9), { title: 'Old Match Fair', category: 'popup' }),
        event('paused', la(14, 10), { title: 'Paused Search Fair', category: 'popup' }),
      ]);
    watcher = await addFamily(handle, { ...youngFamily, label: 'watcher' });
    const tidePool = await watch(watcher, 'tide pool');
    const pausedSearch = await watch(watcher, 'paused one', true);
    // Matched in the week before Thursday: listed soonest first (the crab walk is earlier).
    await matched(watcher, tidePool, 'tidepool', daysBeforeJob(2));
    await matched(watcher, tidePool, 'crabs', daysBeforeJob(1));
    // Already in 'This weekend near San Francisco': not said twice.
    await matched(watcher, tidePool, 'picnic', daysBeforeJob(1));
    // Not news this week (the previous email had it), called off, or a search the family paused.
    await matched(watcher, tidePool, 'old', daysBeforeJob(8));
    await matched(watcher, tidePool, 'cancelled', daysBeforeJob(1));
    await matched(watcher, pausedSearch, 'paused', daysBeforeJob(1));

    // Far from every event of the weekend: the watched match alone is worth an email.
    lonely = await addFamily(handle, {
      ...youngFamily,
      label: 'lonely',
      location: 'Seattle, WA',
      saved: [],
    });
    await matched(lonely, await watch(lonely, 'tide pool'), 'tidepool', daysBeforeJob(3));
    smtp = await startSmtpStandIn();
  });

  afterAll(async () => {
    await smtp?.close();
    await handle?.close();
  });

  function expectWatchedSection(arrived: ReceivedEmail) {
    const text = arrived.parsed.text ?? '';
    const html = typeof arrived.parsed.html === 'string' ? arrived.parsed.html : '';
    expect(textSection(text, 'NEW FOR YOUR WATCHED SEARCHES')).toEqual([
      '* Crab Walk · for "tide pool"',
      '* Tide Pool Discovery Morning · for "tide pool"',
    ]);
    expect(html).toContain('New for your watched searches');
    expect(html).toContain('Tide Pool Discovery Morning</a>');
    expect(html).toContain(' · for &quot;tide pool&quot;');
    for (const id of ['test:tidepool', 'test:crabs']) {
      expect(text).toContain(`${origin}/event/${encodeURIComponent(id)}`);
      expect(linkedEventIds(html)).toContain(id);
    }
    // The picnic is in the weekend's list once, not again as watched news.
    expect(text.match(/^\* Picnic in the Park/gm)).toHaveLength(1);
    expect(linkedEventIds(html).filter((id) => id === 'test:picnic')).toHaveLength(1);
    for (const absent of ['Old Match Fair', 'Paused Search Fair', 'Cancelled Parade']) {
      expect(text).not.toContain(absent);
      expect(html).not.toContain(absent);
    }
  }

  it("a preview asked for on Wednesday shows them, as Thursday's email will", async () => {
    const outcome = await sendWeeklyEmailPreview(
      handle.db,
      watcher.firebaseUid,
      {
        mailer: createMailer(smtpConfig(smtp.url)),
        origin,
        supportEmail: 'support@famjam.example',
      },
      la(3, 10),
    );
    expect(outcome).toEqual({
      sent: true,
      subject: 'This weekend for your family: 6 events near San Francisco',
    });
    const arrived = smtp.received.find(to(watcher));
    if (!arrived) throw new Error('no preview for the watching family');
    expectWatchedSection(arrived);
  });

  it("Thursday's email lists them once, and a family with nothing else near gets one for them", async () => {
    const before = smtp.received.length;
    await runAt(handle, smtpConfig(smtp.url), jobAt);
    const week = smtp.received.slice(before);
    const arrived = week.find(to(watcher));
    if (!arrived) throw new Error('no Thursday email for the watching family');
    expectWatchedSection(arrived);

    const alone = week.find(to(lonely));
    if (!alone) throw new Error('no Thursday email for the family far from the weekend');
    expect(alone.parsed.subject).toBe(
      'This weekend for your family: 1 new event for your watched searches',
    );
    expect(textSection(alone.parsed.text ?? '', 'NEW FOR YOUR WATCHED SEARCHES')).toEqual([
      '* Tide Pool Discovery Morning · for "tide pool"',
    ]);
  });
});

describe('the Family Safe and radius the family chose in the app', () => {
  let handle: DatabaseHandle;
  let smtp: SmtpStandIn;
  const jobAt = la(4, 16);
  /** A family in San Francisco with no children's ages and no taste: only the settings differ. */
  const plainFamily = { location: 'San Francisco, CA', weeklyEmail: true } as const;
  let familySafe: Family;
  let grownUps: Family;
  let nearby: Family;

  beforeAll(async () => {
    handle = await openTestDatabase();
    await handle.db.insert(events).values([
      ...world(),
      // By SFMOMA, about 2 km from the city's centre; Golden Gate Park is about 6 km away.
      event('downtown', la(6, 15), {
        title: 'Downtown Chalk Art',
        category: 'arts',
        ...places.sfmoma,
      }),
    ]);
    familySafe = await addFamily(handle, { ...plainFamily, label: 'safe' });
    grownUps = await addFamily(handle, { ...plainFamily, label: 'grownups', familySafe: false });
    nearby = await addFamily(handle, { ...plainFamily, label: 'nearby', radius: '2mi' });
    smtp = await startSmtpStandIn();
    await runAt(handle, smtpConfig(smtp.url), jobAt);
  });

  afterAll(async () => {
    await smtp?.close();
    await handle?.close();
  });

  function emailOf(family: Family) {
    const arrived = smtp.received.find(to(family));
    if (!arrived) throw new Error(`no email for ${family.email}`);
    return { text: arrived.parsed.text ?? '', subject: arrived.parsed.subject };
  }

  it('with Family Safe on (the default), an event that is not family-friendly stays out', () => {
    const { text } = emailOf(familySafe);
    expect(text).toContain('Family Safe is on: only family-friendly events.');
    expect(text).not.toContain('Late Comedy');
    expect(text).toContain('* Picnic in the Park');
  });

  it('with Family Safe off, events for adults are in, and the email says why', () => {
    const { text } = emailOf(grownUps);
    expect(text).toContain('Family Safe is off, so events for adults are included.');
    expect(text).toContain('* Late Comedy');
  });

  it('within the radius the family chose: the nearby event only, said and linked with it', () => {
    const { text, subject } = emailOf(nearby);
    expect(subject).toBe('This weekend for your family: 1 event near San Francisco');
    expect(text).toContain('within 2 mi of San Francisco, CA this weekend');
    expect(textSection(text, 'THIS WEEKEND NEAR SAN FRANCISCO')).toEqual(['* Downtown Chalk Art']);
    expect(text).toContain('radius=2mi');
  });
});

describe("in the family's language (users.language)", () => {
  let handle: DatabaseHandle;
  let smtp: SmtpStandIn;
  let spanish: Family;
  let english: Family;

  beforeAll(async () => {
    handle = await openTestDatabase();
    await handle.db.insert(events).values(world());
    // The young family, in Spanish, with the cancelled parade saved: it should know.
    spanish = await addFamily(handle, {
      ...youngFamily,
      label: 'rosa',
      language: 'es',
      saved: ['puppets', 'cancelled'],
    });
    english = await addFamily(handle, { ...youngFamily, label: 'sam', language: 'en' });
    smtp = await startSmtpStandIn();
    await runAt(handle, smtpConfig(smtp.url), la(4, 16));
  });

  afterAll(async () => {
    await smtp?.close();
    await handle?.close();
  });

  function emailOf(family: Family) {
    const arrived = smtp.received.find(to(family));
    if (!arrived) throw new Error(`no email for ${family.email}`);
    const html = typeof arrived.parsed.html === 'string' ? arrived.parsed.html : '';
    return { text: arrived.parsed.text ?? '', html, subject: arrived.parsed.subject };
  }

  /** The items under one heading of a text part, headings in any language's capitals. */
  function itemsUnder(text: string, heading: string): string[] {
    const start = text.indexOf(`\n${heading}\n`);
    if (start === -1) return [];
    const rest = text.slice(start + heading.length + 2);
    const end = rest.search(/\n(?=[^\s*][^\n]*\n\n)/);
    return (end === -1 ? rest : rest.slice(0, end)).match(/^\* .+$/gm) ?? [];
  }

  it('a Spanish family gets the email in Spanish: subject, greeting, intro, headings, dates, notes and links', () => {
    const { text, html, subject } = emailOf(spanish);
    expect(subject).toBe('Este fin de semana en familia: 6 eventos cerca de San Francisco');
    expect(text).toContain('¡Hola, Rosa!');
    expect(text).toContain(
      'Esto es lo que hay cerca de San Francisco, CA este fin de semana, sábado, 6 de junio y domingo, 7 de junio. «Apto para familias» está activado: solo eventos para toda la familia.',
    );
    // The same events as in English (their titles as the source wrote them), under Spanish headings.
    expect(itemsUnder(text, 'ESTE FIN DE SEMANA CERCA DE SAN FRANCISCO')).toEqual([
      '* Jazz on the Lawn',
      '* Picnic in the Park',
      '* Story Time',
      '* Farmers Market',
      '* Kite Day',
      '* Zoo Morning',
    ]);
    expect(itemsUnder(text, 'TUS EVENTOS GUARDADOS PARA ESTE FIN DE SEMANA')).toEqual([
      '* Puppet Show',
      '* Cancelled Parade',
    ]);
    expect(itemsUnder(text, 'OFERTAS PARA LA FAMILIA')).toEqual(['* Museum Tour', '* Circus']);
    expect(text).toContain('Porque te gusta Jazz');
    // Days in Spanish, a free event is 'Gratis', a cancelled saved one 'Cancelado'.
    expect(text).toMatch(/^ {2}sáb, 6 jun · 9:00 AM · .+ · Gratis$/m);
    expect(text).toMatch(/^ {2}dom, 7 jun · 2:00 PM · .+ · \$10$/m);
    expect(text).toContain('  Cancelado\n');
    expect(text).toContain(`Abre tus Guardados: ${origin}/saved`);
    expect(text).toContain('Mira todo lo que hay este fin de semana: ');
    expect(text).toContain('Mira todas las ofertas de este fin de semana: ');
    expect(text).toContain(
      `Te llega este correo porque activaste el correo semanal “Este fin de semana en familia” en FamJam para ${spanish.email}.`,
    );
    expect(text).toContain(`Cambia lo que te envía FamJam: ${origin}/profile`);
    expect(text).toContain('Date de baja de este correo: ');

    expect(html).toContain('<html lang="es">');
    expect(html).toContain(
      '<title>Este fin de semana en familia: 6 eventos cerca de San Francisco</title>',
    );
    expect(html).toContain('>Este fin de semana en familia</h1>');
    expect(html).toContain('>Tus eventos guardados para este fin de semana</h2>');
    expect(html).toContain('>Date de baja de este correo</a>');
    expect(html).toContain('Mira todo lo que hay este fin de semana →</a>');

    // No English word of FamJam's own, and no message id, in either part.
    for (const part of [text, html]) {
      for (const english of ['This weekend', 'Hi ', 'Saturday', 'Sat, ', 'Free', 'Because you']) {
        expect(part).not.toContain(english);
      }
      expect(part).not.toMatch(/server\.email\./);
    }
  });

  it('a family that chose English gets the English email, as one that chose nothing does', () => {
    const { text, html, subject } = emailOf(english);
    expect(subject).toBe('This weekend for your family: 6 events near San Francisco');
    expect(text).toContain('Hi Sam,');
    expect(text).toContain('this weekend, Saturday, June 6 and Sunday, June 7.');
    expect(html).toContain('<html lang="en">');
  });
});
