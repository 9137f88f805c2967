import fp from 'fastify-plugin';
import type { SourceSummary } from '../../contract/sources.ts';
import { systemResolve } from '../ingest/download.ts';
import { ownServer } from '../publicOrigin.ts';
import type { FamJamApp } from '../types.ts';
import { checkNewSource, type NewSourceInput } from './newSource.ts';
import { type RunDependencies, runDueSources, runSource } from './run.ts';
import {
  findSource,
  insertSource,
  listSources,
  removeSource,
  setSourceEnabled,
  sourceSummary,
} from './store.ts';

/**
 * What the operator screen calls (docs/sources.md). The names are shared with that screen's
 * routes: keep them.
 */
export interface SourcesController {
  list(): Promise<SourceSummary[]>;
  /** Runs the source now, whatever its schedule or pause; null when there is no such source. */
  runNow(id: number): Promise<SourceSummary | null>;
  /** Pauses (false) or resumes (true, due at once); null when there is no such source. */
  setEnabled(id: number, enabled: boolean): Promise<SourceSummary | null>;
  /**
   * Checks and stores a new source, due at once. Throws NewSourceError for input that is wrong
   * and DuplicateSourceError when its kind and URL are taken (newSource.ts). The screen never
   * sets allowPrivateNetwork: that stays with the CLI (docs/sources.md).
   */
  add(input: Omit<NewSourceInput, 'allowPrivateNetwork'>): Promise<SourceSummary>;
  /** Forgets the source; its events stay. False when there is no such source. */
  remove(id: number): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The event sources: listed, run and paused by the operator screen; polled by the server. */
    sources: SourcesController;
  }
}

interface SourcesPluginOptions {
  /** Tests replace DNS and the clock; the server uses the system's. */
  dependencies?: Partial<RunDependencies>;
}

/**
 * Decorates the app with `sources` and, unless FAMJAM_SOURCES_POLL_SECONDS is 0, polls due
 * sources from the moment the server listens until it closes (an app that never listens, a
 * CLI's or a test's, does not poll). Several processes on one
 * PostgreSQL poll side by side: each due source is claimed by one of them (store.ts).
 */
export const sourcesPlugin = fp<SourcesPluginOptions>(
  async (app: FamJamApp, options) => {
    const dependencies: RunDependencies = {
      resolve: systemResolve,
      now: () => new Date(),
      ticketmasterApiKey: app.config.sources.ticketmasterApiKey,
      ownServer: () => ownServer(app.config, app.server.address()),
      ...(app.config.sources.runLimits ? { runLimits: app.config.sources.runLimits } : {}),
      ...options.dependencies,
    };
    const controller: SourcesController = {
      list: () => listSources(app.db),
      runNow: async (id) => {
        const row = await findSource(app.db, id);
        if (!row) return null;
        await runSource(app.db, row, dependencies);
        return sourceSummary(app.db, id);
      },
      setEnabled: (id, enabled) => setSourceEnabled(app.db, id, enabled, dependencies.now()),
      add: async (input) => {
        // Spelled out, so a caller's stray allowPrivateNetwork can never get through.
        const checked = checkNewSource({ ...input, allowPrivateNetwork: false });
        const id = await insertSource(app.db, checked, dependencies.now());
        const summary = await sourceSummary(app.db, id);
        if (!summary) throw new Error(`source #${id} vanished right after it was added`);
        return summary;
      },
      remove: (id) => removeSource(app.db, id),
    };
    app.decorate('sources', controller);

    const pollSeconds = app.config.sources.pollSeconds;
    if (pollSeconds <= 0) return;
    let timer: NodeJS.Timeout | null = null;
    let inFlight: Promise<void> | null = null;
    let closing = false;
    const tick = async () => {
      try {
        const runs = await runDueSources(app.db, dependencies, () => closing);
        for (const run of runs) {
          // The source's id and figures only: a message could name a URL with a key in it.
          app.log.info(
            {
              sourceId: run.sourceId,
              outcome: run.outcome,
              added: run.counts?.added ?? 0,
              cancelled: run.counts?.cancelled ?? 0,
              // Stopped at its limits: the next poll goes on with the rest.
              capped: run.counts?.capped ?? false,
            },
            'source polled',
          );
        }
      } catch (error) {
        // Polling must never take the server down; the next tick tries again.
        app.log.error({ err: error }, 'polling sources failed');
      }
    };
    const schedule = () => {
      if (closing) return;
      timer = setTimeout(() => {
        inFlight = tick().finally(() => {
          inFlight = null;
          schedule();
        });
      }, pollSeconds * 1000);
      // The poller alone must not keep a process alive (a CLI that built the app, a test).
      timer.unref();
    };
    app.addHook('onListen', async () => {
      // Due sources are looked for once the server answers, so a start never waits for a feed,
      // and a fresh one fills up without waiting a period. On the next turn: the hook returns,
      // and the listen with it, before the first claim is even asked for.
      setImmediate(() => {
        if (closing) return;
        inFlight = tick().finally(() => {
          inFlight = null;
          schedule();
        });
      });
    });
    app.addHook('onClose', async () => {
      closing = true;
      if (timer) clearTimeout(timer);
      await inFlight;
    });
  },
  { name: 'famjam-sources' },
);
