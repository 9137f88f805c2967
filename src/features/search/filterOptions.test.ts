import { describe, expect, it } from 'vitest';
import { filterChips, withoutFilters } from './filterOptions.ts';

const oakland = '-122.35000,37.75000,-122.15000,37.88000';

describe('the active-filter chips', () => {
  it("says the URL's radius in the family's unit", () => {
    expect(filterChips({ radius: '5mi' }, 'mi')).toEqual([{ key: 'radius', label: 'Within 5 mi' }]);
    expect(filterChips({ radius: '10km' }, 'km')).toEqual([
      { key: 'radius', label: 'Within 10 km' },
    ]);
    // A link's kilometres, read in the US: converted, the address unchanged.
    expect(filterChips({ radius: '10km' }, 'mi')).toEqual([
      { key: 'radius', label: 'Within 6.2 mi' },
    ]);
  });

  it('shows the radius kept on the device when the address has none, and only then', () => {
    expect(filterChips({}, 'mi', '10mi')).toEqual([{ key: 'familyRadius', label: 'Within 10 mi' }]);
    expect(filterChips({ radius: '5mi' }, 'mi', '10mi')).toEqual([
      { key: 'radius', label: 'Within 5 mi' },
    ]);
    expect(filterChips({ bbox: oakland }, 'mi', '10mi')).toEqual([
      { key: 'bbox', label: 'Map area' },
    ]);
    expect(filterChips({}, 'mi', 'far')).toEqual([]);
  });

  it("shows 'Map area' for the map's box, and no radius while the box is searched", () => {
    expect(filterChips({ bbox: oakland, radius: '5mi' }, 'mi')).toEqual([
      { key: 'bbox', label: 'Map area' },
    ]);
  });

  it('lists the radius after the other filters, and nothing for no filter', () => {
    expect(
      filterChips({ category: 'music', location: 'Oakland, CA', radius: '3mi' }, 'mi'),
    ).toEqual([
      { key: 'category', label: 'Music & Shows' },
      { key: 'location', label: 'Oakland, CA' },
      { key: 'radius', label: 'Within 3 mi' },
    ]);
    expect(filterChips({ q: 'puppets', fits: true }, 'mi')).toEqual([]);
  });

  it('Clear All Filters clears the radius and the map area too, keeping the words', () => {
    expect(withoutFilters({ q: 'zoo', radius: '5mi', bbox: oakland, price: 'free' })).toEqual({
      q: 'zoo',
      category: undefined,
      price: undefined,
      date: undefined,
      day: undefined,
      location: undefined,
      radius: undefined,
      bbox: undefined,
    });
  });
});
