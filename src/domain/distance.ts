import { type DistanceUnit, KM_PER_MILE } from '../../contract/radius.ts';

/*
 * How far, as a family reads it (issue 33). Every card uses this, so it is kept small: the
 * radius choices and their labels live in radiusChoices.ts, loaded with Search's filters.
 *
 * The unit comes from the browser's languages alone: building an Intl object would load ICU's
 * data on the first screens (docs/decisions.md, 'Dates without Intl on the first screens'),
 * and the region subtag is all that decides it.
 */

/** A tag's region after its language and any script: 'en-US' → 'US', 'zh-Hant-TW' → 'TW'. */
const regionSubtag = /^[a-z]{2,3}(?:-[a-z]{4})?-([a-z]{2}|\d{3})\b/i;

/**
 * Miles where the first of the family's languages that names a region is in one whose roads
 * are measured in miles (the US, the UK, Liberia, Myanmar); kilometres otherwise, and when none
 * names a region ('en'): most of the world.
 */
export function distanceUnitFor(languages: readonly string[]): DistanceUnit {
  for (const language of languages) {
    const region = regionSubtag.exec(language)?.[1];
    if (region) return /^(us|gb|lr|mm)$/i.test(region) ? 'mi' : 'km';
  }
  return 'km';
}

/** This browser's unit (navigator.languages, then navigator.language); km outside a browser. */
export function familyDistanceUnit(): DistanceUnit {
  return typeof navigator === 'undefined'
    ? 'km'
    : distanceUnitFor([...(navigator.languages ?? []), navigator.language]);
}

/** An amount as cards and labels show it: one decimal under 10 ('3.2', '2'), whole from 10. */
export function roundedDistance(amount: number): number {
  return amount < 10 ? Math.round(amount * 10) / 10 : Math.round(amount);
}

/** Kilometres in `unit`. */
export function kmIn(km: number, unit: DistanceUnit): number {
  return unit === 'km' ? km : km / KM_PER_MILE;
}

/** How far an event is: '3.2 km', '2 mi', '12 mi', '< 0.1 mi' for one round the corner. */
export function distanceText(km: number, unit: DistanceUnit): string {
  const amount = kmIn(km, unit);
  return `${amount < 0.1 ? '< 0.1' : roundedDistance(amount)} ${unit}`;
}
