import { describe, expect, it } from 'vitest';
import { eventFixture } from '../../test/fixtures.ts';
import { clusterLabel, pinLabel, resultsBounds } from './pins.ts';

describe('map pins', () => {
  const parade = eventFixture({
    title: 'Puppet Parade',
    day: '2026-12-05',
    date: '2026-12-05T18:00:00.000Z',
    timeZone: 'America/Los_Angeles',
    distanceKm: 2.1234,
    cancelled: false,
  });

  it("names a pin by title, short date and distance: 'Puppet Parade, Sat, Dec 5, 2.1 km'", () => {
    expect(pinLabel(parade, 'km')).toBe('Puppet Parade, Sat, Dec 5, 2.1 km');
  });

  it("says the distance in the family's unit, as the cards do", () => {
    expect(pinLabel(parade, 'mi')).toBe('Puppet Parade, Sat, Dec 5, 1.3 mi');
    expect(pinLabel({ ...parade, distanceKm: 0.04 }, 'km')).toBe(
      'Puppet Parade, Sat, Dec 5, < 0.1 km',
    );
    expect(pinLabel({ ...parade, distanceKm: 12.6 }, 'km')).toBe(
      'Puppet Parade, Sat, Dec 5, 13 km',
    );
  });

  it('leaves the distance out where the list had no place (Saved), and says Cancelled last', () => {
    expect(pinLabel({ ...parade, distanceKm: null, cancelled: true }, 'km')).toBe(
      'Puppet Parade, Sat, Dec 5, Cancelled',
    );
  });

  it('a cluster says how many and what pressing it does', () => {
    expect(clusterLabel(4, true)).toBe('4 events here, zoom in');
    expect(clusterLabel(3, false)).toBe('3 events here, show them');
  });

  it('the map opens on the box around every result', () => {
    expect(resultsBounds([])).toBeNull();
    expect(
      resultsBounds([
        { latitude: 37.77, longitude: -122.42 },
        { latitude: 37.8, longitude: -122.27 },
        { latitude: 37.33, longitude: -121.89 },
      ]),
    ).toEqual({ west: -122.42, south: 37.33, east: -121.89, north: 37.8 });
  });
});
