import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  WEEKLY_EMAIL_PREVIEWS_PER_HOUR,
  WeeklyEmailPreviewResult,
} from '../../contract/outreach.ts';
import type { CreateUserBody } from '../../contract/user.ts';
import { buildApp } from '../app.ts';
import type { ServerConfig } from '../config.ts';
import { events, type NewEventRow, outreachDeliveries, users } from '../db/schema/index.ts';
import { sendWeeklyEmails } from '../jobs/weeklyEmail.ts';
import { createMailer } from '../services/outreach/mailer.ts';
import { openTestDatabase } from '../test/database.ts';
import {
  bearer,
  createOnboardedUser,
  type EmulatorUser,
  expectInContract,
  testConfig,
} from '../test/helpers.ts';
import { closedPort, type SmtpStandIn, startSmtpStandIn } from '../test/smtpStandIn.ts';
import {
  emailHeader,
  laInJune,
  losAngeles,
  sentTo,
  smtpEmailConfig,
  weekendEvent,
} from '../test/weeklyEmailFixtures.ts';
import type { FamJamApp } from '../types.ts';

/*
 * POST /api/me/outreach/weekly-email-preview, "Send me this week's email now": on a Sunday, a
 * family with the weekly email on gets the email the Thursday job will send them, at once, to
 * their account's address, through a real SMTP server on loopback (or the outbox without one);
 * the Thursday email still comes.
 */

const origin = 'https://famjam.example';
const supportEmail = 'support@famjam.example';

/** A wall-clock time in Los Angeles, June 2026: Sunday the 7th, Thursday the 11th, weekend the 13th and 14th. */
const la = laInJune;
const event = (key: string, startsAt: Date, fields: Parameters<typeof weekendEvent>[3]) =>
  weekendEvent('preview', key, startsAt, fields);
const smtpEmail = smtpEmailConfig;
const sunday = la(7, 10);
const thursdayAfter = la(11, 16);

/** Today (the Sunday the preview is asked on) and the coming weekend, near San Francisco only. */
const world = (): NewEventRow[] => [
  event('today', la(7, 14), { title: 'Sunday Picnic Today', category: 'sports' }),
  event('kite', la(13, 10), { title: 'Kite Day', category: 'sports' }),
  event('jazz', la(13, 18), {
    title: 'Jazz on the Lawn',
    category: 'music',
    tags: ['jazz'],
    priceText: '$25',
  }),
  event('zoo', la(14, 10), { title: 'Zoo Morning', category: 'sports' }),
  event('museum', la(14, 11), { title: 'Museum Tour', category: 'arts', priceText: '$15' }),
];

const youngFamily: Partial<CreateUserBody> = {
  location: 'San Francisco, CA',
  familySituation: 'young_kids',
  musicPreferences: ['Jazz'],
};

interface TestApp {
  app: FamJamApp;
  logged: string[];
}

/** The whole app on its own database, its log kept, with the world's events. */
async function startApp(overrides: Partial<ServerConfig>): Promise<TestApp> {
  const database = await openTestDatabase();
  const logged: string[] = [];
  const app = await buildApp({
    config: testConfig({
      rateLimitPerMinute: 10_000,
      publicUrl: origin,
      legal: { ...testConfig().legal, supportEmail },
      ...overrides,
    }),
    db: database.db,
    logger: { level: 'trace', stream: { write: (line: string) => void logged.push(line) } },
  });
  app.addHook('onClose', async () => database.close());
  await app.db.insert(events).values(world());
  return { app, logged };
}

const preview = (app: FamJamApp, user: EmulatorUser) =>
  app.inject({
    method: 'POST',
    url: '/api/me/outreach/weekly-email-preview',
    headers: bearer(user),
  });

async function turnOnWeeklyEmail(app: FamJamApp, user: EmulatorUser) {
  const response = await app.inject({
    method: 'PUT',
    url: '/api/me/outreach',
    headers: bearer(user),
    payload: { weeklyEmail: true, timeZone: losAngeles },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function familyWithEmailOn(app: FamJamApp, profile = youngFamily) {
  const user = await createOnboardedUser(app, profile);
  await turnOnWeeklyEmail(app, user);
  return user;
}

const to = (user: EmulatorUser) => sentTo(user);

/** The event pages an HTML part links to. */
const eventLinks = (html: string) =>
  [...html.matchAll(/href="([^"]+)"/g)]
    .map((match) => match[1] ?? '')
    .filter((href) => href.startsWith(`${origin}/event/`));

const header = emailHeader;

// The preview is asked for on Sunday morning in Los Angeles: not the Thursday the job sends on.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: sunday });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('through an SMTP server', () => {
  let smtp: SmtpStandIn;
  let app: FamJamApp;
  let logged: string[];

  beforeAll(async () => {
    smtp = await startSmtpStandIn();
    ({ app, logged } = await startApp({ email: smtpEmail(smtp.url) }));
  });

  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  it('answers 409 with a message while the weekly email is off, and sends nothing', async () => {
    const user = await createOnboardedUser(app, youngFamily);
    // No settings row yet: the family never turned it on.
    const never = await preview(app, user);
    expect(never.statusCode).toBe(409);
    expect(never.json()).toEqual({ error: 'conflict', message: 'Turn on the weekly email first.' });
    // Turned on, then off again.
    await turnOnWeeklyEmail(app, user);
    await app.inject({
      method: 'PUT',
      url: '/api/me/outreach',
      headers: bearer(user),
      payload: { weeklyEmail: false },
    });
    const off = await preview(app, user);
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toBe('Turn on the weekly email first.');
    expect(smtp.received.filter(to(user))).toEqual([]);
  });

  it("sends on a Sunday the email Thursday's job sends, to the account's address, and Thursday's still comes", async () => {
    const user = await familyWithEmailOn(app);
    const response = await preview(app, user);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<WeeklyEmailPreviewResult>();
    expectInContract(body, WeeklyEmailPreviewResult, 'POST /api/me/outreach/weekly-email-preview');
    expect(body).toEqual({
      sent: true,
      subject: 'This weekend for your family: 4 events near San Francisco',
    });

    const previews = smtp.received.filter(to(user));
    expect(previews).toHaveLength(1);
    const [arrived] = previews;
    if (!arrived) throw new Error('no preview arrived');
    expect(arrived.to).toEqual([user.email]);
    expect(arrived.parsed.subject).toBe(body.sent ? body.subject : '');
    const text = arrived.parsed.text ?? '';
    // The coming weekend, not what is left of today.
    expect(text).toContain('Saturday, June 13 and Sunday, June 14');
    expect(text).toContain('* Jazz on the Lawn');
    expect(text).not.toContain('Sunday Picnic Today');

    // Nothing recorded: Thursday's job still sends that week's email, and it is the preview.
    const [row] = await app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, user.email));
    const deliveries = await app.db
      .select()
      .from(outreachDeliveries)
      .where(eq(outreachDeliveries.userId, row?.id ?? ''));
    expect(deliveries).toEqual([]);
    vi.setSystemTime(thursdayAfter);
    const outcome = await sendWeeklyEmails(
      app.db,
      {
        mailer: createMailer(smtpEmail(smtp.url)),
        origin: () => origin,
        supportEmail,
        log: { info: () => undefined, error: () => undefined },
      },
      thursdayAfter,
    );
    expect(outcome.failed).toBe(0);
    const both = smtp.received.filter(to(user));
    expect(both).toHaveLength(2);
    const thursday = both[1];
    if (!thursday) throw new Error('no Thursday email arrived');
    expect(thursday.parsed.subject).toBe(arrived.parsed.subject);
    expect(thursday.parsed.text).toBe(arrived.parsed.text);
    const previewHtml = typeof arrived.parsed.html === 'string' ? arrived.parsed.html : '';
    const thursdayHtml = typeof thursday.parsed.html === 'string' ? thursday.parsed.html : '';
    expect(eventLinks(previewHtml)).toHaveLength(4);
    expect(eventLinks(previewHtml)).toEqual(eventLinks(thursdayHtml));
    expect(header(arrived, 'list-unsubscribe')).toBe(header(thursday, 'list-unsubscribe'));
    expect(header(arrived, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(logged.join('\n')).not.toContain(user.email);
  });

  it('answers sent: false with a reason when the coming weekend has nothing near the family', async () => {
    const user = await familyWithEmailOn(app, { ...youngFamily, location: 'New York, NY' });
    const response = await preview(app, user);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      sent: false,
      reason: 'Nothing is on near you this weekend yet.',
    });
    expect(smtp.received.filter(to(user))).toEqual([]);
  });

  it("sends only the caller's own: another account cannot make it go to someone else", async () => {
    const owner = await familyWithEmailOn(app);
    const other = await createOnboardedUser(app, youngFamily);
    // The route names no one: the other account, its own email off, gets its own 409.
    expect((await preview(app, other)).statusCode).toBe(409);
    // A body naming the owner changes nothing.
    const withBody = await app.inject({
      method: 'POST',
      url: '/api/me/outreach/weekly-email-preview',
      headers: bearer(other),
      payload: { email: owner.email },
    });
    expect(withBody.statusCode).toBe(409);
    expect(smtp.received.filter(to(owner))).toEqual([]);
    // Turned on, the other account's preview goes to the other account alone.
    await turnOnWeeklyEmail(app, other);
    expect((await preview(app, other)).statusCode).toBe(200);
    expect(smtp.received.filter(to(other))).toHaveLength(1);
    expect(smtp.received.filter(to(owner))).toEqual([]);
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/me/outreach/weekly-email-preview',
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it(`allows ${WEEKLY_EMAIL_PREVIEWS_PER_HOUR} an hour per account, then answers 429 with a message`, async () => {
    const user = await familyWithEmailOn(app);
    for (let attempt = 0; attempt < WEEKLY_EMAIL_PREVIEWS_PER_HOUR; attempt += 1) {
      expect((await preview(app, user)).statusCode).toBe(200);
    }
    const refused = await preview(app, user);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'rate_limited' });
    expect(refused.json().message).toMatch(/Too many requests/);
    expect(smtp.received.filter(to(user))).toHaveLength(WEEKLY_EMAIL_PREVIEWS_PER_HOUR);
    // Counted per account, not per address: another family on the same address still may.
    const neighbour = await familyWithEmailOn(app);
    expect((await preview(app, neighbour)).statusCode).toBe(200);
  });
});

describe('when sending fails', () => {
  let app: FamJamApp;
  let logged: string[];

  beforeAll(async () => {
    ({ app, logged } = await startApp({
      email: smtpEmail(`smtp://127.0.0.1:${await closedPort()}`),
    }));
  });

  afterAll(async () => {
    await app?.close();
  });

  it('answers 502 with a readable message, without the address in the answer or the log', async () => {
    const user = await familyWithEmailOn(app);
    const response = await preview(app, user);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      error: 'bad_gateway',
      message:
        'Your weekly email could not be sent just now (the SMTP server could not be reached). Please try again later.',
    });
    expect(response.body).not.toContain(user.email);
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.join('\n')).not.toContain(user.email);
  });
});

describe('without an SMTP server (the outbox)', () => {
  let app: FamJamApp;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'famjam-preview-outbox-'));
    ({ app } = await startApp({
      email: { ...testConfig().email, outboxDir: join(dataDir, 'outbox') },
    }));
  });

  afterAll(async () => {
    await app?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('writes the preview as an .eml file in the outbox', async () => {
    const user = await familyWithEmailOn(app);
    const response = await preview(app, user);
    expect(response.statusCode, response.body).toBe(200);
    const files = await readdir(join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    const parsed = await simpleParser(await readFile(join(dataDir, 'outbox', files[0] ?? '')));
    expect(parsed.to).toMatchObject({ value: [{ address: user.email }] });
    expect(parsed.subject).toBe(response.json().subject);
    expect(parsed.text).toContain('* Jazz on the Lawn');
  });
});
