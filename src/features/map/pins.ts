import type { BoundingBox } from '../../../contract/boundingBox.ts';
import type { Event } from '../../../contract/events.ts';
import { shortDayLabel } from '../../domain/calendarDay.ts';
import { venueDay } from '../../domain/eventDisplay.ts';

/*
 * What the map's pins say and where the map opens: plain functions, so the words a screen
 * reader hears are tested without a map.
 */

/** '2.1 km' under ten, '14 km' beyond: the precision a family plans a trip with. */
export function distanceLabel(km: number): string {
  return km < 10 ? `${km.toFixed(1)} km` : `${Math.round(km)} km`;
}

/**
 * A pin's name: 'Puppet Parade, Sat, Dec 5, 2.1 km' (title, short date, distance where the
 * search had a place), and 'Cancelled' last for one that will not happen.
 */
export function pinLabel(
  event: Pick<Event, 'title' | 'date' | 'day' | 'timeZone' | 'distanceKm' | 'cancelled'>,
): string {
  const parts = [event.title, shortDayLabel(venueDay(event))];
  if (event.distanceKm !== null) parts.push(distanceLabel(event.distanceKm));
  if (event.cancelled) parts.push('Cancelled');
  return parts.join(', ');
}

/**
 * A cluster's name. Zooming in splits one that spans several places; one whose events share a
 * venue never splits, so it opens their list instead.
 */
export function clusterLabel(count: number, splitsByZooming: boolean): string {
  return `${count} events here, ${splitsByZooming ? 'zoom in' : 'show them'}`;
}

/** The smallest box holding every event, or null with none. */
export function resultsBounds(
  events: readonly Pick<Event, 'latitude' | 'longitude'>[],
): BoundingBox | null {
  if (events.length === 0) return null;
  let box: BoundingBox = { west: 180, south: 90, east: -180, north: -90 };
  for (const { latitude, longitude } of events) {
    box = {
      west: Math.min(box.west, longitude),
      south: Math.min(box.south, latitude),
      east: Math.max(box.east, longitude),
      north: Math.max(box.north, latitude),
    };
  }
  return box;
}

/** Every event of `ids` that is among `events`, in the list's order. */
export function eventsOf(events: readonly Event[], ids: readonly string[]): Event[] {
  return events.filter((event) => ids.includes(event.id));
}
