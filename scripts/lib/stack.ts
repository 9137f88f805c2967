import { join, resolve } from 'node:path';
import {
  defaultEmulatorProjectId,
  loadConfig,
  usesRealFirebaseProject,
} from '../../server/config.ts';
import { preparePrivateDir } from '../../server/privateDir.ts';
import { type RunningAuthEmulator, startAuthEmulator } from './authEmulator.ts';

/**
 * The whole FamJam stack in one process: the Auth emulator (unless a real Firebase project is
 * configured) and the Fastify server that serves the API and the built client. `npm start`,
 * `npm run dev` and the e2e global setup all start it through here, so the three run the same way.
 */
interface StackOptions {
  /** The environment the server reads (PORT, HOST, DATABASE_URL, FIREBASE_*...). */
  env: NodeJS.ProcessEnv;
  /** FAMJAM_DATA_DIR: PGlite under `pglite/`, the emulator's accounts under `auth/`. */
  dataDir: string;
  /**
   * Keep emulator accounts across restarts (import at start, export on stop). The e2e stack
   * turns it off: its data dir is thrown away, so exporting would only cost time.
   */
  persistAccounts: boolean;
}

export interface RunningStack {
  url: string;
  /** "127.0.0.1:PORT" of the emulator the server trusts, or null with a real Firebase project. */
  authEmulatorHost: string | null;
  /** True when this process started the emulator (false: a real project, or one given by env). */
  startedEmulator: boolean;
  /** The server's own notices after its URL line (e.g. that it trusts emulator tokens). */
  notices: string[];
  stop(): Promise<void>;
}

// Re-exported: the start scripts report failures through this module.
export { describeFailure } from '../../server/errorInfo.ts';

/**
 * Checks the whole configuration without starting anything, so a bad PORT or DATABASE_URL fails
 * at once instead of after a build and the emulator's startup. In emulator mode the emulator's
 * address is not known yet, so a placeholder stands in for it (the server checks the real one).
 * Throws the server's one-line ConfigError.
 */
export function checkConfiguration(env: NodeJS.ProcessEnv): void {
  const emulatorGiven = Boolean(env.FIREBASE_AUTH_EMULATOR_HOST?.trim());
  loadConfig(
    usesRealFirebaseProject(env) || emulatorGiven
      ? env
      : { ...env, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' },
  );
}

export async function startStack(options: StackOptions): Promise<RunningStack> {
  const dataDir = resolve(options.dataDir);
  const env: NodeJS.ProcessEnv = { ...options.env, FAMJAM_DATA_DIR: dataDir };
  const realProject = usesRealFirebaseProject(env);
  const givenEmulatorHost = env.FIREBASE_AUTH_EMULATOR_HOST?.trim() || undefined;

  checkConfiguration(env);
  // Before the emulator starts: it exports its accounts, plain-text passwords included, here.
  const dataDirNote = preparePrivateDir(dataDir);

  let emulator: RunningAuthEmulator | null = null;
  if (!realProject && !givenEmulatorHost) {
    emulator = await startAuthEmulator({
      projectId: env.FIREBASE_PROJECT_ID?.trim() || defaultEmulatorProjectId,
      ...(options.persistAccounts ? { dataDir: join(dataDir, 'auth') } : {}),
    });
    env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  }

  try {
    // Imported here, not at the top: the server pulls in fastify, firebase-admin and PGlite,
    // and a configuration mistake above should be reported without waiting for them to load.
    const { startServer } = await import('../../server/main.ts');
    const server = await startServer(env);
    let stopping: Promise<void> | null = null;
    return {
      url: server.url,
      authEmulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST ?? null,
      startedEmulator: emulator !== null,
      notices: [
        ...(dataDirNote ? [dataDirNote] : []),
        ...server.announcement.filter((line) => !line.includes(server.url)),
      ],
      stop() {
        // Server first, so no request is still verifying a token when the emulator goes away.
        stopping ??= (async () => {
          try {
            await server.close();
          } finally {
            await emulator?.stop();
          }
        })();
        return stopping;
      },
    };
  } catch (error) {
    await emulator?.stop().catch(() => undefined);
    throw error;
  }
}
