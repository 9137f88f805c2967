import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { greatCircleMetersBetween, roundCoordinate } from '../services/distance.ts';
import { openTestDatabase } from '../test/database.ts';
import { greatCircleMeters } from './distance.ts';

// Stored and requested coordinates are rounded to 7 places (roundCoordinate), tiny ones included.
const degrees = (limit: number) =>
  fc
    .oneof(
      fc.double({ min: -limit, max: limit, noNaN: true }),
      fc.double({ min: -1e-6, max: 1e-6, noNaN: true }),
    )
    .map(roundCoordinate);
const point = fc.record({ latitude: degrees(89.9), longitude: degrees(180) });

describe('greatCircleMeters', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(async () => {
    await handle?.close();
  });

  async function measure(
    from: { latitude: number; longitude: number },
    to: { latitude: number; longitude: number },
  ) {
    const area = { ...from, radiusKm: 40 };
    const result = await handle.db.execute(sql`select
      ${greatCircleMeters(area, sql`${to.latitude}::float8`, sql`${to.longitude}::float8`)} as ours,
      earth_distance(ll_to_earth(${from.latitude}, ${from.longitude}),
        ll_to_earth(${to.latitude}, ${to.longitude})) as earthdistance`);
    const [row] = rowsOf(result);
    return { ours: Number(row?.ours), earthdistance: Number(row?.earthdistance) };
  }

  it('agrees with earthdistance to the centimetre, anywhere on the globe', async () => {
    await fc.assert(
      fc.asyncProperty(point, point, async (from, to) => {
        const { ours, earthdistance } = await measure(from, to);
        // earthdistance goes through 3-D chords, which lose a little precision on short hops.
        // Near the antipode both formulas are ill-conditioned (asin of almost 1, a chord of
        // almost the diameter): a rounding of 1e-16 there is ~0.1 m. No search is that wide.
        const nearAntipode = earthdistance > 19_900_000 ? 0.25 : 0;
        expect(Math.abs(ours - earthdistance)).toBeLessThan(
          0.01 + earthdistance * 1e-9 + nearAntipode,
        );
        expect(Math.abs(greatCircleMetersBetween(from, to) - ours)).toBeLessThan(0.01);
      }),
      {
        numRuns: 60,
        // Once found by CI on PostgreSQL: 0.031 m apart, 20,037 km from each other.
        examples: [
          [
            { latitude: 0, longitude: 0 },
            { latitude: -7e-7, longitude: 179.999_994_8 },
          ],
        ],
      },
    );
  });

  it('measures known distances and survives antipodes', async () => {
    const cityHall = { latitude: 37.7793, longitude: -122.4193 };
    const oakland = { latitude: 37.8044, longitude: -122.2712 };
    const { ours } = await measure(cityHall, oakland);
    expect(ours).toBeGreaterThan(13_000);
    expect(ours).toBeLessThan(13_500);
    const antipode = await measure(
      { latitude: 10, longitude: 20 },
      { latitude: -10, longitude: -160 },
    );
    expect(antipode.ours).toBeCloseTo(Math.PI * 6_378_168, 0);
  });

  it('refuses to store a coordinate nearer 0 than a centimetre, which would underflow', async () => {
    const insert = (latitude: number) =>
      handle.db.execute(sql`insert into restaurants (id, source, source_id, name, latitude, longitude)
        values (${`t:${latitude}`}, 't', ${String(latitude)}, 'Corner Cafe', ${latitude}, 10)`);
    await expect(insert(1e-300)).rejects.toThrow();
    await insert(1e-7);
    await insert(0);
    const rows = rowsOf(
      await handle.db.execute(sql`select count(*)::integer as n from restaurants`),
    );
    expect(rows).toEqual([{ n: 2 }]);
  });

  it('rounds coordinates to a centimetre, so no subnormal number reaches the database', () => {
    expect(roundCoordinate(37.774_929_123)).toBe(37.774_929_1);
    expect(roundCoordinate(-122.419_415_57)).toBe(-122.419_415_6);
    expect(roundCoordinate(5e-324)).toBe(0);
    expect(roundCoordinate(-4e-8)).toBe(0);
  });
});
