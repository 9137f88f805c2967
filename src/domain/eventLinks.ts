/**
 * Where an event lives in the app. `/event/{id}` is the shareable address (the server puts the
 * event's preview tags in its HTML); `/event-detail#event-{id}` is the form the saved list links
 * to (docs/product.md#spec-2-event-details: the id may come from a `#event-{id}` hash).
 */

const HASH_PREFIX = 'event-';

/** The absolute link a share sends: it opens on someone else's phone. */
export function eventShareUrl(id: string, origin: string = window.location.origin): string {
  return `${origin}/event/${encodeURIComponent(id)}`;
}

/** The hash naming an event, without its '#': 'event-seed:sf-0001'. */
export function eventHash(id: string): string {
  return `${HASH_PREFIX}${id}`;
}

/**
 * The id in a `#event-{id}` hash (with or without the '#', percent-encoded or not), or null
 * when the hash names no event.
 */
export function eventIdFromHash(hash: string): string | null {
  const text = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!text.startsWith(HASH_PREFIX)) return null;
  let id = text.slice(HASH_PREFIX.length);
  try {
    id = decodeURIComponent(id);
  } catch {
    // A stray '%' is no encoding: keep the text as typed.
  }
  return id.trim() === '' ? null : id;
}
