import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { defaultEmulatorProjectId } from '../server/config.ts';
import { type Credentials, emulatorHost, fillCredentials, newCredentials } from './fixtures.ts';

/*
 * Accounts a test prepares rather than checks: made through the Auth emulator's REST API and the
 * FamJam API, so a test about what happens after sign-in does not go through sign-up and
 * onboarding first.
 */

/** A Firebase account in the emulator (no FamJam profile yet) and its ID token. */
export async function createFirebaseAccount(
  request: APIRequestContext,
  prefix = 'family',
): Promise<Credentials & { idToken: string }> {
  const credentials = newCredentials(prefix);
  // The emulator accepts any API key.
  const response = await request.post(
    `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=e2e`,
    { data: { ...credentials, returnSecureToken: true } },
  );
  expect(response.ok(), `emulator sign-up: ${await response.text()}`).toBe(true);
  const { idToken } = (await response.json()) as { idToken?: unknown };
  if (typeof idToken !== 'string') throw new Error('the emulator returned no idToken');
  return { ...credentials, idToken };
}

/**
 * An account that has finished onboarding: a Firebase account plus its FamJam profile, created
 * with `POST /api/users` and the account's own ID token, as onboarding would.
 */
export async function createAccountWithProfile(
  request: APIRequestContext,
  prefix = 'family',
  location = 'San Francisco, CA',
): Promise<Credentials & { idToken: string }> {
  const account = await createFirebaseAccount(request, prefix);
  const created = await request.post('/api/users', {
    headers: { authorization: `Bearer ${account.idToken}` },
    data: {
      email: account.email,
      name: 'Rivera Family',
      familySituation: 'young_kids',
      musicPreferences: ['Pop'],
      location,
    },
  });
  expect(created.status(), await created.text()).toBeLessThan(300);
  return account;
}

/** The sign-in screen's Sign In mode (its default), filled and submitted. */
export async function signInThroughUi(page: Page, credentials: Credentials): Promise<void> {
  await fillCredentials(page, credentials);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** The id of one upcoming seeded event near the default location. */
export async function someEventId(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/events', {
    params: { location: 'San Francisco, CA', limit: 1 },
  });
  expect(response.status()).toBe(200);
  const { events } = (await response.json()) as { events: { id: string }[] };
  const id = events[0]?.id;
  if (!id) throw new Error('the seeded stack has no upcoming event near San Francisco');
  return id;
}

/**
 * Gives the account the operator claim. Claims reach an ID token only when it is issued, so
 * this runs before the operator signs in.
 */
export async function makeOperator(request: APIRequestContext, idToken: string): Promise<void> {
  const base = `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1`;
  const lookup = await request.post(`${base}/accounts:lookup?key=e2e`, { data: { idToken } });
  expect(lookup.ok(), await lookup.text()).toBe(true);
  const { users } = (await lookup.json()) as { users: { localId: string }[] };
  const localId = users[0]?.localId;
  if (!localId) throw new Error('the emulator knows no such account');
  const update = await request.post(
    `${base}/projects/${defaultEmulatorProjectId}/accounts:update`,
    {
      headers: { authorization: 'Bearer owner' },
      data: { localId, customAttributes: JSON.stringify({ operator: true }) },
    },
  );
  expect(update.ok(), await update.text()).toBe(true);
}

/** A new ID token for the account (signing in again): one issued after a claim was set carries it. */
export async function freshIdToken(
  request: APIRequestContext,
  credentials: Credentials,
): Promise<string> {
  const response = await request.post(
    `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=e2e`,
    { data: { email: credentials.email, password: credentials.password, returnSecureToken: true } },
  );
  expect(response.ok(), `emulator sign-in: ${await response.text()}`).toBe(true);
  const { idToken } = (await response.json()) as { idToken?: unknown };
  if (typeof idToken !== 'string') throw new Error('the emulator returned no idToken');
  return idToken;
}

/** The saved list the server holds for the account of `idToken` (GET /api/me/saved). */
export async function serverSavedIds(
  request: APIRequestContext,
  idToken: string,
): Promise<string[]> {
  const response = await request.get('/api/me/saved', {
    headers: { authorization: `Bearer ${idToken}` },
  });
  if (response.status() !== 200) {
    throw new Error(`GET /api/me/saved answered ${response.status()}: ${await response.text()}`);
  }
  return ((await response.json()) as { ids: string[] }).ids;
}
