/** The rows of a raw `db.execute` result, whichever driver answered (pg and PGlite both give `rows`). */
export function rowsOf(result: unknown): Record<string, unknown>[] {
  if (typeof result === 'object' && result !== null && 'rows' in result) {
    const { rows } = result;
    if (Array.isArray(rows)) return rows.filter((row) => typeof row === 'object' && row !== null);
  }
  throw new Error('The database answered without rows');
}
