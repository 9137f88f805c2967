import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import type {
  OutreachSettings,
  PushSubscriptionBody,
  UpdateOutreachBody,
} from '../../../contract/outreach.ts';
import { formatRadiusParam, parseRadiusParam } from '../../../contract/radius.ts';
import type { Database } from '../../db/client.ts';
import {
  countSubscriptions,
  deleteSubscriptionByEndpoint,
  type OutreachSettingsChange,
  type OutreachSettingsRow,
  profileLocationOf,
  settingsOfUser,
  trimSubscriptions,
  updateSettings,
  upsertSubscription,
} from '../../stores/outreach.ts';
import { userIdOf } from '../../stores/saved.ts';
import { ConflictError, InvalidInputError } from '../errors.ts';
import { resolveLocation } from '../geocoding.ts';
import { canonicalTimeZone } from '../zonedTime.ts';

/*
 * A family's outreach settings (contract/outreach.ts, docs/outreach.md) and its devices' push
 * subscriptions. Every call starts from the uid the ID token proved and reaches only that
 * user's rows.
 */

/** The zone reminders and quiet hours count in when the profile's place names none we know. */
export const FALLBACK_TIME_ZONE = 'America/Los_Angeles';

/**
 * At most this many devices per account: a phone, a tablet, a few browsers. Subscribing one
 * more forgets the one that subscribed longest ago (a device long gone, most likely).
 */
export const MAX_PUSH_DEVICES = 20;

/** 256 bits from the CSPRNG, for the weekly email's one-click unsubscribe link. */
function newUnsubscribeToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The caller's users row id; a conflict before onboarding (the settings are the profile's). */
async function ownerId(db: Database, firebaseUid: string): Promise<string> {
  const userId = await userIdOf(db, firebaseUid);
  if (userId === null) {
    throw new ConflictError((i18n) => i18n.t('server.error.outreach.settingsBeforeProfile'));
  }
  return userId;
}

/** The profile's place's zone (as the listings resolve a location), else the fallback. */
function profileTimeZone(location: string | null): string {
  if (!location?.trim()) return FALLBACK_TIME_ZONE;
  try {
    return resolveLocation(location.trim()).timeZone;
  } catch {
    // A place typed before the gazetteer knew it.
    return FALLBACK_TIME_ZONE;
  }
}

/** The user's settings row, made on first use with the defaults (schema: every push kind on). */
async function settingsRow(db: Database, userId: string): Promise<OutreachSettingsRow> {
  // Read the profile only for a first row; the insert below keeps an existing one as it is.
  return settingsOfUser(db, userId, {
    timeZone: profileTimeZone(await profileLocationOf(db, userId)),
    unsubscribeToken: newUnsubscribeToken(),
  });
}

/** The API's view of a row: never the unsubscribe token. */
function toSettings(row: OutreachSettingsRow, pushDevices: number): OutreachSettings {
  return {
    push: {
      changes: row.pushChanges,
      reminders: row.pushReminders,
      concerts: row.pushConcerts,
      watched: row.pushWatched,
    },
    weeklyEmail: row.weeklyEmail,
    weeklyEmailOffered: row.weeklyEmailOffered,
    familySafe: row.familySafe,
    radius: row.radius,
    timeZone: row.timeZone,
    pushDevices,
  };
}

/** A real IANA zone in its canonical spelling, or a 400 naming `field`. */
function checkedTimeZone(timeZone: string, field: string): string {
  const canonical = canonicalTimeZone(timeZone);
  if (canonical === null) {
    const zone = timeZone.slice(0, 64);
    throw new InvalidInputError(
      (i18n) => i18n.t('server.error.outreach.unknownTimeZone', { zone }),
      { field, code: 'unknown_time_zone' },
    );
  }
  return canonical;
}

/** A radius the app can read back ('5mi', within the API's 500 km), or a 400. */
function checkedRadius(radius: string): string {
  const parsed = parseRadiusParam(radius);
  if (parsed === undefined) {
    throw new InvalidInputError(
      `radius must be more than 0 and at most 500 km or 300 mi, written like '5mi' or '10km'.`,
      { field: 'radius', plainMessage: true },
    );
  }
  return formatRadiusParam(parsed);
}

/** `GET /api/me/outreach`: the caller's settings, made with the defaults on first use. */
export async function outreachSettingsFor(
  db: Database,
  firebaseUid: string,
): Promise<OutreachSettings> {
  const userId = await ownerId(db, firebaseUid);
  const row = await settingsRow(db, userId);
  return toSettings(row, await countSubscriptions(db, userId));
}

/** `PUT /api/me/outreach`: changes what the body names, keeps the rest. */
export async function updateOutreachSettings(
  db: Database,
  firebaseUid: string,
  body: UpdateOutreachBody,
): Promise<OutreachSettings> {
  const userId = await ownerId(db, firebaseUid);
  const change: OutreachSettingsChange = {
    pushChanges: body.push?.changes,
    pushReminders: body.push?.reminders,
    pushConcerts: body.push?.concerts,
    pushWatched: body.push?.watched,
    weeklyEmail: body.weeklyEmail,
    weeklyEmailOffered: body.weeklyEmailOffered,
    familySafe: body.familySafe,
    radius:
      body.radius === undefined || body.radius === null ? body.radius : checkedRadius(body.radius),
    timeZone: body.timeZone === undefined ? undefined : checkedTimeZone(body.timeZone, 'timeZone'),
  };
  await settingsRow(db, userId);
  const defined = Object.fromEntries(
    Object.entries(change).filter(([, value]) => value !== undefined),
  ) as OutreachSettingsChange;
  const row =
    Object.keys(defined).length > 0
      ? await updateSettings(db, userId, defined)
      : await settingsRow(db, userId);
  return toSettings(row, await countSubscriptions(db, userId));
}

/** Where FamJam may send a device's pushes (the configuration's part of the rule). */
export interface PushEndpointPolicy {
  /** FAMJAM_PUSH_PRIVATE_ORIGINS: reachable over http or on a private network. */
  privateOrigins: readonly string[];
}

/**
 * A push service's URL: https on a host name or public address, or one of the configured
 * private origins. Anything else would have the server POST to wherever a caller says
 * (its own network, this machine): refused before it is stored.
 */
export function acceptablePushEndpoint(endpoint: string, policy: PushEndpointPolicy): boolean {
  const url = URL.canParse(endpoint) ? new URL(endpoint) : null;
  if (url === null || url.username !== '' || url.password !== '') return false;
  if (policy.privateOrigins.includes(url.origin)) return true;
  if (url.protocol !== 'https:') return false;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  // Names are checked again at each send, on the address they resolve to (pushSender.ts).
  return isIP(host) === 0 && host !== 'localhost' && !host.endsWith('.localhost');
}

/** Base64url bytes of a subscription key, or null. */
function keyBytes(text: string): Buffer | null {
  return /^[A-Za-z0-9_-]+={0,2}$/.test(text) ? Buffer.from(text, 'base64url') : null;
}

/**
 * `PUT /api/me/push-subscriptions`: stores this device's subscription for the caller (or
 * refreshes it), and follows the device's zone when it sends one. Returns the settings.
 */
export async function savePushSubscription(
  db: Database,
  firebaseUid: string,
  body: PushSubscriptionBody,
  policy: PushEndpointPolicy,
): Promise<OutreachSettings> {
  const userId = await ownerId(db, firebaseUid);
  if (!acceptablePushEndpoint(body.endpoint, policy)) {
    throw new InvalidInputError(
      "endpoint must be the https address of the browser's push service, as PushSubscription.toJSON() gives it.",
      { field: 'endpoint', plainMessage: true },
    );
  }
  // What the browser's PushSubscription gives: an uncompressed P-256 point and 16 random bytes.
  // Anything else could never be encrypted for, so every push to it would fail.
  const p256dh = keyBytes(body.keys.p256dh);
  if (p256dh === null || p256dh.length !== 65 || p256dh[0] !== 4) {
    throw new InvalidInputError(
      'keys.p256dh must be the subscription’s P-256 public key (65 bytes, base64url).',
      { field: 'p256dh', plainMessage: true },
    );
  }
  const auth = keyBytes(body.keys.auth);
  if (auth === null || auth.length !== 16) {
    throw new InvalidInputError(
      'keys.auth must be the subscription’s authentication secret (16 bytes, base64url).',
      { field: 'auth', plainMessage: true },
    );
  }
  const timeZone =
    body.timeZone === undefined ? undefined : checkedTimeZone(body.timeZone, 'timeZone');
  await settingsRow(db, userId);
  const stored = await upsertSubscription(db, userId, {
    endpoint: body.endpoint,
    p256dh: body.keys.p256dh,
    auth: body.keys.auth,
  });
  if (!stored) {
    throw new ConflictError((i18n) => i18n.t('server.error.outreach.pushOtherAccount'));
  }
  await trimSubscriptions(db, userId, MAX_PUSH_DEVICES);
  const row =
    timeZone === undefined
      ? await settingsRow(db, userId)
      : await updateSettings(db, userId, { timeZone });
  return toSettings(row, await countSubscriptions(db, userId));
}

/**
 * `DELETE /api/me/push-subscriptions`: forgets this device's subscription if it is the
 * caller's; another account's, or none, is left alone without saying which (the same answer).
 */
export async function removePushSubscription(
  db: Database,
  firebaseUid: string,
  endpoint: string,
): Promise<void> {
  const userId = await userIdOf(db, firebaseUid);
  if (userId === null) return;
  await deleteSubscriptionByEndpoint(db, userId, endpoint);
}
