/**
 * How many events a saved list holds. Plain code without TypeBox, so the client imports it
 * without the schema library: the heart says the list is full at this many, the device keeps no
 * more, and the API refuses a longer list (contract/events.ts).
 */
export const MAX_SAVED_IDS = 200;

/** A list with no repeats, cut to the newest MAX_SAVED_IDS (lists are newest first). */
export function newestSaved(ids: readonly string[]): string[] {
  return [...new Set(ids)].slice(0, MAX_SAVED_IDS);
}
