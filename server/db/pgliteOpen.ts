import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

/** Extensions search needs (issue 3); PGlite ships them as contrib modules. */
const pgliteExtensions = { btree_gin, cube, earthdistance, pg_trgm, unaccent };

/**
 * Embedded PGlite with the search extensions, in the thread that calls this: the server's own
 * (in-memory test databases) or the database worker's (pgliteWorker.ts).
 */
export async function openPglite(options: {
  dataDir: string | null;
  loadDataDir: Blob | null;
}): Promise<PGlite> {
  // Owner only, the data dir above it included when this creates it (the seed and import
  // commands may run before the first start): it sits beside the emulator's account export.
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  return PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: pgliteExtensions,
  });
}
