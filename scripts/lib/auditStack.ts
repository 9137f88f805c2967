/**
 * What `npm run audit`, `audit:inp` and `audit:pwa` share: the stack to measure (started as the
 * e2e suite starts it, or one already running given by --url) and a signed-in account with a
 * profile and saved events on it. Only the public API and the Auth emulator's REST API are used,
 * so the scripts work against any build of the app.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { runClientBuild } from './clientBuild.ts';
import { clientBuildNeeded } from './freshness.ts';
import { startTestStack } from './testStack.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

interface AuditedStack {
  /** The app's origin with a trailing slash. */
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * `url` given: that server, left running. Otherwise the production build (rebuilt first when
 * dist/client is missing or older than its sources, as `npm start` does) served by the e2e
 * stack: free ports, a throwaway PGlite, its own Auth emulator (scripts/lib/testStack.ts).
 */
export async function startAuditedStack(url: string | undefined): Promise<AuditedStack> {
  if (url) return { baseUrl: new URL('/', url).href, stop: async () => undefined };
  const reason = clientBuildNeeded(repoRoot);
  if (reason) {
    console.log(`Building the client (${reason})...`);
    const outcome = await runClientBuild(repoRoot);
    if (outcome !== 0) throw new Error(`the client build failed (exit ${outcome})`);
  }
  const stop = await startTestStack();
  const baseUrl = process.env.BASE_URL;
  if (!baseUrl) throw new Error('the e2e stack started but set no BASE_URL');
  return { baseUrl, stop };
}

interface AuditAccount {
  email: string;
  password: string;
  /** Upcoming seeded events near the profile's location, saved in this order. */
  savedIds: string[];
}

async function json(response: Response, what: string): Promise<unknown> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status} ${text.slice(0, 300)}`);
  return text === '' ? null : JSON.parse(text);
}

/**
 * Where the browser reaches the Auth emulator: FamJam's own origin, which passes the SDK's calls
 * on (server/plugins/authEmulatorProxy.ts). GET /api/config says whether it runs on one.
 */
async function authEmulatorUrl(baseUrl: string): Promise<string> {
  const config = (await json(await fetch(new URL('/api/config', baseUrl)), 'GET /api/config')) as {
    authEmulator?: boolean;
  };
  if (config.authEmulator !== true) {
    throw new Error(
      'the server uses a real Firebase project: the audit makes its account in the Auth emulator',
    );
  }
  return new URL(baseUrl).origin;
}

/**
 * A new account that has finished onboarding and saved `savedCount` events: emulator sign-up,
 * `POST /api/users` (what onboarding sends), `PUT /api/me/saved` (what the saved sync sends).
 */
export async function createAuditAccount(baseUrl: string, savedCount = 3): Promise<AuditAccount> {
  const unique = `${Date.now().toString(36)}${process.pid.toString(36)}`;
  const email = `audit-${unique}@example.com`;
  const password = `Audit-${unique}`;
  const emulator = await authEmulatorUrl(baseUrl);
  // The emulator accepts any API key.
  const signUp = (await json(
    await fetch(`${emulator}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=audit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    }),
    'emulator sign-up',
  )) as { idToken?: string };
  if (!signUp.idToken) throw new Error('the Auth emulator returned no idToken');
  const headers = {
    authorization: `Bearer ${signUp.idToken}`,
    'content-type': 'application/json',
  };
  const location = 'San Francisco, CA';
  await json(
    await fetch(new URL('/api/users', baseUrl), {
      method: 'POST',
      headers,
      body: JSON.stringify({
        email,
        name: 'Audit Family',
        familySituation: 'young_kids',
        musicPreferences: ['Pop'],
        location,
      }),
    }),
    'POST /api/users',
  );
  const events = new URL('/api/events', baseUrl);
  events.searchParams.set('location', location);
  events.searchParams.set('limit', String(savedCount));
  const page = (await json(await fetch(events), 'GET /api/events')) as {
    events: { id: string }[];
  };
  const savedIds = page.events.map((event) => event.id);
  if (savedIds.length === 0) throw new Error(`the server lists no upcoming event near ${location}`);
  await json(
    await fetch(new URL('/api/me/saved', baseUrl), {
      method: 'PUT',
      headers,
      body: JSON.stringify({ ids: savedIds }),
    }),
    'PUT /api/me/saved',
  );
  return { email, password, savedIds };
}

/**
 * Signs in on the sign-in screen as a person would, so Firebase stores the session where the
 * app keeps it (IndexedDB), then waits until the app has landed on home and gone quiet (the
 * saved sync has run).
 */
export async function signInThroughUi(
  page: Page,
  baseUrl: string,
  account: AuditAccount,
): Promise<void> {
  await page.goto(new URL('/auth', baseUrl).href);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL((address) => address.pathname === '/', { timeout: 30_000 });
  await page.waitForLoadState('networkidle');
}

/** Debian's Chromium unless CHROMIUM_PATH says otherwise, as in playwright.config.ts. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Chromium flags for every audit: headless, no sandbox or GPU (containers), and nothing that
 * phones home (the machine may have no internet, and background traffic would be measured).
 */
export const chromiumFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/**
 * Waits until the service worker controls the page: its install, which precaches the app and
 * every page's frame (vite.config.ts), is done. For `npm run audit -- --repeat-visit`, whose
 * first visit leaves the worker in the profile for the audited second one.
 */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 60_000,
  });
}
