import { and, gte, lte, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { events } from '../db/schema/events.ts';
import { eventSources } from '../db/schema/sources.ts';
import { greatCircleMetersBetween } from '../services/distance.ts';

/**
 * The same event listed by two sources (a venue's own feed and Ticketmaster) is one event. Two
 * listings are the same when their titles match once normalised, they start within ten minutes
 * of each other and their places are within 300 m (docs/sources.md).
 */

/** Feeds round starts differently (doors or show, a listing that says 7:00 for 7:05). */
export const sameStartWithinMs = 10 * 60 * 1000;
/** A venue's own coordinates and a ticket seller's differ by a building or two at most. */
export const sameVenueWithinMeters = 300;

/** Words that one listing adds and another leaves out without naming a different event. */
const fillerWords = new Set(['the', 'a', 'an', 'and']);

/**
 * Case, accents, punctuation and filler words removed: 'The Nutcracker!' and 'NUTCRACKER',
 * 'Día de los Muertos' and 'Dia de los Muertos', 'Arts & Crafts' and 'Arts and Crafts' match.
 */
export function normalisedTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .split(' ')
    .filter((word) => word !== '' && !fillerWords.has(word))
    .join(' ');
}

interface Listing {
  id: string;
  title: string;
  startsAt: Date;
  latitude: number;
  longitude: number;
}

/**
 * An event already stored that `listing` is another listing of, or null. Events this source
 * already lists are left out: one source lists an event once.
 */
export async function findSameEvent(
  db: Pick<Database, 'select'>,
  listing: Listing,
  sourceId: number,
): Promise<string | null> {
  const start = listing.startsAt.getTime();
  const candidates = await db
    .select({
      id: events.id,
      title: events.title,
      latitude: events.latitude,
      longitude: events.longitude,
    })
    .from(events)
    .where(
      and(
        gte(events.startsAt, new Date(start - sameStartWithinMs)),
        lte(events.startsAt, new Date(start + sameStartWithinMs)),
        notInArray(
          events.id,
          db
            .select({ id: eventSources.eventId })
            .from(eventSources)
            .where(sql`${eventSources.sourceId} = ${sourceId}`),
        ),
      ),
    );
  const title = normalisedTitle(listing.title);
  const match = candidates.find(
    (candidate) =>
      candidate.id !== listing.id &&
      normalisedTitle(candidate.title) === title &&
      greatCircleMetersBetween(candidate, listing) <= sameVenueWithinMeters,
  );
  return match?.id ?? null;
}
