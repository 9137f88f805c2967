import { and, asc, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { restaurants } from '../db/schema/index.ts';
import {
  type Area,
  earthBoxContains,
  earthPoint,
  greatCircleMeters,
  roundedMeters,
} from './distance.ts';

/**
 * Places to eat within the area, nearest first (then by id), `limit` and one more if there is
 * one, each with its distance in whole metres.
 */
export async function restaurantRows(
  db: Database,
  options: { area: Area; limit: number; offset: number },
) {
  const { area } = options;
  const latitude = sql`${restaurants.latitude}`;
  const longitude = sql`${restaurants.longitude}`;
  // The restaurants_earth_idx expression, so the box test is an index scan.
  const point = earthPoint(latitude, longitude);
  const distance = roundedMeters(area, latitude, longitude);
  return db
    .select({
      id: restaurants.id,
      name: restaurants.name,
      cuisine: restaurants.cuisine,
      rating: restaurants.rating,
      priceLevel: restaurants.priceLevel,
      address: restaurants.address,
      location: restaurants.location,
      latitude: restaurants.latitude,
      longitude: restaurants.longitude,
      features: restaurants.features,
      imageUrl: restaurants.imageUrl,
      reservationUrl: restaurants.reservationUrl,
      distanceMeters: distance.mapWith(Number),
    })
    .from(restaurants)
    .where(
      and(
        earthBoxContains(area, point),
        sql`${greatCircleMeters(area, latitude, longitude)} <= ${area.radiusKm * 1000}`,
      ),
    )
    .orderBy(asc(distance), asc(restaurants.id))
    .limit(options.limit + 1)
    .offset(options.offset);
}
