import { describe, expect, it } from 'vitest';
import {
  InvalidCoordinatesError,
  placeKey,
  resolveLocation,
  reverseGeocode,
  suggestPlaces,
  UnknownPlaceError,
} from './geocoding.ts';

describe('resolveLocation', () => {
  it.each([
    ['San Francisco, CA', 'San Francisco, CA', 37.77, -122.42],
    ['San Francisco', 'San Francisco, CA', 37.77, -122.42],
    ['san francisco, california', 'San Francisco, CA', 37.77, -122.42],
    ['Oakland', 'Oakland, CA', 37.8, -122.27],
    ['New York, NY', 'New York, NY', 40.76, -73.98],
    ['New York', 'New York, NY', 40.76, -73.98],
    ['94103', 'San Francisco, CA', 37.77, -122.41],
    ['94103-1234', 'San Francisco, CA', 37.77, -122.41],
    ['37.77, -122.42', 'San Francisco, CA', 37.77, -122.42],
    ['37.77 -122.42', 'San Francisco, CA', 37.77, -122.42],
    ['St. Louis', 'St. Louis, MO', 38.63, -90.2],
    ['Portland, ME', 'Portland, ME', 43.66, -70.26],
    ['Paris, France', 'Paris, France', 48.85, 2.35],
    ['SF', 'San Francisco, CA', 37.77, -122.42],
  ])('%s -> %s', (text, label, latitude, longitude) => {
    const place = resolveLocation(text);
    expect(place.label).toBe(label);
    expect(place.latitude).toBeCloseTo(latitude, 1);
    expect(place.longitude).toBeCloseTo(longitude, 1);
  });

  it('prefers the US, and the bigger place, when a name is ambiguous', () => {
    expect(resolveLocation('Springfield').label).toBe('Springfield, IL');
    expect(resolveLocation('Portland').label).toBe('Portland, OR');
    expect(resolveLocation('Paris').label).toBe('Paris, TX');
  });

  it('gives the zone of the place for date words', () => {
    expect(resolveLocation('Chicago').timeZone).toBe('America/Chicago');
    expect(resolveLocation('Oakland').timeZone).toBe('America/Los_Angeles');
    expect(resolveLocation('10036').timeZone).toBe('America/New_York');
  });

  it('says which place it could not find', () => {
    expect(() => resolveLocation('Atlantiss')).toThrow(UnknownPlaceError);
    expect(() => resolveLocation('Atlantiss')).toThrow(
      `We couldn't find the place "Atlantiss". Try a city name, ZIP code or 'lat, lon'.`,
    );
    expect(() => resolveLocation('00000')).toThrow(UnknownPlaceError);
    expect(() => resolveLocation('San Francisco, TX')).toThrow(UnknownPlaceError);
  });

  it('refuses coordinates off the globe, naming the bad half', () => {
    expect(() => resolveLocation('91, 0')).toThrow(InvalidCoordinatesError);
    expect(() => resolveLocation('0, 181')).toThrow('Longitude must be between -180 and 180');
  });
});

describe('reverseGeocode', () => {
  it('names the city the post office uses, not the neighbourhood', () => {
    expect(reverseGeocode(37.7599, -122.4148).label).toBe('San Francisco, CA');
    expect(reverseGeocode(37.8044, -122.2712).label).toBe('Oakland, CA');
  });

  it('names a city outside the US, not its district', () => {
    expect(reverseGeocode(48.8566, 2.3522).label).toBe('Paris, France');
    expect(reverseGeocode(45.764, 4.8357).label).toBe('Lyon, France');
  });
});

describe('suggestPlaces', () => {
  it('offers up to 8 places by prefix, US and bigger first', () => {
    const suggestions = suggestPlaces('san');
    expect(suggestions).toHaveLength(8);
    expect(suggestions).toContain('San Francisco, CA');
    expect(suggestions.every((label) => label.toLowerCase().startsWith('san'))).toBe(true);
    expect(suggestPlaces('Oak')[0]).toBe('Oakland, CA');
  });

  it('narrows by the part after the comma', () => {
    expect(suggestPlaces('Springfield')[0]).toBe('Springfield, IL');
    const inM = suggestPlaces('Springfield, M');
    expect(inM.slice(0, 2)).toEqual(['Springfield, MA', 'Springfield, MO']);
    expect(inM.every((label) => /^Springfield, M[A-Z]$/.test(label))).toBe(true);
  });

  it('answers nothing for blank or unknown input', () => {
    expect(suggestPlaces('   ')).toEqual([]);
    expect(suggestPlaces('Qxzv')).toEqual([]);
  });
});

describe('placeKey', () => {
  it('folds case, accents, punctuation and abbreviations', () => {
    expect(placeKey('  São  Paulo ')).toBe('sao paulo');
    expect(placeKey('St. Louis')).toBe('saint louis');
    expect(placeKey("Coeur d'Alene")).toBe('coeur dalene');
  });
});
