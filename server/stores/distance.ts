import { type SQL, sql } from 'drizzle-orm';
import type { BoundingBox } from '../../contract/maps.ts';

/*
 * Distance in SQL: the haversine the listings filter and order by, and earthdistance's GiST box
 * that narrows rows first. The same sphere in plain numbers is server/services/distance.ts.
 */

/** A point and radius every location-bound query is limited to. */
export interface Area {
  latitude: number;
  longitude: number;
  radiusKm: number;
}

/**
 * Where the event listings and search look: the circle of Area or, for "Search this area", a
 * box on the map instead of it (contract/maps.ts). The centre still measures each event's
 * distance and orders events that start together.
 */
export interface SearchArea extends Area {
  box?: BoundingBox | undefined;
}

/**
 * The sphere earthdistance's `earth()` uses, so the GiST box (earth_box) and the distance
 * below describe the same circle.
 */
export const EARTH_RADIUS_METERS = 6_378_168;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/**
 * What a distance needs of the centre: numbers, or placeholders of a prepared statement
 * (PreparedStatements) to be filled with the numbers of centreValues.
 */
export interface Centre {
  latitude: unknown;
  longitude: unknown;
  cosLatitude: unknown;
}

export function centreValues(area: Area): {
  latitude: number;
  longitude: number;
  cosLatitude: number;
} {
  return {
    latitude: area.latitude,
    longitude: area.longitude,
    cosLatitude: Math.cos(radians(area.latitude)),
  };
}

/**
 * Great-circle metres from the centre to (latitude, longitude), by the haversine formula in
 * built-in float8 functions only.
 *
 * Why not earthdistance's earth_distance(ll_to_earth(…), ll_to_earth(…)): those are STRICT SQL
 * functions whose bodies (a domain cast, a CASE) PostgreSQL cannot inline, so every row ran
 * them through the SQL-function executor: at a million events that was most of a listing's
 * database time (0.37 ms against 0.07 ms per page) and a tenth of its planning. The centre's
 * cosine is worked out once, outside. `least(1, …)` keeps rounding from handing asin a value
 * just above 1 at antipodes.
 */
export function greatCircleMetersFrom(centre: Centre, latitude: SQL, longitude: SQL): SQL<number> {
  return sql<number>`(${2 * EARTH_RADIUS_METERS}::float8 * asin(least(1::float8, sqrt(
    power(sin(radians(${latitude} - ${centre.latitude}::float8) / 2), 2)
    + ${centre.cosLatitude}::float8 * cos(radians(${latitude}))
      * power(sin(radians(${longitude} - ${centre.longitude}::float8) / 2), 2)))))`;
}

/** The same distance in whole metres, the value lists are ordered and paged by. */
export function roundedMetersFrom(centre: Centre, latitude: SQL, longitude: SQL): SQL<number> {
  return sql<number>`round(${greatCircleMetersFrom(centre, latitude, longitude)})::integer`;
}

export function greatCircleMeters(area: Area, latitude: SQL, longitude: SQL): SQL<number> {
  return greatCircleMetersFrom(centreValues(area), latitude, longitude);
}

export function roundedMeters(area: Area, latitude: SQL, longitude: SQL): SQL<number> {
  return roundedMetersFrom(centreValues(area), latitude, longitude);
}

/**
 * A point on earthdistance's sphere: our famjam_earth_point (migration 0016), ll_to_earth's
 * formula in a function that does not depend on the search_path. With a table's columns it
 * is spelt exactly as the events_earth_idx and restaurants_earth_idx expressions, which the
 * planner needs to use them.
 */
export function earthPoint(latitude: SQL | number, longitude: SQL | number): SQL {
  return sql`famjam_earth_point(${latitude}, ${longitude})`;
}

/**
 * earthdistance's bounding box of the circle, for the GiST indexes on earthPoint(latitude,
 * longitude). Only a narrowing step; the exact test is greatCircleMeters.
 */
export function earthBoxContains(area: Area, point: SQL): SQL {
  return sql`earth_box(${earthPoint(area.latitude, area.longitude)}, ${area.radiusKm * 1000}) @> ${point}`;
}
