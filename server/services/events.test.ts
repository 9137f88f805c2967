import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { geoCell } from '../db/schema/index.ts';
import { displayTime } from '../stores/eventFields.ts';
import { cellsAround } from '../stores/events.ts';
import { decodeCursor, encodeCursor, InvalidCursorError } from './events.ts';

/** The point `km` away from (latitude, longitude) towards `bearing` degrees. */
function destination(latitude: number, longitude: number, bearing: number, km: number) {
  const radians = Math.PI / 180;
  const angular = km / 6371;
  const lat1 = latitude * radians;
  const theta = bearing * radians;
  const lat2 = Math.asin(
    Math.sin(lat1) * Math.cos(angular) + Math.cos(lat1) * Math.sin(angular) * Math.cos(theta),
  );
  const lon2 =
    longitude * radians +
    Math.atan2(
      Math.sin(theta) * Math.sin(angular) * Math.cos(lat1),
      Math.cos(angular) - Math.sin(lat1) * Math.sin(lat2),
    );
  const normalized = ((((lon2 / radians + 180) % 360) + 360) % 360) - 180;
  return { latitude: lat2 / radians, longitude: normalized };
}

describe('cellsAround', () => {
  it('covers every point of the circle', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -80, max: 80, noNaN: true }),
        fc.double({ min: -180, max: 179.999, noNaN: true }),
        fc.double({ min: 0.5, max: 200, noNaN: true }),
        fc.double({ min: 0, max: 360, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (latitude, longitude, radiusKm, bearing, fraction) => {
          const cells = cellsAround({ latitude, longitude, radiusKm });
          if (cells === null) return;
          const point = destination(latitude, longitude, bearing, radiusKm * fraction);
          expect(cells).toContain(geoCell(point.latitude, point.longitude));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('is a handful of cells for the default 40 km, and gives up for huge areas', () => {
    const sanFrancisco = cellsAround({ latitude: 37.7749, longitude: -122.4194, radiusKm: 40 });
    expect(sanFrancisco).toHaveLength(4);
    expect(cellsAround({ latitude: 37.7749, longitude: -122.4194, radiusKm: 500 })).toBeNull();
    expect(cellsAround({ latitude: 89.9, longitude: 0, radiusKm: 40 })).toBeNull();
  });

  it('wraps across the antimeridian', () => {
    const fiji = cellsAround({ latitude: -17.8, longitude: 179.9, radiusKm: 40 });
    expect(fiji).toContain(geoCell(-17.8, -179.9));
  });
});

describe('cursors', () => {
  it('round-trip and refuse anything else', () => {
    expect(decodeCursor(encodeCursor({ k: 'list', o: 3 }))).toEqual({ k: 'list', o: 3 });
    for (const bad of ['!!!', 'bnVsbA', 'WzFd', '']) {
      expect(() => decodeCursor(bad)).toThrow(InvalidCursorError);
    }
  });
});

describe('displayTime', () => {
  it('shows the time at the venue with a plain space', () => {
    const instant = new Date('2026-11-23T03:00:00Z');
    expect(displayTime(instant, 'America/Los_Angeles')).toBe('7:00 PM');
    expect(displayTime(instant, 'America/New_York')).toBe('10:00 PM');
    expect(displayTime(instant, 'Not/A_Zone')).toBe('3:00 AM');
  });
});
