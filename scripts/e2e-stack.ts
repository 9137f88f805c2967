/**
 * The stack the e2e suite runs against, started by scripts/lib/testStack.ts (for e2e/global-setup.ts and the audits) in a child process:
 * the same startStack as `npm start`, on free loopback ports, with its own Auth emulator and the
 * data dir it is given (a fresh temporary one). When ready it prints one line,
 *   FAMJAM_E2E_READY {"url":"http://127.0.0.1:PORT/","authEmulatorHost":"127.0.0.1:PORT"}
 * and runs until SIGTERM/SIGINT, or until its stdin closes (the test runner died without
 * stopping it), so a crashed run never leaves a server behind.
 */
import { existsSync } from 'node:fs';
import { chmod, mkdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../server/db/client.ts';
import { sources } from '../server/db/schema/index.ts';
import { startFeedStandIn } from '../server/test/feedStandIn.ts';
import { startMusicProviderStandIn } from '../server/test/musicProviderStandIn.ts';
import { startPushStandIn } from '../server/test/pushStandIn.ts';
import { formatReadyLine } from './lib/e2eReady.ts';
import { describeFailure, startStack } from './lib/stack.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

async function main(): Promise<void> {
  const dataDir = process.env.FAMJAM_DATA_DIR;
  if (!dataDir) throw new Error('FAMJAM_DATA_DIR must name the (temporary) data directory');
  const staticDir = process.env.FAMJAM_STATIC_DIR ?? join(repoRoot, 'dist', 'client');
  if (!existsSync(join(staticDir, 'index.html'))) {
    throw new Error(`no client build in ${staticDir}: run npm run build first`);
  }

  // Everything that could point the suite at a real project, a shared database or a real ad
  // account is dropped: the e2e stack is always the embedded default, isolated from the
  // developer's .data/, and never loads ad code.
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1' };
  for (const name of [
    'DATABASE_URL',
    'FIREBASE_PROJECT_ID',
    'FIREBASE_API_KEY',
    'FIREBASE_AUTH_DOMAIN',
    'FIREBASE_APP_ID',
    'FIREBASE_SERVICE_ACCOUNT',
    'GOOGLE_APPLICATION_CREDENTIALS',
    'FIREBASE_AUTH_EMULATOR_HOST',
    'FAMJAM_ADS_CLIENT',
    'FAMJAM_ADS_HOME_SLOT',
    'FAMJAM_SPOTIFY_CLIENT_ID',
    'FAMJAM_SPOTIFY_CLIENT_SECRET',
    'FAMJAM_SPOTIFY_ACCOUNTS_URL',
    'FAMJAM_SPOTIFY_API_URL',
    'FAMJAM_SPOTIFY_REDIRECT_URI',
    'FAMJAM_APPLE_MUSIC_TEAM_ID',
    'FAMJAM_APPLE_MUSIC_KEY_ID',
    'FAMJAM_APPLE_MUSIC_PRIVATE_KEY',
    'FAMJAM_APPLE_MUSIC_PRIVATE_KEY_FILE',
    'FAMJAM_APPLE_MUSIC_API_URL',
    'FAMJAM_MUSICKIT_SCRIPT_URL',
    // Pushes go to the loopback stand-in, emails to the data directory's outbox.
    'FAMJAM_VAPID_PUBLIC_KEY',
    'FAMJAM_VAPID_PRIVATE_KEY',
    'FAMJAM_PUSH_PRIVATE_ORIGINS',
    'FAMJAM_SMTP_URL',
    'FAMJAM_EMAIL_FROM',
    // The suite opens the stack's own address, which is what absolute URLs use by default.
    'FAMJAM_PUBLIC_URL',
  ]) {
    delete env[name];
  }
  env.FAMJAM_STATIC_DIR = staticDir;
  // Every test comes from 127.0.0.1, and each visit reloads the page three times for the
  // two-theme axe check: the production limit would turn a growing suite into 429s. The API
  // tests cover the limiter itself.
  env.FAMJAM_RATE_LIMIT = process.env.FAMJAM_E2E_RATE_LIMIT ?? '100000';

  // A signal during start-up (the runner gave up waiting) ends this process at once. The Auth
  // emulator (its own process group) then stops by itself: its keeper sees our end of its stdin
  // close (scripts/lib/authEmulator.ts).
  const exitDuringStartup = () => process.exit(1);
  process.on('SIGTERM', exitDuringStartup);
  process.on('SIGINT', exitDuringStartup);
  // Both music services run against the loopback stand-in (its test-only credentials), never a
  // real provider: the e2e suite covers the connected and the cancelled paths end to end.
  const musicProvider = await startMusicProviderStandIn();
  // It lives in this process, so any process.exit (a failed start included) ends it too.
  Object.assign(env, musicProvider.env);
  // A family calendar feed on loopback, registered as a source before the server opens the
  // embedded database (one process at a time): the server's poller imports it at start, and
  // e2e/sources.spec.ts cancels its festival there and has an operator run the source.
  const feed = await startFeedStandIn();
  // A browser's push service on loopback (the real ones are out of reach): the server pushes to
  // it, and e2e/outreach.spec.ts reads what it decrypted. The job looks every 2 s, not 60.
  const push = await startPushStandIn();
  Object.assign(env, push.env);
  env.FAMJAM_PUSH_POLL_SECONDS = '2';
  const pgliteDir = join(resolve(dataDir), 'pglite');
  // Owner-only, as the server keeps its data directory (server/privateDir.ts).
  await mkdir(pgliteDir, { recursive: true, mode: 0o700 });
  await chmod(resolve(dataDir), 0o700);
  const database = await openDatabase({ kind: 'pglite', dataDir: pgliteDir });
  try {
    await database.db.insert(sources).values({
      kind: 'ical',
      name: 'Stand-in family calendar',
      url: feed.feedUrl,
      defaultLocation: 'San Francisco, CA',
      defaultLatitude: 37.7749,
      defaultLongitude: -122.4194,
      defaultTimeZone: 'America/Los_Angeles',
      intervalSeconds: 6 * 60 * 60,
      allowPrivateNetwork: true,
    });
  } finally {
    await database.close();
  }
  const stack = await startStack({ env, dataDir, persistAccounts: false });
  process.off('SIGTERM', exitDuringStartup);
  process.off('SIGINT', exitDuringStartup);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    Promise.all([stack.stop(), musicProvider.close(), feed.close(), push.close()]).then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`e2e stack did not stop cleanly: ${describeFailure(error).reason}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  process.stdin.on('end', stop);
  process.stdin.resume();

  console.log(
    formatReadyLine({
      url: stack.url,
      authEmulatorHost: stack.authEmulatorHost,
      pushStandIn: push.origin,
    }),
  );
}

main().catch((error: unknown) => {
  const { reason, details } = describeFailure(error);
  console.error(`The e2e stack could not start: ${reason}`);
  if (details) console.error(details);
  process.exit(1);
});
