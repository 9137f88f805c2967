import type { Database } from '../../db/client.ts';
import { type EventPlace, eventsStartingNear } from '../../stores/sources.ts';
import { greatCircleMetersBetween } from '../distance.ts';

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

type Listing = EventPlace;

/**
 * For each of `listings` (new to this source), the event already stored that it is another
 * listing of, by the listing's id; listings with none are left out. One query for them all.
 * Events this source already lists are left out (one source lists an event once), and so is an
 * event another listing of this batch took first.
 */
export async function findSameEvents(
  db: Pick<Database, 'select'>,
  listings: readonly Listing[],
  sourceId: number,
): Promise<Map<string, string>> {
  const matches = new Map<string, string>();
  if (listings.length === 0) return matches;
  const candidates = await eventsStartingNear(
    db,
    listings.map((listing) => listing.startsAt),
    sameStartWithinMs,
    sourceId,
  );
  if (candidates.length === 0) return matches;
  const candidateTitles = new Map(
    candidates.map((candidate) => [candidate.id, normalisedTitle(candidate.title)]),
  );
  const taken = new Set<string>();
  for (const listing of listings) {
    const title = normalisedTitle(listing.title);
    const start = listing.startsAt.getTime();
    const match = candidates.find(
      (candidate) =>
        candidate.id !== listing.id &&
        !taken.has(candidate.id) &&
        Math.abs(candidate.startsAt.getTime() - start) <= sameStartWithinMs &&
        candidateTitles.get(candidate.id) === title &&
        greatCircleMetersBetween(candidate, listing) <= sameVenueWithinMeters,
    );
    if (match) {
      matches.set(listing.id, match.id);
      taken.add(match.id);
    }
  }
  return matches;
}
