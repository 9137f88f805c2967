import { createECDH, createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type MapConfig, ownTilesMapConfig } from '../contract/maps.ts';
import { SPOTIFY_CALLBACK_PATH } from '../contract/music.ts';

/** A bad environment value. `message` is one line that names the variable and the fix. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

type DatabaseConfig = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };

interface ServiceAccount {
  projectId: string;
  clientEmail: string;
  privateKey: string;
}

/**
 * Emulator mode: the embedded default. firebase-admin then accepts unsigned tokens, which is why
 * the server refuses a non-loopback HOST unless FAMJAM_EMULATOR_ON_NETWORK=i-understand.
 */
export interface EmulatorFirebaseConfig {
  mode: 'emulator';
  projectId: string;
  apiKey: string;
  authDomain: string;
  /** "127.0.0.1:9099", as FIREBASE_AUTH_EMULATOR_HOST gives it. */
  emulatorHost: string;
}

interface ProjectFirebaseConfig {
  mode: 'project';
  projectId: string;
  apiKey: string;
  authDomain: string;
  appId: string | null;
  serviceAccount: ServiceAccount;
}

export type FirebaseConfig = EmulatorFirebaseConfig | ProjectFirebaseConfig;

export interface ServerConfig {
  port: number;
  host: string;
  database: DatabaseConfig;
  /** Absolute; PGlite and the emulator export live under it. */
  dataDir: string;
  /** Absolute; the built client (index.html + assets/). */
  staticDir: string;
  /**
   * FAMJAM_PUBLIC_URL, the origin people open FamJam at (no trailing slash): every absolute URL
   * the server writes (calendar feed, link previews, the Spotify redirect) starts with it, never
   * with the Host a request names. Null: the address the server listens on, known only once it
   * listens (PORT=0), as `app.publicOrigin()` gives it.
   */
  publicUrl: string | null;
  /**
   * FAMJAM_SERVE_SOURCE_MAPS: serve the build's `.map` files. Off, they answer 404: they hold
   * the original source and build paths, which visitors need not see.
   */
  serveSourceMaps: boolean;
  firebase: FirebaseConfig;
  legal: { company: string; supportEmail: string };
  /** Requests per minute per IP for reads; writes get a fifth of it. */
  rateLimitPerMinute: number;
  /**
   * FAMJAM_RATE_LIMIT_STORE: where the rate limit counts. 'redis' (the default when
   * FAMJAM_REDIS_URL is set) counts in Valkey/Redis; 'database' (the default with PostgreSQL)
   * shares the counts through the database, batched per process (server/stores/rateLimits.ts);
   * both are shared by every API process. 'memory' (the default with the embedded PGlite, which
   * only one process can open) counts per process.
   */
  rateLimitStore: 'database' | 'memory' | 'redis';
  /**
   * FAMJAM_REDIS_URL: a Valkey/Redis server (redis://, rediss:// for TLS) for the rate limit's
   * counts; null when not set. Only FAMJAM_REDIS_URL, not a platform's REDIS_URL: a Redis that
   * happens to be attached for something else does not silently take over the counts.
   */
  redisUrl: string | null;
  /** Fastify's trustProxy: behind a reverse proxy, client IPs (for rate limits) come from it. */
  trustProxy: boolean | number | string;
  logLevel: LogLevel;
  /** Google AdSense, when the deployer configured it; null shows no ad slot and loads no ad code. */
  ads: AdsConfig | null;
  /** The music services onboarding can connect; each null when its credentials are not set. */
  music: MusicConfig;
  /**
   * FAMJAM_OPERATOR_EMAILS: the accounts that may review suggestions and run sources, besides
   * those carrying the Firebase custom claim `operator: true` (docs/sources.md). Lower-cased;
   * an email counts only once Firebase says it is verified.
   */
  operatorEmails: readonly string[];
  sources: SourcesConfig;
  /** The map's tiles and their credit (parseMap). */
  map: MapConfig;
  /** How the weekly email leaves (docs/outreach.md, 'Weekly email'). */
  email: EmailConfig;
  /** Web Push (parsePush, docs/outreach.md#push). */
  push: PushServerConfig;
}

/**
 * FAMJAM_SMTP_URL and FAMJAM_EMAIL_FROM. Without an SMTP server (the embedded default) every
 * email is written as an .eml file to `outboxDir`, so a newcomer can open what would be sent.
 */
export interface EmailConfig {
  smtp: SmtpConfig | null;
  from: { name: string; address: string };
  /** `<data dir>/outbox`, where emails go when no SMTP server is configured. */
  outboxDir: string;
}

/** FAMJAM_SMTP_URL read apart: the password never appears in a message or a log. */
export interface SmtpConfig {
  host: string;
  port: number;
  /** smtps:// (TLS from the first byte, port 465); smtp:// upgrades with STARTTLS when offered. */
  secure: boolean;
  user: string | null;
  password: string | null;
}

/** A VAPID key pair (P-256), each half base64url as web-push and the browser use them. */
export interface VapidKeyPair {
  /** The uncompressed public point, 65 bytes: what `/api/config` gives the browser. */
  publicKey: string;
  /** The private scalar, 32 bytes: signs the push service's JWT, never leaves the server. */
  privateKey: string;
}

/** How FamJam signs and addresses its pushes (docs/outreach.md#push). */
export interface PushServerConfig {
  /**
   * FAMJAM_VAPID_PUBLIC_KEY and FAMJAM_VAPID_PRIVATE_KEY. Null when neither is set: buildApp
   * then reads (or makes, once) the pair kept in the data directory
   * (server/services/outreach/pushKeys.ts), so every device stays subscribed across restarts.
   */
  vapidKeys: VapidKeyPair | null;
  /**
   * FAMJAM_VAPID_SUBJECT: how the push services reach the deployer (a mailto: or https: URL);
   * a mailto: of FAMJAM_SUPPORT_EMAIL unless set.
   */
  subject: string;
  /**
   * FAMJAM_PUSH_PRIVATE_ORIGINS: push services FamJam may reach on a private network or over
   * plain http (comma-separated origins), e.g. a self-hosted push server on the LAN, or the
   * tests' stand-in on loopback. Every other endpoint must be https on a public address.
   */
  privateOrigins: readonly string[];
  /**
   * FAMJAM_PUSH_POLL_SECONDS: how often the push job looks for what is due (60 by default; the
   * e2e stack shortens it); 0 turns sending off.
   */
  pollSeconds: number;
}

/** The event sources FamJam polls by itself (docs/sources.md). */
export interface SourcesConfig {
  /** FAMJAM_SOURCES_POLL_SECONDS: how often the server looks for due sources; 0 turns polling off. */
  pollSeconds: number;
  /** TICKETMASTER_API_KEY: needed by Ticketmaster sources only; null when unset. */
  ticketmasterApiKey: string | null;
  /**
   * FAMJAM_SOURCES_RUN_MAX_EVENTS and FAMJAM_SOURCES_RUN_MAX_SECONDS: how many events one run
   * of a source may add or change, and how long it may read and write; a run that reaches
   * either stops there and the next poll goes on with the rest (docs/sources.md). Always set
   * by loadConfig; a configuration written out by hand (a test's) may leave it to the defaults.
   */
  runLimits?: SourceRunLimits;
}

export interface SourceRunLimits {
  maxEvents: number;
  maxSeconds: number;
}

/**
 * Enough for any one venue's or library's feed in one run, and a bound on how long a run holds
 * its source's lease (15 minutes, server/stores/sources.ts) and the poller.
 */
export const defaultSourceRunLimits: SourceRunLimits = { maxEvents: 5000, maxSeconds: 120 };

export interface SpotifyConfig {
  clientId: string;
  /** Sent only to the accounts service's token endpoint; never to the browser, never logged. */
  clientSecret: string;
  /** The accounts service (authorize page, token endpoint), without a trailing slash. */
  accountsUrl: string;
  /** The Web API, without a trailing slash. */
  apiUrl: string;
  /** The registered redirect URI; null: the public origin (publicUrl) + SPOTIFY_CALLBACK_PATH. */
  redirectUri: string | null;
}

export interface AppleMusicConfig {
  teamId: string;
  keyId: string;
  /** PKCS#8 PEM of the ES256 MusicKit key; signs developer tokens, never leaves the server. */
  privateKeyPem: string;
  /** The Apple Music API, without a trailing slash. */
  apiUrl: string;
  /** MusicKit JS, loaded by the browser (and allowed by the CSP). */
  scriptUrl: string;
}

interface MusicConfig {
  spotify: SpotifyConfig | null;
  appleMusic: AppleMusicConfig | null;
}

/** The AdSense publisher id and the ad unit id of the one slot (the home screen). */
export interface AdsConfig {
  client: string;
  homeSlot: string;
}

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
type LogLevel = (typeof logLevels)[number];

export const defaultEmulatorProjectId = 'demo-famjam';

/** Reads the credentials file named by GOOGLE_APPLICATION_CREDENTIALS; injectable for tests. */
type ReadTextFile = (path: string) => string;

/** Unset and blank are the same: `FOO=` in a compose file or .env means "not configured". */
function read(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

/**
 * FIREBASE_PROJECT_ID set to anything but a `demo-...` id means a real Firebase project;
 * otherwise FamJam runs against the Auth emulator. The start scripts use the same rule.
 */
export function usesRealFirebaseProject(env: NodeJS.ProcessEnv): boolean {
  const projectId = read(env, 'FIREBASE_PROJECT_ID');
  return projectId !== undefined && !projectId.startsWith('demo-');
}

function quoted(value: string): string {
  return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
}

function parsePort(raw: string | undefined): number {
  if (raw === undefined) return 8080;
  // Port 0 asks the OS for a free port (tests, e2e); the printed URL shows the real one.
  if (!/^\d{1,5}$/.test(raw) || Number(raw) > 65535) {
    throw new ConfigError(`PORT must be a whole number from 0 to 65535 (got ${quoted(raw)})`);
  }
  return Number(raw);
}

function parseDatabase(raw: string | undefined, dataDir: string): DatabaseConfig {
  if (raw === undefined) return { kind: 'pglite', dataDir: join(dataDir, 'pglite') };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    // The value may hold a password, so it is not echoed.
    throw new ConfigError(
      'DATABASE_URL is not a valid URL; expected postgres://user:password@host:5432/database',
    );
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new ConfigError(
      `DATABASE_URL must start with postgres:// or postgresql:// (got ${url.protocol}//...)`,
    );
  }
  return { kind: 'postgres', url: raw };
}

function parseEmulatorHost(raw: string): string {
  const match = /^(\[[0-9a-fA-F:]+\]|[A-Za-z0-9.-]+):(\d{1,5})$/.exec(raw);
  const port = Number(match?.[2]);
  if (!match || port < 1 || port > 65535) {
    throw new ConfigError(
      `FIREBASE_AUTH_EMULATOR_HOST must be host:port, e.g. 127.0.0.1:9099 (got ${quoted(raw)})`,
    );
  }
  return raw;
}

/** Firebase project ids: 6-30 characters, lower-case letters, digits and hyphens. */
const projectIdPattern = /^[a-z][a-z0-9-]{4,28}[a-z0-9]$/;

function parseServiceAccount(text: string, source: string, projectId: string): ServiceAccount {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ConfigError(`${source} is not valid JSON; paste the whole service-account key file`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ConfigError(`${source} must be a JSON object (a service-account key file)`);
  }
  const fields = parsed as Record<string, unknown>;
  if (fields.type !== 'service_account') {
    throw new ConfigError(
      `${source} is not a service-account key (its "type" is ${JSON.stringify(fields.type ?? null)}, expected "service_account")`,
    );
  }
  const missing = ['project_id', 'client_email', 'private_key'].filter(
    (key) => typeof fields[key] !== 'string' || fields[key] === '',
  );
  if (missing.length > 0) {
    throw new ConfigError(`${source} is missing ${missing.join(', ')}`);
  }
  const account: ServiceAccount = {
    projectId: String(fields.project_id),
    clientEmail: String(fields.client_email),
    privateKey: String(fields.private_key),
  };
  if (!account.privateKey.includes('PRIVATE KEY')) {
    throw new ConfigError(`${source} has a private_key that is not a PEM private key`);
  }
  if (account.projectId !== projectId) {
    throw new ConfigError(
      `${source} belongs to project ${account.projectId} but FIREBASE_PROJECT_ID is ${projectId}`,
    );
  }
  return account;
}

/** The web config variables that only make sense with a real project. */
const projectOnlyVariables = [
  'FIREBASE_API_KEY',
  'FIREBASE_AUTH_DOMAIN',
  'FIREBASE_APP_ID',
  'FIREBASE_SERVICE_ACCOUNT',
] as const;

function parseFirebase(env: NodeJS.ProcessEnv, readTextFile: ReadTextFile): FirebaseConfig {
  const projectId = read(env, 'FIREBASE_PROJECT_ID');
  const emulatorHostRaw = read(env, 'FIREBASE_AUTH_EMULATOR_HOST');

  // `projectId === undefined` is part of the rule already; spelled out so TypeScript narrows it.
  if (projectId === undefined || !usesRealFirebaseProject(env)) {
    const stray = projectOnlyVariables.filter((name) => read(env, name) !== undefined);
    if (stray.length > 0) {
      // Half a real configuration is a mistake worth stopping for, not a silent emulator start.
      throw new ConfigError(
        `${stray.join(', ')} ${stray.length > 1 ? 'are' : 'is'} set but FIREBASE_PROJECT_ID is ${projectId === undefined ? 'not set' : `the emulator project ${projectId}`}; set FIREBASE_PROJECT_ID to your Firebase project id, or unset ${stray.join(', ')} to use the Auth emulator`,
      );
    }
    const emulatorProjectId = projectId ?? defaultEmulatorProjectId;
    if (!projectIdPattern.test(emulatorProjectId)) {
      throw new ConfigError(
        `FIREBASE_PROJECT_ID must be 6-30 lower-case letters, digits or hyphens (got ${quoted(emulatorProjectId)})`,
      );
    }
    if (emulatorHostRaw === undefined) {
      throw new ConfigError(
        'FIREBASE_AUTH_EMULATOR_HOST is not set: start FamJam with `npm start` (it runs the Auth emulator), or configure a real Firebase project (FIREBASE_PROJECT_ID, FIREBASE_API_KEY, FIREBASE_AUTH_DOMAIN, FIREBASE_SERVICE_ACCOUNT; see docs/configuration.md)',
      );
    }
    return {
      mode: 'emulator',
      projectId: emulatorProjectId,
      // The emulator accepts any key; the client SDK only needs a non-empty one.
      apiKey: 'demo-api-key',
      authDomain: `${emulatorProjectId}.firebaseapp.com`,
      emulatorHost: parseEmulatorHost(emulatorHostRaw),
    };
  }

  if (!projectIdPattern.test(projectId)) {
    throw new ConfigError(
      `FIREBASE_PROJECT_ID must be 6-30 lower-case letters, digits or hyphens (got ${quoted(projectId)})`,
    );
  }
  if (emulatorHostRaw !== undefined) {
    throw new ConfigError(
      `FIREBASE_AUTH_EMULATOR_HOST is set while the real Firebase project ${projectId} is configured; firebase-admin would then accept unsigned tokens, so FamJam refuses to start. Unset FIREBASE_AUTH_EMULATOR_HOST, or unset FIREBASE_PROJECT_ID to use the emulator`,
    );
  }
  const apiKey = read(env, 'FIREBASE_API_KEY');
  const authDomain = read(env, 'FIREBASE_AUTH_DOMAIN');
  const serviceAccountJson = read(env, 'FIREBASE_SERVICE_ACCOUNT');
  const credentialsPath = read(env, 'GOOGLE_APPLICATION_CREDENTIALS');
  const missing = [
    apiKey === undefined ? 'FIREBASE_API_KEY' : null,
    authDomain === undefined ? 'FIREBASE_AUTH_DOMAIN' : null,
    serviceAccountJson === undefined && credentialsPath === undefined
      ? 'FIREBASE_SERVICE_ACCOUNT (or GOOGLE_APPLICATION_CREDENTIALS)'
      : null,
  ].filter((name) => name !== null);
  if (apiKey === undefined || authDomain === undefined || missing.length > 0) {
    throw new ConfigError(
      `FIREBASE_PROJECT_ID is set to the real project ${projectId} but ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} missing; set ${missing.length > 1 ? 'them' : 'it'}, or unset FIREBASE_PROJECT_ID to use the Auth emulator`,
    );
  }
  if (/[/:\s]/.test(authDomain)) {
    throw new ConfigError(
      `FIREBASE_AUTH_DOMAIN must be a bare host name such as ${projectId}.firebaseapp.com (got ${quoted(authDomain)})`,
    );
  }

  let serviceAccount: ServiceAccount;
  if (serviceAccountJson !== undefined) {
    serviceAccount = parseServiceAccount(serviceAccountJson, 'FIREBASE_SERVICE_ACCOUNT', projectId);
  } else {
    const path = credentialsPath ?? '';
    let text: string;
    try {
      text = readTextFile(path);
    } catch (error) {
      const reason = error instanceof Error && 'code' in error ? String(error.code) : 'unreadable';
      throw new ConfigError(
        `GOOGLE_APPLICATION_CREDENTIALS file ${path} cannot be read (${reason})`,
      );
    }
    serviceAccount = parseServiceAccount(
      text,
      `GOOGLE_APPLICATION_CREDENTIALS (${path})`,
      projectId,
    );
  }

  return {
    mode: 'project',
    projectId,
    apiKey,
    authDomain,
    appId: read(env, 'FIREBASE_APP_ID') ?? null,
    serviceAccount,
  };
}

/** An http(s) origin such as https://famjam.example:8443, given with or without a final '/'. */
function parsePublicUrl(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  const url = URL.canParse(raw) ? new URL(raw) : null;
  if (
    url === null ||
    (url.protocol !== 'https:' && url.protocol !== 'http:') ||
    url.pathname !== '/' ||
    // URL keeps a lone '?' or '#' out of search and hash; the raw text must not have them either.
    /[?#]/.test(raw) ||
    url.username !== '' ||
    url.password !== ''
  ) {
    throw new ConfigError(
      `FAMJAM_PUBLIC_URL must be the http(s) origin people open FamJam at, such as https://famjam.example, without a path, query or user name (got ${quoted(raw)})`,
    );
  }
  return url.origin;
}

function parseServeSourceMaps(raw: string | undefined): boolean {
  if (raw === undefined || raw === '0' || raw === 'false') return false;
  if (raw === '1' || raw === 'true') return true;
  throw new ConfigError(
    `FAMJAM_SERVE_SOURCE_MAPS must be 1 (serve the build's .map files) or 0 (answer 404 for them) (got ${quoted(raw)})`,
  );
}

/** Deliberately loose: the address is only displayed; a typo like a missing @ is still caught. */
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function parseRateLimit(raw: string | undefined): number {
  if (raw === undefined) return 300;
  if (!/^\d{1,7}$/.test(raw) || Number(raw) < 5) {
    throw new ConfigError(
      `FAMJAM_RATE_LIMIT must be a whole number of requests per minute, at least 5 (got ${quoted(raw)})`,
    );
  }
  return Number(raw);
}

function parseOperatorEmails(raw: string | undefined): string[] {
  if (raw === undefined) return [];
  const emails = raw
    .split(',')
    .map((email) => email.trim().toLowerCase())
    .filter((email) => email !== '');
  const wrong = emails.find((email) => !emailPattern.test(email));
  if (wrong !== undefined) {
    throw new ConfigError(
      `FAMJAM_OPERATOR_EMAILS must be email addresses separated by commas (got ${quoted(wrong)})`,
    );
  }
  return [...new Set(emails)];
}

function parseSources(env: NodeJS.ProcessEnv): SourcesConfig {
  const raw = read(env, 'FAMJAM_SOURCES_POLL_SECONDS');
  // Once a minute by default: a source's own interval (at least 5 minutes) decides how often it
  // is fetched; this only decides how soon a due one is noticed.
  let pollSeconds = 60;
  if (raw !== undefined) {
    if (!/^\d{1,6}$/.test(raw)) {
      throw new ConfigError(
        `FAMJAM_SOURCES_POLL_SECONDS must be a whole number of seconds, 0 to turn polling off (got ${quoted(raw)})`,
      );
    }
    pollSeconds = Number(raw);
  }
  return {
    pollSeconds,
    ticketmasterApiKey: read(env, 'TICKETMASTER_API_KEY') ?? null,
    runLimits: {
      maxEvents: positiveWholeNumber(
        env,
        'FAMJAM_SOURCES_RUN_MAX_EVENTS',
        defaultSourceRunLimits.maxEvents,
      ),
      maxSeconds: positiveWholeNumber(
        env,
        'FAMJAM_SOURCES_RUN_MAX_SECONDS',
        defaultSourceRunLimits.maxSeconds,
      ),
    },
  };
}

/** A whole number of at least 1 from `name`, or `fallback` when it is unset. */
function positiveWholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d{1,7}$/.test(raw) || Number(raw) < 1) {
    throw new ConfigError(`${name} must be a whole number of at least 1 (got ${quoted(raw)})`);
  }
  return Number(raw);
}

/** The bytes of a base64url text without padding (as web-push takes it), or null. */
function base64urlBytes(text: string): Buffer | null {
  return /^[A-Za-z0-9_-]+$/.test(text) ? Buffer.from(text, 'base64url') : null;
}

/** The two halves must be one P-256 pair: a mismatch would make every push fail at the service. */
function parseVapidKeys(publicKey: string, privateKey: string): VapidKeyPair {
  const publicBytes = base64urlBytes(publicKey);
  if (publicBytes === null || publicBytes.length !== 65 || publicBytes[0] !== 4) {
    throw new ConfigError(
      `FAMJAM_VAPID_PUBLIC_KEY must be a P-256 public key, 65 bytes in base64url as \`npx web-push generate-vapid-keys\` prints it (got ${quoted(publicKey)})`,
    );
  }
  const privateBytes = base64urlBytes(privateKey);
  // Not echoed: it is a private key.
  if (privateBytes === null || privateBytes.length !== 32) {
    throw new ConfigError(
      'FAMJAM_VAPID_PRIVATE_KEY must be a P-256 private key, 32 bytes in base64url as `npx web-push generate-vapid-keys` prints it',
    );
  }
  let derived: Buffer;
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(privateBytes);
    derived = ecdh.getPublicKey();
  } catch {
    throw new ConfigError('FAMJAM_VAPID_PRIVATE_KEY is not a valid P-256 private key');
  }
  if (!derived.equals(publicBytes)) {
    throw new ConfigError(
      'FAMJAM_VAPID_PUBLIC_KEY and FAMJAM_VAPID_PRIVATE_KEY are not one key pair; set both from the same `npx web-push generate-vapid-keys` output',
    );
  }
  return { publicKey, privateKey };
}

/** An http(s) origin a push service answers at, as FAMJAM_PUSH_PRIVATE_ORIGINS lists them. */
function parsePushOrigin(raw: string): string {
  const url = URL.canParse(raw) ? new URL(raw) : null;
  if (
    url === null ||
    (url.protocol !== 'https:' && url.protocol !== 'http:') ||
    url.pathname !== '/' ||
    /[?#@]/.test(raw)
  ) {
    throw new ConfigError(
      `FAMJAM_PUSH_PRIVATE_ORIGINS must be http(s) origins separated by commas, such as http://127.0.0.1:8090 (got ${quoted(raw)})`,
    );
  }
  return url.origin;
}

function parsePush(env: NodeJS.ProcessEnv, supportEmail: string): PushServerConfig {
  const publicKey = read(env, 'FAMJAM_VAPID_PUBLIC_KEY');
  const privateKey = read(env, 'FAMJAM_VAPID_PRIVATE_KEY');
  requireComplete(
    'Web Push with your own VAPID keys',
    [
      ['FAMJAM_VAPID_PUBLIC_KEY', publicKey],
      ['FAMJAM_VAPID_PRIVATE_KEY', privateKey],
    ],
    [],
    env,
  );
  const subject = read(env, 'FAMJAM_VAPID_SUBJECT') ?? `mailto:${supportEmail}`;
  const subjectUrl = URL.canParse(subject) ? new URL(subject) : null;
  if (
    subjectUrl === null ||
    !(
      (subjectUrl.protocol === 'mailto:' && emailPattern.test(subjectUrl.pathname)) ||
      (subjectUrl.protocol === 'https:' && subjectUrl.hostname !== '')
    )
  ) {
    throw new ConfigError(
      `FAMJAM_VAPID_SUBJECT must be a mailto: address or an https: URL where push services can reach you, such as mailto:support@famjam.example (got ${quoted(subject)})`,
    );
  }
  const origins = (read(env, 'FAMJAM_PUSH_PRIVATE_ORIGINS') ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '')
    .map(parsePushOrigin);
  const pollRaw = read(env, 'FAMJAM_PUSH_POLL_SECONDS');
  if (pollRaw !== undefined && !/^\d{1,5}$/.test(pollRaw)) {
    throw new ConfigError(
      `FAMJAM_PUSH_POLL_SECONDS must be a whole number of seconds, 0 to send no pushes (got ${quoted(pollRaw)})`,
    );
  }
  return {
    vapidKeys:
      publicKey === undefined || privateKey === undefined
        ? null
        : parseVapidKeys(publicKey, privateKey),
    subject,
    privateOrigins: [...new Set(origins)],
    pollSeconds: pollRaw === undefined ? 60 : Number(pollRaw),
  };
}

function parseRateLimitStore(
  raw: string | undefined,
  database: DatabaseConfig,
  redisUrl: string | null,
): ServerConfig['rateLimitStore'] {
  if (raw === undefined) {
    if (redisUrl !== null) return 'redis';
    return database.kind === 'postgres' ? 'database' : 'memory';
  }
  if (raw === 'redis' && redisUrl === null) {
    throw new ConfigError(
      'FAMJAM_RATE_LIMIT_STORE=redis needs FAMJAM_REDIS_URL, e.g. redis://127.0.0.1:6379',
    );
  }
  if (raw === 'database' || raw === 'memory' || raw === 'redis') return raw;
  throw new ConfigError(
    `FAMJAM_RATE_LIMIT_STORE must be redis (Valkey/Redis at FAMJAM_REDIS_URL), database (shared through the database) or memory (per process) (got ${quoted(raw)})`,
  );
}

function parseRedisUrl(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    // The value may hold a password, so it is not echoed.
    throw new ConfigError(
      'FAMJAM_REDIS_URL is not a valid URL; expected redis://[:password@]host:6379[/db] (rediss:// for TLS)',
    );
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') {
    throw new ConfigError(
      `FAMJAM_REDIS_URL must start with redis:// or rediss:// (got ${url.protocol}//...)`,
    );
  }
  if (url.hostname === '') {
    throw new ConfigError('FAMJAM_REDIS_URL names no host; expected redis://host:6379');
  }
  if (url.pathname !== '' && url.pathname !== '/' && !/^\/\d{1,2}$/.test(url.pathname)) {
    throw new ConfigError(
      'FAMJAM_REDIS_URL may end only in a database number (redis://host:6379/0)',
    );
  }
  return raw;
}

function parseTrustProxy(raw: string | undefined): boolean | number | string {
  if (raw === undefined || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d{1,2}$/.test(raw)) return Number(raw);
  if (/^[0-9a-fA-F:.,/\s]+$/.test(raw)) return raw;
  throw new ConfigError(
    `FAMJAM_TRUST_PROXY must be true, false, a number of proxy hops, or comma-separated proxy addresses (got ${quoted(raw)})`,
  );
}

/**
 * A listen address only this machine can reach. Host names other than localhost are not
 * resolved here, so they count as network addresses.
 */
export function isLoopback(host: string): boolean {
  return host.toLowerCase() === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** The value that lets an emulator-mode server listen beyond loopback; it names the risk. */
const emulatorOnNetworkOptIn = 'i-understand';

function parseHost(env: NodeJS.ProcessEnv, firebase: FirebaseConfig): string {
  const optIn = read(env, 'FAMJAM_EMULATOR_ON_NETWORK');
  if (optIn !== undefined && optIn !== emulatorOnNetworkOptIn) {
    throw new ConfigError(
      `FAMJAM_EMULATOR_ON_NETWORK must be exactly ${emulatorOnNetworkOptIn}, or unset (got ${quoted(optIn)})`,
    );
  }
  const host = read(env, 'HOST');
  if (firebase.mode === 'project') return host ?? '0.0.0.0';
  // Emulator tokens are unsigned: whoever reaches the port can claim to be any user, so only
  // this machine may reach an emulator-mode server unless the deployer names that risk.
  if (host === undefined) return '127.0.0.1';
  if (!isLoopback(host) && optIn === undefined) {
    throw new ConfigError(
      `HOST=${host} is not a loopback address, and in emulator mode the server trusts unsigned sign-in tokens, so anyone who can reach it could act as any user; unset HOST to listen on 127.0.0.1, or set FAMJAM_EMULATOR_ON_NETWORK=${emulatorOnNetworkOptIn} to accept that`,
    );
  }
  return host;
}

function parseLogLevel(raw: string | undefined): LogLevel {
  if (raw === undefined) return 'warn';
  const level = logLevels.find((candidate) => candidate === raw.toLowerCase());
  if (level === undefined) {
    throw new ConfigError(`LOG_LEVEL must be one of ${logLevels.join(', ')} (got ${quoted(raw)})`);
  }
  return level;
}

function parseAds(env: NodeJS.ProcessEnv): AdsConfig | null {
  const client = read(env, 'FAMJAM_ADS_CLIENT');
  const homeSlot = read(env, 'FAMJAM_ADS_HOME_SLOT');
  if (client === undefined && homeSlot === undefined) return null;
  // Half a configuration would show an empty reserved box or load ad code for no slot.
  if (client === undefined || homeSlot === undefined) {
    const [set, unset] =
      client === undefined
        ? ['FAMJAM_ADS_HOME_SLOT', 'FAMJAM_ADS_CLIENT']
        : ['FAMJAM_ADS_CLIENT', 'FAMJAM_ADS_HOME_SLOT'];
    throw new ConfigError(`${set} is set but ${unset} is not; set both to show ads, or neither`);
  }
  // Both go into the ad script's URL and the page's markup, so only their exact shapes pass.
  if (!/^ca-pub-\d{16}$/.test(client)) {
    throw new ConfigError(
      `FAMJAM_ADS_CLIENT must be an AdSense publisher id: ca-pub- and 16 digits (got ${quoted(client)})`,
    );
  }
  if (!/^\d{1,20}$/.test(homeSlot)) {
    throw new ConfigError(
      `FAMJAM_ADS_HOME_SLOT must be an AdSense ad unit id: digits only (got ${quoted(homeSlot)})`,
    );
  }
  return { client, homeSlot };
}

/**
 * FAMJAM_MAP_TILES (and FAMJAM_MAP_TILES_DARK), FAMJAM_MAP_ATTRIBUTION, FAMJAM_MAP_MAX_ZOOM: a
 * raster tile provider's XYZ template. Unset: the tiles FamJam draws itself, which work offline.
 * A provider's template must be https (or http on loopback, for a tile server beside FamJam), hold
 * {z}, {x} and {y}, and come with the attribution its terms ask for (docs/maps.md).
 */
function parseMap(env: NodeJS.ProcessEnv): MapConfig {
  const light = read(env, 'FAMJAM_MAP_TILES');
  const dark = read(env, 'FAMJAM_MAP_TILES_DARK');
  const attribution = read(env, 'FAMJAM_MAP_ATTRIBUTION');
  const maxZoom = read(env, 'FAMJAM_MAP_MAX_ZOOM');
  if (light === undefined) {
    if (dark !== undefined || attribution !== undefined || maxZoom !== undefined) {
      throw new ConfigError(
        'FAMJAM_MAP_TILES_DARK, FAMJAM_MAP_ATTRIBUTION and FAMJAM_MAP_MAX_ZOOM go with FAMJAM_MAP_TILES; set it too, or none of them',
      );
    }
    return ownTilesMapConfig;
  }
  if (attribution === undefined) {
    throw new ConfigError(
      "FAMJAM_MAP_TILES is set but FAMJAM_MAP_ATTRIBUTION is not; a tile provider's terms ask for its credit on the map",
    );
  }
  const zoom = maxZoom === undefined ? 19 : Number(maxZoom);
  if (!Number.isInteger(zoom) || zoom < 1 || zoom > 22) {
    throw new ConfigError(
      `FAMJAM_MAP_MAX_ZOOM must be a whole number from 1 to 22 (got ${quoted(maxZoom ?? '')})`,
    );
  }
  return {
    tiles: {
      light: parseTileTemplate('FAMJAM_MAP_TILES', light),
      dark: parseTileTemplate('FAMJAM_MAP_TILES_DARK', dark ?? light),
    },
    attribution,
    maxZoom: zoom,
  };
}

function parseTileTemplate(name: string, template: string): string {
  let url: URL;
  try {
    url = new URL(template.replaceAll(/\{[a-z]\}/g, '0'));
  } catch {
    throw new ConfigError(`${name} must be a tile URL template (got ${quoted(template)})`);
  }
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    throw new ConfigError(`${name} must be an https URL (got ${quoted(template)})`);
  }
  if (!['{z}', '{x}', '{y}'].every((part) => template.includes(part))) {
    throw new ConfigError(`${name} must hold {z}, {x} and {y} (got ${quoted(template)})`);
  }
  return template;
}

/** An http(s) URL without query or fragment, returned without its trailing slash. */
function parseBaseUrl(name: string, raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an http(s) URL (got ${quoted(raw)})`);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.search || url.hash) {
    throw new ConfigError(
      `${name} must be an http(s) URL without query or fragment (got ${quoted(raw)})`,
    );
  }
  return url.href.replace(/\/+$/, '');
}

/** Half a set is a mistake worth stopping for, never a silently disabled service. */
function requireComplete(
  service: string,
  required: readonly (readonly [string, string | undefined])[],
  optional: readonly string[],
  env: NodeJS.ProcessEnv,
): void {
  const missing = required.filter(([, value]) => value === undefined).map(([name]) => name);
  if (missing.length === 0) return;
  const set = [
    ...required.filter(([, value]) => value !== undefined).map(([name]) => name),
    ...optional.filter((name) => read(env, name) !== undefined),
  ];
  if (set.length === 0) return;
  throw new ConfigError(
    `${set.join(', ')} ${set.length > 1 ? 'are' : 'is'} set but ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} not; set all of them to connect ${service}, or none`,
  );
}

const spotifyOptionalVariables = [
  'FAMJAM_SPOTIFY_ACCOUNTS_URL',
  'FAMJAM_SPOTIFY_API_URL',
  'FAMJAM_SPOTIFY_REDIRECT_URI',
] as const;

function parseSpotify(env: NodeJS.ProcessEnv): SpotifyConfig | null {
  const clientId = read(env, 'FAMJAM_SPOTIFY_CLIENT_ID');
  const clientSecret = read(env, 'FAMJAM_SPOTIFY_CLIENT_SECRET');
  requireComplete(
    'Spotify',
    [
      ['FAMJAM_SPOTIFY_CLIENT_ID', clientId],
      ['FAMJAM_SPOTIFY_CLIENT_SECRET', clientSecret],
    ],
    spotifyOptionalVariables,
    env,
  );
  if (clientId === undefined || clientSecret === undefined) return null;
  // Both go into a URL or a Basic header; Spotify's are 32 hex digits, other providers differ.
  if (!/^[A-Za-z0-9._~-]{1,200}$/.test(clientId)) {
    throw new ConfigError(
      `FAMJAM_SPOTIFY_CLIENT_ID must be the app's client id from the Spotify dashboard (got ${quoted(clientId)})`,
    );
  }
  if (!/^[\x21-\x7e]{1,500}$/.test(clientSecret)) {
    // Not echoed: it is a secret.
    throw new ConfigError('FAMJAM_SPOTIFY_CLIENT_SECRET must be printable characters, no spaces');
  }
  const redirectRaw = read(env, 'FAMJAM_SPOTIFY_REDIRECT_URI');
  let redirectUri: string | null = null;
  if (redirectRaw !== undefined) {
    const valid = URL.canParse(redirectRaw) ? new URL(redirectRaw) : null;
    if (
      valid === null ||
      (valid.protocol !== 'https:' && valid.protocol !== 'http:') ||
      valid.pathname !== SPOTIFY_CALLBACK_PATH ||
      valid.search ||
      valid.hash
    ) {
      throw new ConfigError(
        `FAMJAM_SPOTIFY_REDIRECT_URI must be the app's origin followed by ${SPOTIFY_CALLBACK_PATH}, e.g. https://famjam.example${SPOTIFY_CALLBACK_PATH} (got ${quoted(redirectRaw)})`,
      );
    }
    redirectUri = valid.href;
  }
  return {
    clientId,
    clientSecret,
    accountsUrl: parseBaseUrl(
      'FAMJAM_SPOTIFY_ACCOUNTS_URL',
      read(env, 'FAMJAM_SPOTIFY_ACCOUNTS_URL') ?? 'https://accounts.spotify.com',
    ),
    apiUrl: parseBaseUrl(
      'FAMJAM_SPOTIFY_API_URL',
      read(env, 'FAMJAM_SPOTIFY_API_URL') ?? 'https://api.spotify.com',
    ),
    redirectUri,
  };
}

const appleOptionalVariables = [
  'FAMJAM_APPLE_MUSIC_API_URL',
  'FAMJAM_MUSICKIT_SCRIPT_URL',
] as const;

/** The key's PEM, checked to be an ES256 (P-256) private key so a bad paste fails at start. */
function parseApplePrivateKey(pem: string, source: string): string {
  let curve: string | undefined;
  try {
    const key = createPrivateKey({ key: pem, format: 'pem' });
    curve = key.asymmetricKeyType === 'ec' ? key.asymmetricKeyDetails?.namedCurve : undefined;
  } catch {
    // Not echoed: it is a private key.
    throw new ConfigError(
      `${source} is not a PEM private key; paste the whole AuthKey_<key id>.p8 file from Apple (BEGIN/END lines included)`,
    );
  }
  if (curve !== 'prime256v1') {
    throw new ConfigError(
      `${source} is not an ES256 (P-256) key; use the MusicKit key (.p8) from Apple`,
    );
  }
  return pem;
}

function parseAppleMusic(
  env: NodeJS.ProcessEnv,
  readTextFile: ReadTextFile,
): AppleMusicConfig | null {
  const teamId = read(env, 'FAMJAM_APPLE_MUSIC_TEAM_ID');
  const keyId = read(env, 'FAMJAM_APPLE_MUSIC_KEY_ID');
  const keyText = read(env, 'FAMJAM_APPLE_MUSIC_PRIVATE_KEY');
  const keyFile = read(env, 'FAMJAM_APPLE_MUSIC_PRIVATE_KEY_FILE');
  if (keyText !== undefined && keyFile !== undefined) {
    throw new ConfigError(
      'FAMJAM_APPLE_MUSIC_PRIVATE_KEY and FAMJAM_APPLE_MUSIC_PRIVATE_KEY_FILE are both set; set one of them',
    );
  }
  requireComplete(
    'Apple Music',
    [
      ['FAMJAM_APPLE_MUSIC_TEAM_ID', teamId],
      ['FAMJAM_APPLE_MUSIC_KEY_ID', keyId],
      [
        keyFile === undefined
          ? 'FAMJAM_APPLE_MUSIC_PRIVATE_KEY (or FAMJAM_APPLE_MUSIC_PRIVATE_KEY_FILE)'
          : 'FAMJAM_APPLE_MUSIC_PRIVATE_KEY_FILE',
        keyText ?? keyFile,
      ],
    ],
    appleOptionalVariables,
    env,
  );
  if (teamId === undefined || keyId === undefined) return null;
  // Apple's team and key ids are 10 upper-case letters and digits; they go into the JWT header.
  for (const [name, value] of [
    ['FAMJAM_APPLE_MUSIC_TEAM_ID', teamId],
    ['FAMJAM_APPLE_MUSIC_KEY_ID', keyId],
  ] as const) {
    if (!/^[A-Z0-9]{10}$/.test(value)) {
      throw new ConfigError(
        `${name} must be 10 upper-case letters or digits, as Apple's developer account shows it (got ${quoted(value)})`,
      );
    }
  }
  let privateKeyPem: string;
  if (keyText !== undefined) {
    // A one-line .env value carries the PEM's line breaks as literal \n.
    privateKeyPem = parseApplePrivateKey(
      keyText.replaceAll('\\n', '\n'),
      'FAMJAM_APPLE_MUSIC_PRIVATE_KEY',
    );
  } else {
    const path = keyFile ?? '';
    let text: string;
    try {
      text = readTextFile(path);
    } catch (error) {
      const reason = error instanceof Error && 'code' in error ? String(error.code) : 'unreadable';
      throw new ConfigError(
        `FAMJAM_APPLE_MUSIC_PRIVATE_KEY_FILE file ${path} cannot be read (${reason})`,
      );
    }
    privateKeyPem = parseApplePrivateKey(text, `FAMJAM_APPLE_MUSIC_PRIVATE_KEY_FILE (${path})`);
  }
  const scriptRaw =
    read(env, 'FAMJAM_MUSICKIT_SCRIPT_URL') ??
    'https://js-cdn.music.apple.com/musickit/v3/musickit.js';
  if (!URL.canParse(scriptRaw) || !/^https?:$/.test(new URL(scriptRaw).protocol)) {
    throw new ConfigError(
      `FAMJAM_MUSICKIT_SCRIPT_URL must be the http(s) URL of musickit.js (got ${quoted(scriptRaw)})`,
    );
  }
  return {
    teamId,
    keyId,
    privateKeyPem,
    apiUrl: parseBaseUrl(
      'FAMJAM_APPLE_MUSIC_API_URL',
      read(env, 'FAMJAM_APPLE_MUSIC_API_URL') ?? 'https://api.music.apple.com',
    ),
    scriptUrl: new URL(scriptRaw).href,
  };
}

function parseSmtpUrl(raw: string | undefined): SmtpConfig | null {
  if (raw === undefined) return null;
  const url = URL.canParse(raw) ? new URL(raw) : null;
  // Not echoed: the URL holds the SMTP password.
  const shape =
    'expected smtp://user:password@host:587 or smtps://user:password@host:465, with the user name and password percent-encoded';
  if (url === null) throw new ConfigError(`FAMJAM_SMTP_URL is not a valid URL; ${shape}`);
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw new ConfigError(
      `FAMJAM_SMTP_URL must start with smtp:// or smtps:// (got ${url.protocol}//...); ${shape}`,
    );
  }
  if (
    url.hostname === '' ||
    url.port === '0' ||
    (url.pathname !== '' && url.pathname !== '/') ||
    /[?#]/.test(raw)
  ) {
    throw new ConfigError(`FAMJAM_SMTP_URL must name a host and nothing after it; ${shape}`);
  }
  const secure = url.protocol === 'smtps:';
  const decoded = (part: string) => {
    try {
      return decodeURIComponent(part);
    } catch {
      throw new ConfigError(`FAMJAM_SMTP_URL has a badly percent-encoded user name or password`);
    }
  };
  return {
    // [::1] comes back bracketed; the socket wants the bare address.
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port === '' ? (secure ? 465 : 587) : Number(url.port),
    secure,
    user: url.username === '' ? null : decoded(url.username),
    password: url.password === '' ? null : decoded(url.password),
  };
}

/** 'FamJam <hello@famjam.example>' or a bare address; the name may be quoted. */
function parseEmailFrom(raw: string): EmailConfig['from'] {
  const named = /^\s*(?:"([^"]*)"|([^<>"]*?))\s*<([^<>\s]+)>\s*$/.exec(raw);
  const address = named ? (named[3] ?? '') : raw.trim();
  const name = named ? (named[1] ?? named[2] ?? '').trim() : '';
  if (!emailPattern.test(address)) {
    throw new ConfigError(
      `FAMJAM_EMAIL_FROM must be an address, or a name and an address such as FamJam <hello@famjam.example> (got ${quoted(raw)})`,
    );
  }
  return { name, address };
}

function parseEmail(env: NodeJS.ProcessEnv, dataDir: string, supportEmail: string): EmailConfig {
  const smtp = parseSmtpUrl(read(env, 'FAMJAM_SMTP_URL'));
  const fromRaw = read(env, 'FAMJAM_EMAIL_FROM');
  // A real server sends only as an address it accepts: guessing one would bounce every email.
  if (smtp !== null && fromRaw === undefined) {
    throw new ConfigError(
      'FAMJAM_SMTP_URL is set but FAMJAM_EMAIL_FROM is not; set it to the address emails come from, such as FamJam <hello@famjam.example>',
    );
  }
  return {
    smtp,
    from:
      fromRaw === undefined ? { name: 'FamJam', address: supportEmail } : parseEmailFrom(fromRaw),
    outboxDir: join(dataDir, 'outbox'),
  };
}

/**
 * Turns the environment into a checked configuration. Pure apart from reading the credentials
 * files GOOGLE_APPLICATION_CREDENTIALS and FAMJAM_APPLE_MUSIC_PRIVATE_KEY_FILE name
 * (injectable); every problem is a ConfigError.
 */
export function loadConfig(
  env: NodeJS.ProcessEnv,
  readTextFile: ReadTextFile = (path) => readFileSync(path, 'utf8'),
): ServerConfig {
  const firebase = parseFirebase(env, readTextFile);
  const dataDir = resolve(read(env, 'FAMJAM_DATA_DIR') ?? '.data');
  const supportEmail = read(env, 'FAMJAM_SUPPORT_EMAIL') ?? 'support@famjam.app';
  if (!emailPattern.test(supportEmail)) {
    throw new ConfigError(
      `FAMJAM_SUPPORT_EMAIL must be an email address (got ${quoted(supportEmail)})`,
    );
  }
  const database = parseDatabase(read(env, 'DATABASE_URL'), dataDir);
  const redisUrl = parseRedisUrl(read(env, 'FAMJAM_REDIS_URL'));
  return {
    port: parsePort(read(env, 'PORT')),
    host: parseHost(env, firebase),
    database,
    dataDir,
    staticDir: resolve(read(env, 'FAMJAM_STATIC_DIR') ?? join('dist', 'client')),
    publicUrl: parsePublicUrl(read(env, 'FAMJAM_PUBLIC_URL')),
    serveSourceMaps: parseServeSourceMaps(read(env, 'FAMJAM_SERVE_SOURCE_MAPS')),
    firebase,
    legal: {
      company: read(env, 'FAMJAM_COMPANY') ?? 'FamJam, Inc.',
      supportEmail,
    },
    rateLimitPerMinute: parseRateLimit(read(env, 'FAMJAM_RATE_LIMIT')),
    rateLimitStore: parseRateLimitStore(read(env, 'FAMJAM_RATE_LIMIT_STORE'), database, redisUrl),
    redisUrl,
    trustProxy: parseTrustProxy(read(env, 'FAMJAM_TRUST_PROXY')),
    // warn by default: the start command should print its URL, not a line per request.
    logLevel: parseLogLevel(read(env, 'LOG_LEVEL')),
    ads: parseAds(env),
    music: { spotify: parseSpotify(env), appleMusic: parseAppleMusic(env, readTextFile) },
    operatorEmails: parseOperatorEmails(read(env, 'FAMJAM_OPERATOR_EMAILS')),
    sources: parseSources(env),
    map: parseMap(env),
    email: parseEmail(env, dataDir, supportEmail),
    push: parsePush(env, supportEmail),
  };
}
