/**
 * Vitest globalSetup of the `api` project: one in-memory PGlite, created and migrated once per
 * run, saved as a data-directory snapshot that openTestDatabase loads for every test database.
 * Creating a PGlite (initdb, the search extensions) costs about 4 s of CPU; loading the snapshot
 * about 1 s, and the migrations then find nothing to do. Each database is still a private copy:
 * no state is shared between test files. On a real PostgreSQL (DATABASE_URL) there is no
 * snapshot; each file creates its own database as before.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The snapshot file's path, or null when the tests run on PostgreSQL. */
    pgliteSnapshot: string | null;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.DATABASE_URL?.trim()) {
    project.provide('pgliteSnapshot', null);
    return async () => undefined;
  }
  const dir = await mkdtemp(join(tmpdir(), 'famjam-pglite-snapshot-'));
  const path = join(dir, 'migrated.tar');
  const handle = await openDatabase({ kind: 'pglite', dataDir: null });
  try {
    // drizzle keeps its driver client as $client; the Database type does not spell it out.
    const client = '$client' in handle.db ? handle.db.$client : null;
    if (!(client instanceof PGlite)) throw new Error('openDatabase did not return a PGlite');
    await writeFile(path, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  } finally {
    await handle.close();
  }
  project.provide('pgliteSnapshot', path);
  return () => rm(dir, { recursive: true, force: true });
}

/** The snapshot for this run as a Blob for PGlite's loadDataDir, or undefined without one. */
export async function loadPgliteSnapshot(path: string | null): Promise<Blob | undefined> {
  return path ? new Blob([await readFile(path)]) : undefined;
}
