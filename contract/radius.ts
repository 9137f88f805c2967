/*
 * How far a family will go (issue 33): a radius in the unit it was chosen in, so a shared link
 * says '5 mi' to a family in the US and '8 km' elsewhere without a rounding surprise for the
 * family that chose it. Written in the URL as '5mi' or '10km'.
 */

export const distanceUnits = ['km', 'mi'] as const;
export type DistanceUnit = (typeof distanceUnits)[number];

export interface Radius {
  amount: number;
  unit: DistanceUnit;
}

export const KM_PER_MILE = 1.609344;

/** The radius in kilometres, as the API's radiusKm takes it. */
export function radiusKm(radius: Radius): number {
  return radius.unit === 'km' ? radius.amount : radius.amount * KM_PER_MILE;
}

/** '5mi', '10km': the URL's form. */
export function formatRadiusParam(radius: Radius): string {
  return `${radius.amount}${radius.unit}`;
}

/** The largest radius a link may ask for, in its unit: the API's limit is 500 km. */
const maxAmount: Record<DistanceUnit, number> = { km: 500, mi: 300 };

/** '5mi' or '10km' (a whole or decimal amount above 0, within the API's limit), else undefined. */
export function parseRadiusParam(value: unknown): Radius | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^(\d{1,3}(?:\.\d{1,2})?)(km|mi)$/.exec(value.trim());
  if (match === null) return undefined;
  const amount = Number(match[1]);
  const unit = match[2] as DistanceUnit;
  return amount > 0 && amount <= maxAmount[unit] ? { amount, unit } : undefined;
}

/**
 * The radius as the API's radiusKm: to 10 m (5 mi is 8.05 km), so the request and its cache key
 * carry no float noise; undefined (nothing sent, the API's 40 km) for no radius.
 */
export function radiusKmParam(radius: Radius | undefined): number | undefined {
  return radius === undefined ? undefined : Math.round(radiusKm(radius) * 100) / 100;
}
