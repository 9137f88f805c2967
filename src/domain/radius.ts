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

/*
 * Which unit a family reads distances in, from the browser's languages alone: building an Intl
 * object would load ICU's data on the first screens (docs/decisions.md, 'Dates without Intl on
 * the first screens'), and the region subtag is all that decides it.
 */

/** Regions where road distances are in miles: the US, the UK, Liberia and Myanmar. */
const mileRegions: ReadonlySet<string> = new Set(['US', 'GB', 'LR', 'MM']);

/**
 * The region of a language tag ('en-US' → 'US', 'zh-Hant-TW' → 'TW', 'es-419' → '419'), or
 * undefined when it names none ('en'): the first subtag after the language that is two letters
 * or three digits (a script is four letters, variants are longer).
 */
function regionOf(languageTag: string): string | undefined {
  return languageTag
    .split(/[-_]/)
    .slice(1)
    .find((subtag) => /^(?:[a-z]{2}|\d{3})$/i.test(subtag))
    ?.toUpperCase();
}

/**
 * Miles where the first of the family's languages that names a region is in a miles region,
 * kilometres otherwise (and when none names a region: most of the world).
 */
export function distanceUnitFor(languages: readonly string[]): DistanceUnit {
  for (const tag of languages) {
    const region = regionOf(tag);
    if (region !== undefined) return mileRegions.has(region) ? 'mi' : 'km';
  }
  return 'km';
}

/** This browser's unit (navigator.languages, else navigator.language); km outside a browser. */
export function familyDistanceUnit(): DistanceUnit {
  if (typeof navigator === 'undefined') return 'km';
  const languages = navigator.languages?.length ? navigator.languages : [navigator.language];
  return distanceUnitFor(languages.filter(Boolean));
}

/**
 * The API's radius when none is sent (DEFAULT_RADIUS_KM in contract/events.ts, which the app
 * does not import: its schemas would come along; radius.test.ts checks the two agree).
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
export function sameRadius(a: Radius | undefined, b: Radius | undefined): boolean {
  return a?.amount === b?.amount && a?.unit === b?.unit;
}

/** An amount as cards and labels show it: one decimal under 10 ('3.2', '2'), whole from 10. */
function roundedAmount(amount: number): string {
  return String(amount < 10 ? Math.round(amount * 10) / 10 : Math.round(amount));
}

/** Kilometres in `unit`. */
function inUnit(km: number, unit: DistanceUnit): number {
  return unit === 'km' ? km : km / KM_PER_MILE;
}

/** How far an event is: '3.2 km', '2 mi', '12 mi', '< 0.1 mi' for one round the corner. */
export function distanceText(km: number, unit: DistanceUnit): string {
  const amount = inUnit(km, unit);
  return amount < 0.1 ? `< 0.1 ${unit}` : `${roundedAmount(amount)} ${unit}`;
}

/**
 * 'Within 5 mi'. A radius chosen in the other unit (a shared link's '10km' opened in the US) is
 * shown converted ('Within 6.2 mi') while the link keeps the unit it was chosen in.
 */
export function radiusLabel(radius: Radius, unit: DistanceUnit): string {
  const amount =
    radius.unit === unit ? String(radius.amount) : roundedAmount(inUnit(radiusKm(radius), unit));
  return `Within ${amount} ${unit}`;
}

/**
 * The radius as the API's radiusKm: to 10 m (5 mi is 8.05 km), so the request and its cache key
 * carry no float noise; undefined (nothing sent, the API's 40 km) for no radius.
 */
export function radiusKmParam(radius: Radius | undefined): number | undefined {
  return radius === undefined ? undefined : Math.round(radiusKm(radius) * 100) / 100;
}
