import type { BoundingBox } from '../../../contract/boundingBox.ts';
import type { Event } from '../../../contract/events.ts';
import type { DistanceUnit } from '../../../contract/radius.ts';
import { shortDayLabel } from '../../domain/calendarDay.ts';
import { distanceText, familyDistanceUnit } from '../../domain/distance.ts';
import { venueDay } from '../../domain/eventDisplay.ts';
import { i18n } from './laterMessages.ts';

/*
 * What the map's pins say and where the map opens: plain functions, so the words a screen
 * reader hears are tested without a map.
 */

/**
 * A pin's name: 'Puppet Parade, Sat, Dec 5, 2.1 km' (title, short date, distance where the
 * search had a place, in the family's unit as on the cards), and 'Cancelled' last for one that
 * will not happen.
 */
export function pinLabel(
  event: Pick<Event, 'title' | 'date' | 'day' | 'timeZone' | 'distanceKm' | 'cancelled'>,
  unit: DistanceUnit = familyDistanceUnit(),
): string {
  const parts = [event.title, shortDayLabel(venueDay(event))];
  // The cards' words for it, in the family's unit ('2.1 km', '1.3 mi').
  if (event.distanceKm !== null) parts.push(distanceText(event.distanceKm, unit));
  if (event.cancelled) parts.push(i18n.t('map.event.cancelled'));
  return parts.join(', ');
}

/**
 * A cluster's name. Zooming in splits one that spans several places; one whose events share a
 * venue never splits, so it opens their list instead.
 */
export function clusterLabel(count: number, splitsByZooming: boolean): string {
  return splitsByZooming
    ? i18n.t('map.cluster.zoomIn', { count })
    : i18n.t('map.cluster.showThem', { count });
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
