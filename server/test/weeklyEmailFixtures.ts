import type { EmailConfig } from '../config.ts';
import type { NewEventRow } from '../db/schema/index.ts';
import { instantFromWallClock } from '../services/zonedTime.ts';
import { places } from './fixtureApp.ts';
import { testConfig } from './helpers.ts';
import type { ReceivedEmail } from './smtpStandIn.ts';

/*
 * What the weekly email's tests share (server/jobs/weeklyEmail.test.ts, the Thursday job;
 * server/routes/weeklyEmailPreview.test.ts, the preview): a clock in Los Angeles in June 2026,
 * events near San Francisco, the app's email settings pointed at the loopback SMTP server, and
 * reading what arrived. Not a test file itself.
 */

export const losAngeles = 'America/Los_Angeles';

/** A wall-clock time in Los Angeles, June 2026 (Thursdays the 4th and 11th). */
export const laInJune = (day: number, hour: number, minute = 0) =>
  instantFromWallClock({ year: 2026, month: 6, day, hour, minute, second: 0 }, losAngeles);

/** A free, family-friendly event by Golden Gate Park; `prefix` keeps two test files' ids apart. */
export function weekendEvent(
  prefix: string,
  key: string,
  startsAt: Date,
  fields: Partial<NewEventRow> & Pick<NewEventRow, 'title' | 'category'>,
): NewEventRow {
  return {
    id: `${prefix}:${key}`,
    source: 'test',
    sourceId: `${prefix}-${key}`,
    description: `${fields.title}, for the test.`,
    venue: `${fields.title} Venue`,
    location: 'San Francisco, CA',
    address: '1 Test St, San Francisco, CA',
    startsAt,
    timeZone: losAngeles,
    priceText: 'Free',
    isFamilyFriendly: true,
    ...places.goldenGatePark,
    ...fields,
  };
}

/** The test config's email settings, sending to the SMTP server at `url` (no TLS, no sign-in). */
export function smtpEmailConfig(url: string): EmailConfig {
  const parsed = new URL(url);
  return {
    ...testConfig().email,
    smtp: {
      host: parsed.hostname,
      port: Number(parsed.port),
      secure: false,
      user: null,
      password: null,
    },
    from: { name: 'FamJam', address: 'hello@famjam.example' },
  };
}

/** One header of what arrived, unfolded, as its raw line says it. */
export const emailHeader = (email: ReceivedEmail, key: string) =>
  email.parsed.headerLines
    .find((line) => line.key === key)
    ?.line.replace(/\r?\n(?=[ \t])/g, '')
    .replace(/^[^:]+:\s*/, '');

/** What arrived for this address. */
export const sentTo = (address: { email: string }) => (email: ReceivedEmail) =>
  email.to.includes(address.email);
