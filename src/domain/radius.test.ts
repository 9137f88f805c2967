import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_RADIUS_KM as API_DEFAULT_RADIUS_KM } from '../../contract/events.ts';
import { parseRadiusParam, radiusKm, radiusKmParam } from '../../contract/radius.ts';
import { distanceText, distanceUnitFor, familyDistanceUnit } from './distance.ts';
import { DEFAULT_RADIUS_KM, defaultRadius, radiusChoices, radiusLabel } from './radiusChoices.ts';

describe('the unit a family reads distances in', () => {
  it.each([
    [['en-US'], 'mi'],
    [['en-GB', 'en'], 'mi'],
    [['en-LR'], 'mi'],
    [['my-MM'], 'mi'],
    [['zh-Hant-US'], 'mi'],
    [['fr-FR', 'en-US'], 'km'],
    [['en-CA'], 'km'],
    [['en-AU'], 'km'],
    [['de-DE'], 'km'],
    [['es-419'], 'km'],
    [['zh-Hant-TW'], 'km'],
  ] as const)('%j reads %s', (languages, unit) => {
    expect(distanceUnitFor(languages)).toBe(unit);
  });

  it('takes the first language that names a region; none at all is kilometres', () => {
    expect(distanceUnitFor(['en', 'en-US'])).toBe('mi');
    expect(distanceUnitFor(['en', 'de-AT', 'en-US'])).toBe('km');
    expect(distanceUnitFor(['en'])).toBe('km');
    expect(distanceUnitFor([])).toBe('km');
  });

  describe("from the browser's languages", () => {
    afterEach(() => vi.unstubAllGlobals());

    it('reads navigator.languages, else navigator.language, without building Intl', () => {
      const intl = vi.spyOn(Intl, 'Locale');
      const numberFormat = vi.spyOn(Intl, 'NumberFormat');
      vi.stubGlobal('navigator', { languages: ['en-GB'], language: 'de-DE' });
      expect(familyDistanceUnit()).toBe('mi');
      vi.stubGlobal('navigator', { languages: [], language: 'en-US' });
      expect(familyDistanceUnit()).toBe('mi');
      vi.stubGlobal('navigator', { language: 'nl-NL' });
      expect(familyDistanceUnit()).toBe('km');
      expect(intl).not.toHaveBeenCalled();
      expect(numberFormat).not.toHaveBeenCalled();
    });
  });
});

describe('how far an event is', () => {
  it.each([
    [3.2, 'km', '3.2 km'],
    [3.24, 'km', '3.2 km'],
    [2, 'km', '2 km'],
    [9.94, 'km', '9.9 km'],
    [9.96, 'km', '10 km'],
    [12.6, 'km', '13 km'],
    [0.1, 'km', '0.1 km'],
    [0.04, 'km', '< 0.1 km'],
    [0, 'km', '< 0.1 km'],
    [3.218688, 'mi', '2 mi'],
    [5, 'mi', '3.1 mi'],
    [20, 'mi', '12 mi'],
    [0.17, 'mi', '0.1 mi'],
    [0.15, 'mi', '< 0.1 mi'],
    [0.12, 'mi', '< 0.1 mi'],
  ] as const)('%d km in %s is %s', (km, unit, text) => {
    expect(distanceText(km, unit)).toBe(text);
  });
});

describe('radius labels', () => {
  it('says a radius in its own unit as chosen', () => {
    expect(radiusLabel({ amount: 5, unit: 'mi' }, 'mi')).toBe('Within 5 mi');
    expect(radiusLabel({ amount: 2.5, unit: 'km' }, 'km')).toBe('Within 2.5 km');
    expect(radiusLabel({ amount: 50, unit: 'km' }, 'km')).toBe('Within 50 km');
  });

  it("converts one chosen in the other unit for the family's eyes", () => {
    expect(radiusLabel({ amount: 10, unit: 'km' }, 'mi')).toBe('Within 6.2 mi');
    expect(radiusLabel({ amount: 5, unit: 'mi' }, 'km')).toBe('Within 8 km');
    expect(radiusLabel({ amount: 25, unit: 'mi' }, 'km')).toBe('Within 40 km');
  });
});

describe('the radius sent to the API', () => {
  it('is kilometres to 10 m', () => {
    expect(radiusKm({ amount: 5, unit: 'mi' })).toBeCloseTo(8.04672, 5);
    expect(radiusKmParam({ amount: 5, unit: 'mi' })).toBe(8.05);
    expect(radiusKmParam({ amount: 1, unit: 'mi' })).toBe(1.61);
    expect(radiusKmParam({ amount: 10, unit: 'km' })).toBe(10);
    expect(radiusKmParam(undefined)).toBeUndefined();
  });

  it("defaults to the API's own radius: 40 km, said as 25 mi where miles are read", () => {
    expect(DEFAULT_RADIUS_KM).toBe(API_DEFAULT_RADIUS_KM);
    expect(radiusKm(defaultRadius.km)).toBe(API_DEFAULT_RADIUS_KM);
    expect(Math.abs(radiusKm(defaultRadius.mi) - API_DEFAULT_RADIUS_KM)).toBeLessThan(0.5);
  });

  it('offers 2, 5, 10, 25, 50 km or 1, 3, 5, 10, 25 mi, every one a radius the URL takes', () => {
    expect(radiusChoices).toEqual({ km: [2, 5, 10, 25, 50], mi: [1, 3, 5, 10, 25] });
    for (const unit of ['km', 'mi'] as const) {
      for (const amount of radiusChoices[unit]) {
        expect(parseRadiusParam(`${amount}${unit}`)).toEqual({ amount, unit });
      }
    }
  });
});
