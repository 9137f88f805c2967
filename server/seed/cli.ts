import type { DatabaseHandle, DatabaseTarget } from '../db/client.ts';
import { databaseTargetFromEnv } from '../ingest/cli.ts';
import { runSeed } from './seed.ts';

/**
 * `npm run seed`: writes the seed for today into the configured database (DATABASE_URL, else
 * the embedded one under FAMJAM_DATA_DIR). Safe to repeat: rows are upserted by their stable
 * seed ids, so a later run moves the seed's dates forward instead of adding copies.
 */
interface SeedCliDependencies {
  env: NodeJS.ProcessEnv;
  now: () => Date;
  out: (line: string) => void;
  err: (line: string) => void;
  openDatabase: (target: DatabaseTarget) => Promise<DatabaseHandle>;
}

export async function runSeedCli(deps: SeedCliDependencies): Promise<number> {
  let handle: DatabaseHandle | null = null;
  try {
    handle = await deps.openDatabase(databaseTargetFromEnv(deps.env));
    const report = await runSeed(handle.db, deps.now());
    const line = (name: string, counts: typeof report.events) =>
      `${name}: added ${counts.added}, updated ${counts.updated}, unchanged ${counts.skipped}`;
    deps.out(line('events', report.events));
    deps.out(line('restaurants', report.restaurants));
    return 0;
  } catch (error) {
    deps.err(`Seeding failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await handle?.close();
  }
}
