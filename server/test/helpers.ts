import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Static, TSchema } from '@sinclair/typebox';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { expect } from 'vitest';
import webpush from 'web-push';
import type { StoredCategoryId } from '../../contract/categories.ts';
import type { CreateUserBody } from '../../contract/user.ts';
import { buildApp } from '../app.ts';
import { loadConfig, type ServerConfig } from '../config.ts';
import { events } from '../db/schema/index.ts';
import type { FamJamApp } from '../types.ts';
import { openTestDatabase } from './database.ts';
import { places } from './fixtureApp.ts';

/**
 * The Auth emulator the API tests run against. Missing means the tests were started without
 * the wrapper; that is an error, never a reason to skip.
 */
export function emulatorHost(): string {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST?.trim();
  if (!host) {
    throw new Error(
      'FIREBASE_AUTH_EMULATOR_HOST is not set. Run the API tests with `npm run test:api` (or `npx tsx scripts/with-auth-emulator.ts npx vitest run --project "api*"`), which starts the Firebase Auth emulator.',
    );
  }
  return host;
}

/**
 * The tests' VAPID pair, one per test process: configured, so no test app writes one to a
 * data directory (server/services/outreach/pushKeys.ts; pushKeys.test.ts covers that).
 */
const testVapidKeys = webpush.generateVAPIDKeys();

/** Emulator-mode configuration, as `npm start` would produce, plus any overrides. */
export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  const base = loadConfig({
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
    FAMJAM_VAPID_PUBLIC_KEY: testVapidKeys.publicKey,
    FAMJAM_VAPID_PRIVATE_KEY: testVapidKeys.privateKey,
    FAMJAM_DATA_DIR: join(tmpdir(), 'famjam-test-unused'),
    // A directory that never exists: the SPA fallback answers "client not built" unless a
    // test passes its own static dir.
    FAMJAM_STATIC_DIR: join(tmpdir(), `famjam-no-client-${randomUUID()}`),
  });
  return { ...base, ...overrides };
}

/**
 * The whole app on a fresh, migrated database: in-memory PGlite, or a throw-away database on the
 * server DATABASE_URL names (see openTestDatabase). `app.close()` also closes (and drops) it.
 * Use `app.inject` to call it.
 */
export async function buildTestApp(overrides: Partial<ServerConfig> = {}): Promise<FamJamApp> {
  const config = testConfig(overrides);
  const database = await openTestDatabase();
  const app = await buildApp({ config, db: database.db });
  app.addHook('onClose', async () => {
    await database.close();
  });
  return app;
}

/**
 * buildTestApp with a built client: a throw-away static dir holding an index.html, so the SPA
 * plugin registers its file routes and answers a client path with the page, as in production.
 * `app.close()` also removes the dir.
 */
export async function buildTestAppWithClient(
  overrides: Partial<ServerConfig> = {},
): Promise<FamJamApp> {
  const staticDir = await mkdtemp(join(tmpdir(), 'famjam-built-client-'));
  const removeClient = () => rm(staticDir, { recursive: true, force: true });
  try {
    await writeFile(join(staticDir, 'index.html'), '<!doctype html><title>FamJam</title>');
    const app = await buildTestApp({ ...overrides, staticDir });
    app.addHook('onClose', removeClient);
    return app;
  } catch (error) {
    await removeClient();
    throw error;
  }
}

export interface EmulatorUser {
  idToken: string;
  uid: string;
  /** Lower-case, as the emulator stores it; empty for an anonymous account. */
  email: string;
}

interface SignUpResponse {
  idToken: string;
  localId: string;
  email?: string;
}

async function callEmulator<T>(method: string, body: object): Promise<T> {
  const url = `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=demo-api-key`;
  const send = () =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  // A kept-alive socket the emulator closed just as it was reused fails with "other side
  // closed" before the request was read (seen once on a loaded machine): sent again once.
  const response = await send().catch((error: unknown) => {
    const cause =
      error instanceof Error ? (error.cause as { code?: string } | undefined) : undefined;
    if (cause?.code === 'UND_ERR_SOCKET') return send();
    throw error;
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`Auth emulator ${method} failed: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

const testPassword = 'correct-horse-battery';

/** A unique address per call, so tests never collide in the shared emulator. */
export function uniqueEmail(label = 'user'): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.com`;
}

/** Signs up through the emulator's REST API, exactly as firebase/auth does in the browser. */
export async function createEmulatorUser(email: string = uniqueEmail()): Promise<EmulatorUser> {
  const result = await callEmulator<SignUpResponse>('signUp', {
    email,
    password: testPassword,
    returnSecureToken: true,
  });
  return { idToken: result.idToken, uid: result.localId, email: result.email ?? email };
}

/** An anonymous account: a valid token that carries no email. */
export async function createAnonymousEmulatorUser(): Promise<EmulatorUser> {
  const result = await callEmulator<SignUpResponse>('signUp', { returnSecureToken: true });
  return { idToken: result.idToken, uid: result.localId, email: '' };
}

/** Deletes the account behind a token (as a user deleting their Firebase account would). */
export async function deleteEmulatorUser(idToken: string): Promise<void> {
  await callEmulator('delete', { idToken });
}

/** Moves an account to another address (frees its old one), as a user changing email would. */
export async function changeEmulatorUserEmail(
  user: EmulatorUser,
  email: string,
): Promise<EmulatorUser> {
  const result = await callEmulator<{ idToken: string; email: string }>('update', {
    idToken: user.idToken,
    email,
    returnSecureToken: true,
  });
  return { idToken: result.idToken, uid: user.uid, email: result.email };
}

/** A profile body for `user`, as onboarding would post it. */
export function profileBody(
  user: Pick<EmulatorUser, 'email'>,
  overrides: Partial<CreateUserBody> = {},
): CreateUserBody {
  return {
    email: user.email,
    name: 'Sam Parent',
    familySituation: 'young_kids',
    musicPreferences: [],
    location: 'San Francisco, CA',
    ...overrides,
  };
}

/** An emulator account that has finished onboarding: its FamJam profile is created. */
export async function createOnboardedUser(
  app: FamJamApp,
  overrides: Partial<CreateUserBody> = {},
  email: string = uniqueEmail('onboarded'),
): Promise<EmulatorUser> {
  const user = await createEmulatorUser(email);
  const response = await app.inject({
    method: 'POST',
    url: '/api/users',
    headers: bearer(user),
    payload: profileBody(user, overrides),
  });
  expect(response.statusCode, response.body).toBe(201);
  return user;
}

export function bearer(user: Pick<EmulatorUser, 'idToken'>): { authorization: string } {
  return { authorization: `Bearer ${user.idToken}` };
}

interface JsonAnswer<T> {
  status: number;
  body: T;
}

/**
 * GET through `app.inject`, body parsed as JSON. Given the route's `contract` (its response
 * schema from contract/), a 200 body must match it: Fastify's serialiser only shapes what a
 * route returns and would let a wrong type or a missing field through to the client.
 */
export async function getJson<T>(app: FamJamApp, url: string): Promise<JsonAnswer<T>>;
export async function getJson<S extends TSchema>(
  app: FamJamApp,
  url: string,
  contract: S,
): Promise<JsonAnswer<Static<S>>>;
export async function getJson(
  app: FamJamApp,
  url: string,
  contract?: TSchema,
): Promise<JsonAnswer<unknown>> {
  const response = await app.inject({ method: 'GET', url });
  const body: unknown = response.json();
  if (contract && response.statusCode === 200) expectInContract(body, contract, `GET ${url}`);
  return { status: response.statusCode, body };
}

/** GET answered 200 with a body that matches the route's contract (see getJson). */
export async function getOk<S extends TSchema>(
  app: FamJamApp,
  url: string,
  contract: S,
): Promise<Static<S>> {
  const response = await getJson(app, url, contract);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

/** Fails when `body` does not match the contract's schema; `request` names it in the failure. */
export function expectInContract(body: unknown, contract: TSchema, request: string): void {
  const validate = contractValidator(contract);
  const problems = validate(body)
    ? []
    : (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message}`);
  expect(problems, `${request} answered outside its contract`).toEqual([]);
}

// Plain JSON Schema validation, as Fastify validates requests (the contract's string enums
// are TypeBox Unsafe types, which TypeBox's own Value checker cannot walk).
const contractAjv = addFormats(new Ajv({ allErrors: true, strict: false }));
const contractValidators = new WeakMap<TSchema, ValidateFunction>();

function contractValidator(contract: TSchema): ValidateFunction {
  let validate = contractValidators.get(contract);
  if (!validate) {
    validate = contractAjv.compile(contract);
    contractValidators.set(contract, validate);
  }
  return validate;
}

let insertedEvents = 0;

/** What a test says about an event it adds; the rest is a plain evening in San Francisco. */
interface TestEventInput {
  title: string;
  startsAt: Date;
  category?: StoredCategoryId;
  tags?: string[];
  description?: string;
  at?: { latitude: number; longitude: number };
  timeZone?: string;
  family?: boolean;
  minAge?: number;
  /** When it was imported; the database's now() when absent. */
  createdAt?: Date;
  /** When its source cancelled it; going ahead when absent. */
  cancelledAt?: Date;
}

/** One event in the database, as an import would add it (source 'test'); returns its id. */
export async function insertTestEvent(app: FamJamApp, input: TestEventInput): Promise<string> {
  insertedEvents += 1;
  const key = `${randomUUID().slice(0, 8)}-${insertedEvents}`;
  const at = input.at ?? places.oraclePark;
  await app.db.insert(events).values({
    id: `test:${key}`,
    source: 'test',
    sourceId: key,
    title: input.title,
    description: input.description ?? '',
    venue: 'Test Hall',
    location: 'San Francisco, CA',
    startsAt: input.startsAt,
    timeZone: input.timeZone ?? 'America/Los_Angeles',
    category: input.category ?? 'music',
    tags: input.tags ?? [],
    isFamilyFriendly: input.family ?? false,
    minAge: input.minAge ?? null,
    latitude: at.latitude,
    longitude: at.longitude,
    ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    ...(input.cancelledAt ? { cancelledAt: input.cancelledAt } : {}),
  });
  return `test:${key}`;
}
