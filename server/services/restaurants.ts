import { and, asc, sql } from 'drizzle-orm';
import type { Restaurant, RestaurantPage } from '../../contract/restaurants.ts';
import type { Database } from '../db/client.ts';
import { restaurants } from '../db/schema/index.ts';
import {
  type Area,
  earthBoxContains,
  earthPoint,
  greatCircleMeters,
  roundedMeters,
} from './distance.ts';

const KM_PER_MILE = 1.609344;

/** '0.3 mi', '12 mi': US visitors read miles; one decimal below 10 is as precise as it gets. */
function displayDistance(km: number): string {
  const miles = km / KM_PER_MILE;
  return miles < 10 ? `${miles.toFixed(1)} mi` : `${Math.round(miles)} mi`;
}

function priceSymbols(level: number | null): string {
  return level === null ? '' : '$'.repeat(level);
}

/** `GET /api/restaurants`: places to eat within the area, nearest first. */
export async function listRestaurants(
  db: Database,
  options: { area: Area; limit: number; offset?: number },
): Promise<RestaurantPage> {
  const { area } = options;
  const latitude = sql`${restaurants.latitude}`;
  const longitude = sql`${restaurants.longitude}`;
  // The restaurants_earth_idx expression, so the box test is an index scan.
  const point = earthPoint(latitude, longitude);
  const distance = roundedMeters(area, latitude, longitude);
  const offset = options.offset ?? 0;
  const rows = await db
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
    .offset(offset);
  const page = rows.slice(0, options.limit);
  return {
    restaurants: page.map(
      (row): Restaurant => ({
        id: row.id,
        name: row.name,
        cuisine: row.cuisine,
        rating: row.rating,
        distance: displayDistance(row.distanceMeters / 1000),
        distanceKm: Math.round(row.distanceMeters / 10) / 100,
        features: row.features,
        imageUrl: row.imageUrl,
        reservationUrl: row.reservationUrl?.trim() ? row.reservationUrl : null,
        priceLevel: priceSymbols(row.priceLevel),
        address: row.address,
        location: row.location,
        latitude: row.latitude,
        longitude: row.longitude,
      }),
    ),
    nextOffset: rows.length > options.limit ? offset + page.length : null,
  };
}
