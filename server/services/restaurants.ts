import type { Restaurant, RestaurantPage } from '../../contract/restaurants.ts';
import type { Database } from '../db/client.ts';
import type { Area } from '../stores/distance.ts';
import { restaurantRows } from '../stores/restaurants.ts';

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
  const offset = options.offset ?? 0;
  const rows = await restaurantRows(db, { area: options.area, limit: options.limit, offset });
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
