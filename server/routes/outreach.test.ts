import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type OutreachSettings,
  OutreachSettings as OutreachSettingsSchema,
  PushConfig,
} from '../../contract/outreach.ts';
import { outreachSettings, users } from '../db/schema/index.ts';
import {
  bearer,
  buildTestApp,
  createEmulatorUser,
  createOnboardedUser,
  type EmulatorUser,
  expectInContract,
  testConfig,
} from '../test/helpers.ts';
import { type PushStandIn, startPushStandIn } from '../test/pushStandIn.ts';
import type { FamJamApp } from '../types.ts';

/*
 * GET/PUT /api/me/outreach and PUT/DELETE /api/me/push-subscriptions: the family's settings,
 * made with their defaults on first use, and the devices subscribed to push, each account
 * reaching only its own.
 */

let app: FamJamApp;
let standIn: PushStandIn;

beforeAll(async () => {
  standIn = await startPushStandIn();
  app = await buildTestApp({
    rateLimitPerMinute: 10_000,
    push: { ...testConfig().push, privateOrigins: [standIn.origin] },
  });
});

afterAll(async () => {
  await app?.close();
  await standIn?.close();
});

async function call(
  user: EmulatorUser,
  method: 'GET' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  return app.inject({
    method,
    url,
    headers: bearer(user),
    ...(payload === undefined ? {} : { payload }),
  });
}

async function settingsOf(user: EmulatorUser): Promise<OutreachSettings> {
  const response = await call(user, 'GET', '/api/me/outreach');
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<OutreachSettings>();
  expectInContract(body, OutreachSettingsSchema, 'GET /api/me/outreach');
  return body;
}

async function subscribe(user: EmulatorUser, device: string, extra: object = {}) {
  const response = await call(user, 'PUT', '/api/me/push-subscriptions', {
    ...standIn.subscriptionFor(device),
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OutreachSettings>();
}

describe('GET /api/me/outreach', () => {
  it('makes the settings on first use: every push kind on, the weekly email off, the zone of the profile’s place', async () => {
    const user = await createOnboardedUser(app, { location: 'New York, NY' });
    expect(await settingsOf(user)).toEqual({
      push: { changes: true, reminders: true, concerts: true, watched: true },
      weeklyEmail: false,
      weeklyEmailOffered: false,
      familySafe: true,
      radius: null,
      timeZone: 'America/New_York',
      pushDevices: 0,
    });
    // The same row the second time, and its unsubscribe token (32 random bytes) never leaves.
    const response = await call(user, 'GET', '/api/me/outreach');
    const [row] = await app.db
      .select({ token: outreachSettings.unsubscribeToken })
      .from(outreachSettings)
      .innerJoin(users, eq(users.id, outreachSettings.userId))
      .where(eq(users.firebaseUid, user.uid));
    expect(Buffer.from(row?.token ?? '', 'base64url')).toHaveLength(32);
    expect(response.body).not.toContain(row?.token);
  });

  it('falls back to Los Angeles time when the profile’s place names nowhere FamJam knows', async () => {
    const user = await createOnboardedUser(app);
    await app.db
      .update(users)
      .set({ location: 'Nowhere In Particular, ZZ' })
      .where(eq(users.firebaseUid, user.uid));
    expect((await settingsOf(user)).timeZone).toBe('America/Los_Angeles');
  });

  it('answers 409 with a message before the caller has a profile, and 401 without a token', async () => {
    const newcomer = await createEmulatorUser();
    const response = await call(newcomer, 'GET', '/api/me/outreach');
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/profile/);
    const anonymous = await app.inject({ method: 'GET', url: '/api/me/outreach' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('PUT /api/me/outreach', () => {
  it('changes only what the body names', async () => {
    const user = await createOnboardedUser(app);
    const response = await call(user, 'PUT', '/api/me/outreach', {
      push: { concerts: false },
      weeklyEmail: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    const expected = {
      push: { changes: true, reminders: true, concerts: false, watched: true },
      weeklyEmail: true,
      weeklyEmailOffered: false,
      familySafe: true,
      radius: null,
      timeZone: 'America/Los_Angeles',
      pushDevices: 0,
    };
    expect(response.json()).toEqual(expected);
    expect(await settingsOf(user)).toEqual(expected);
    const zone = await call(user, 'PUT', '/api/me/outreach', { timeZone: 'Europe/Paris' });
    expect(zone.json()).toEqual({ ...expected, timeZone: 'Europe/Paris' });
  });

  it("keeps the weekly email's Family Safe and radius as the device sends them, and null goes back to the default", async () => {
    const user = await createOnboardedUser(app);
    const chosen = await call(user, 'PUT', '/api/me/outreach', {
      familySafe: false,
      radius: '5mi',
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(await settingsOf(user)).toMatchObject({ familySafe: false, radius: '5mi' });
    const cleared = await call(user, 'PUT', '/api/me/outreach', { radius: null });
    expect(cleared.json()).toMatchObject({ familySafe: false, radius: null });
    // The same spelling Search reads back, whatever the device wrote.
    await call(user, 'PUT', '/api/me/outreach', { radius: '10.50km' });
    expect((await settingsOf(user)).radius).toBe('10.5km');
  });

  it('refuses a radius Search could not read, or beyond the API’s 500 km, with a 400 naming it', async () => {
    const user = await createOnboardedUser(app);
    await call(user, 'PUT', '/api/me/outreach', { radius: '10km' });
    for (const radius of ['5 miles', '0mi', '400mi', '600km', 'far', 5]) {
      const response = await call(user, 'PUT', '/api/me/outreach', { radius });
      expect(response.statusCode, String(radius)).toBe(400);
      expect(response.json().message, String(radius)).toMatch(/radius/);
    }
    expect((await settingsOf(user)).radius).toBe('10km');
  });

  it('refuses a time zone that is not a real IANA zone with a 400 naming it', async () => {
    const user = await createOnboardedUser(app);
    for (const timeZone of ['Mars/Olympus_Mons', 'EST', 'not a zone']) {
      const response = await call(user, 'PUT', '/api/me/outreach', { timeZone });
      expect(response.statusCode, timeZone).toBe(400);
      expect(response.json()).toMatchObject({ field: 'timeZone' });
      expect(response.json().message).toContain('body/timeZone');
    }
    expect((await settingsOf(user)).timeZone).toBe('America/Los_Angeles');
  });

  it("says why in the family's language: Spanish for Spanish, English as before", async () => {
    const user = await createOnboardedUser(app);
    const refusal = async (acceptLanguage: string) =>
      (
        await app.inject({
          method: 'PUT',
          url: '/api/me/outreach',
          headers: { ...bearer(user), 'accept-language': acceptLanguage },
          payload: { timeZone: 'Mars/Olympus_Mons' },
        })
      ).json<{ message: string }>().message;
    expect(await refusal('es-MX,es;q=0.9')).toBe(
      'body/timeZone: FamJam no conoce la zona horaria "Mars/Olympus_Mons"; envía un nombre IANA como America/Los_Angeles.',
    );
    expect(await refusal('en-US')).toBe(
      'body/timeZone: "Mars/Olympus_Mons" is not a time zone FamJam knows; send an IANA name such as America/Los_Angeles.',
    );
    const newcomer = await createEmulatorUser();
    const beforeProfile = await app.inject({
      method: 'GET',
      url: '/api/me/outreach',
      headers: { ...bearer(newcomer), 'accept-language': 'es' },
    });
    expect(beforeProfile.json()).toEqual({
      error: 'conflict',
      message: 'Crea tu perfil de FamJam (POST /api/users) antes de elegir qué te envía FamJam.',
    });
  });

  it('refuses an empty body, unknown fields and wrong types with a 400', async () => {
    const user = await createOnboardedUser(app);
    for (const payload of [{}, { push: { sms: true } }, { weeklyEmail: 'yes' }, { extra: 1 }]) {
      const response = await call(user, 'PUT', '/api/me/outreach', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(typeof response.json().message).toBe('string');
    }
  });
});

describe('PUT and DELETE /api/me/push-subscriptions', () => {
  it('stores a device, refreshes it by endpoint, follows its time zone, and counts the devices', async () => {
    const user = await createOnboardedUser(app);
    expect((await subscribe(user, 'own-phone')).pushDevices).toBe(1);
    const refreshed = await subscribe(user, 'own-phone', { timeZone: 'America/Chicago' });
    expect(refreshed).toMatchObject({ pushDevices: 1, timeZone: 'America/Chicago' });
    expect((await subscribe(user, 'own-tablet')).pushDevices).toBe(2);
    const gone = await call(user, 'DELETE', '/api/me/push-subscriptions', {
      endpoint: standIn.subscriptionFor('own-phone').endpoint,
    });
    expect(gone.statusCode).toBe(204);
    expect(gone.body).toBe('');
    expect((await settingsOf(user)).pushDevices).toBe(1);
  });

  it('moves an endpoint another account subscribed to the caller, and never deletes another account’s', async () => {
    const first = await createOnboardedUser(app);
    const second = await createOnboardedUser(app);
    await subscribe(first, 'shared-laptop');
    const { endpoint } = standIn.subscriptionFor('shared-laptop');
    // The second family signs in on the same browser and turns push on: it is theirs now.
    expect((await subscribe(second, 'shared-laptop')).pushDevices).toBe(1);
    expect((await settingsOf(first)).pushDevices).toBe(0);
    // The first can no longer remove it: the same 204, and the second keeps it.
    const attempt = await call(first, 'DELETE', '/api/me/push-subscriptions', { endpoint });
    expect(attempt.statusCode).toBe(204);
    expect((await settingsOf(second)).pushDevices).toBe(1);
  });

  it('never lets an account take another’s device by its endpoint alone: other keys are a 409', async () => {
    const owner = await createOnboardedUser(app);
    const other = await createOnboardedUser(app);
    await subscribe(owner, 'owners-phone');
    const theirs = standIn.subscriptionFor('owners-phone');
    const mine = standIn.subscriptionFor('someone-else');
    const attempt = await call(other, 'PUT', '/api/me/push-subscriptions', {
      endpoint: theirs.endpoint,
      keys: mine.keys,
    });
    expect(attempt.statusCode).toBe(409);
    expect(attempt.json().message).toMatch(/belongs to another account/);
    expect((await settingsOf(owner)).pushDevices).toBe(1);
    expect((await settingsOf(other)).pushDevices).toBe(0);
  });

  it('refuses endpoints that are not an https push service and keys no browser gives, with a 400', async () => {
    const user = await createOnboardedUser(app);
    const good = standIn.subscriptionFor('checked');
    const wrong = [
      { ...good, endpoint: 'http://push.example.com/send/1' },
      { ...good, endpoint: 'https://127.0.0.1/send/1' },
      { ...good, endpoint: 'https://10.0.0.8/send/1' },
      { ...good, endpoint: 'https://localhost:8443/send/1' },
      { ...good, endpoint: 'not a url at all' },
      { ...good, keys: { ...good.keys, p256dh: 'AAAA' } },
      { ...good, keys: { ...good.keys, auth: 'short' } },
      { ...good, timeZone: 'Nowhere/Else' },
      { endpoint: good.endpoint },
    ];
    for (const payload of wrong) {
      const response = await call(user, 'PUT', '/api/me/push-subscriptions', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(typeof response.json().message).toBe('string');
    }
    expect((await settingsOf(user)).pushDevices).toBe(0);
    // A public push service's https address is taken.
    const accepted = await call(user, 'PUT', '/api/me/push-subscriptions', {
      ...good,
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc123',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it('answers 409 before the caller has a profile, and 204 to a delete of nothing', async () => {
    const newcomer = await createEmulatorUser();
    const put = await call(newcomer, 'PUT', '/api/me/push-subscriptions', {
      ...standIn.subscriptionFor('newcomer'),
    });
    expect(put.statusCode).toBe(409);
    const del = await call(newcomer, 'DELETE', '/api/me/push-subscriptions', {
      endpoint: standIn.subscriptionFor('newcomer').endpoint,
    });
    expect(del.statusCode).toBe(204);
  });
});

describe('GET /api/config', () => {
  it('gives the browser the VAPID public key the app signs with', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/config' });
    const { push } = response.json();
    expectInContract(push, PushConfig, 'GET /api/config push');
    expect(push.vapidPublicKey).toBe(app.config.push.vapidKeys?.publicKey);
  });
});
