import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';

/** The cheapest round trip: rejects when the database does not answer. */
export async function selectOne(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
