import type { AddressInfo } from 'node:net';
import type { SourceSummary } from '../../../contract/sources.ts';
import type { ServerConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { systemResolve } from '../../ingest/download.ts';
import { ownServer } from '../../publicOrigin.ts';
import * as store from '../../stores/sources.ts';
import { checkNewSource, DuplicateSourceError, type NewSourceInput } from './newSource.ts';
import { type RunDependencies, runSource } from './run.ts';

/**
 * What the operator screen does with the event sources (docs/sources.md); the CLI does the
 * same through the same functions and the store. Polling them is a job of the runner
 * (server/jobs/sourcePolling.ts).
 */

/** What a run needs in a server: the system's DNS, the clock, the key, and where FamJam answers. */
export function sourceRunDependencies(
  config: Pick<ServerConfig, 'host' | 'port' | 'publicUrl' | 'sources'>,
  /** The listening socket's address, asked at each run: with PORT=0 it is known only then. */
  address: () => AddressInfo | string | null,
): RunDependencies {
  return {
    resolve: systemResolve,
    now: () => new Date(),
    ticketmasterApiKey: config.sources.ticketmasterApiKey,
    ownServer: () => ownServer(config, address()),
    ...(config.sources.runLimits ? { runLimits: config.sources.runLimits } : {}),
  };
}

export function listSources(db: Database): Promise<SourceSummary[]> {
  return store.listSources(db);
}

/** Runs the source now, whatever its schedule or pause; null when there is no such source. */
export async function runSourceNow(
  db: Database,
  id: number,
  dependencies: RunDependencies,
): Promise<SourceSummary | null> {
  const row = await store.findSource(db, id);
  if (!row) return null;
  await runSource(db, row, dependencies);
  return store.sourceSummary(db, id);
}

/**
 * Pauses (false) or resumes (true, due at once, its failures forgotten); null when there is no
 * such source.
 */
export function setSourceEnabled(
  db: Database,
  id: number,
  enabled: boolean,
  now: Date = new Date(),
): Promise<SourceSummary | null> {
  return store.setSourceEnabled(db, id, enabled, now);
}

/**
 * Checks and stores a new source, due at once. Throws NewSourceError (invalid input, naming
 * the field) for input that is wrong and DuplicateSourceError (a conflict, 'duplicate_source')
 * when its kind and URL are taken (newSource.ts). The screen never
 * sets allowPrivateNetwork: that stays with the CLI (docs/sources.md).
 */
export async function addSource(
  db: Database,
  input: Omit<NewSourceInput, 'allowPrivateNetwork'>,
  now: Date = new Date(),
): Promise<SourceSummary> {
  // Spelled out, so a caller's stray allowPrivateNetwork can never get through.
  const checked = checkNewSource({ ...input, allowPrivateNetwork: false });
  const id = await insertCheckedSource(db, checked, now);
  const summary = await store.sourceSummary(db, id);
  if (!summary) throw new Error(`source #${id} vanished right after it was added`);
  return summary;
}

/** Stores a source already checked (checkNewSource); its id, or DuplicateSourceError. */
export async function insertCheckedSource(
  db: Database,
  source: store.NewSource,
  now: Date,
): Promise<number> {
  const inserted = await store.insertSource(db, source, now);
  if ('takenBy' in inserted) throw new DuplicateSourceError(source.kind, inserted.takenBy);
  return inserted.added;
}

/** Forgets the source; its events stay. False when there is no such source. */
export function removeSource(db: Database, id: number): Promise<boolean> {
  return store.removeSource(db, id);
}
