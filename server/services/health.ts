import type { Database } from '../db/client.ts';
import { selectOne } from '../stores/health.ts';

/**
 * Whether the database answers a query now: resolves when it does, rejects with the driver's
 * error when it does not (GET /api/health turns that into 503).
 */
export async function pingDatabase(db: Database): Promise<void> {
  await selectOne(db);
}
