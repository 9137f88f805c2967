import { type DistanceUnit, type Radius, radiusKm } from '../../contract/radius.ts';
import { i18n } from '../i18n/appCatalog.ts';
import { kmIn, roundedDistance } from './distance.ts';

/*
 * The radii Search's filters offer and how a radius is said ('Within 5 mi'): only Search loads
 * this, the cards and Home need none of it.
 */

/**
 * The API's radius when none is sent (DEFAULT_RADIUS_KM in contract/events.ts, which the app
 * does not import: its schemas would come along; radiusChoices.test.ts checks the two agree).
 */
export const DEFAULT_RADIUS_KM = 40;

/**
 * The radius with no choice made, as each unit says it: 40 km, or 25 mi (40.2 km, the nearest
 * round figure). Either way nothing is sent and the API's 40 km applies.
 */
export const defaultRadius: Record<DistanceUnit, Radius> = {
  km: { amount: DEFAULT_RADIUS_KM, unit: 'km' },
  mi: { amount: 25, unit: 'mi' },
};

/** The radii Search offers in each unit, nearest first; the default is among them or added. */
export const radiusChoices: Record<DistanceUnit, readonly number[]> = {
  km: [2, 5, 10, 25, 50],
  mi: [1, 3, 5, 10, 25],
};

/** The same radius (amount and unit alike). */
export function sameRadius(a: Radius, b: Radius): boolean {
  return a.amount === b.amount && a.unit === b.unit;
}

/**
 * 'Within 5 mi'. A radius chosen in the other unit (a shared link's '10km' opened in the US) is
 * shown converted ('Within 6.2 mi') while the link keeps the unit it was chosen in.
 */
export function radiusLabel(radius: Radius, unit: DistanceUnit): string {
  const amount =
    radius.unit === unit ? radius.amount : roundedDistance(kmIn(radiusKm(radius), unit));
  return i18n.t('app.radius.within', { amount, unit });
}
