import { EARTH_RADIUS_METERS } from '../stores/distance.ts';

/*
 * Distances in plain numbers, for places already in memory (the gazetteer, the import's
 * same-event test). The SQL the queries measure with is in server/stores/distance.ts, on the
 * same sphere.
 */

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/**
 * Coordinates are kept to 7 decimal places (about a centimetre). Beyond being honest about
 * precision, it keeps PostgreSQL's float8 arithmetic away from subnormal numbers: it raises
 * "value out of range: underflow" where C would quietly give 0, and a coordinate like 1e-320
 * would turn a distance into a 500.
 */
export function roundCoordinate(degrees: number): number {
  // `+ 0` turns -0 into 0.
  return Math.round(degrees * 1e7) / 1e7 + 0;
}

/** The haversine in plain numbers, for tests and for places already in memory. */
export function greatCircleMetersBetween(
  from: { latitude: number; longitude: number },
  to: { latitude: number; longitude: number },
): number {
  const half = (degrees: number) => Math.sin(radians(degrees) / 2) ** 2;
  const a =
    half(to.latitude - from.latitude) +
    Math.cos(radians(from.latitude)) *
      Math.cos(radians(to.latitude)) *
      half(to.longitude - from.longitude);
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(a)));
}
