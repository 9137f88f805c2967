import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The events-and-search read side keeps its SQL in server/stores (issue 32): these services
 * hold the rules and call their stores, these routes call the services. Until the repository's
 * boundary test (contract/boundaries.test.ts) checks every file by role, this one keeps these
 * files from growing a query again.
 */

const read = (file: string) =>
  readFileSync(fileURLToPath(new URL(`../../${file}`, import.meta.url)), 'utf8');

const services = [
  'area',
  'calendarFeeds',
  'distance',
  'events',
  'geocoding',
  'recommendations',
  'restaurants',
  'saved',
  'search',
].map((name) => `server/services/${name}.ts`);

const routes = ['calendarFeed', 'events', 'geo', 'recommendations', 'restaurants'].map(
  (name) => `server/routes/${name}.ts`,
);

/** The modules a source imports or re-exports values from (`import type` and `export type` left out). */
function valueImports(source: string): string[] {
  const statements = source.matchAll(/^(import|export)\s+(type\s+)?([^;]*?)\s+from\s+'([^']+)'/gms);
  return [...statements]
    .filter(
      ([, , typeOnly, names]) => !typeOnly && !/^\{\s*(type\s+\w+\s*,?\s*)+\}$/.test(names ?? ''),
    )
    .map(([, , , , module]) => module ?? '');
}

const sqlModule = (module: string) =>
  /^(drizzle-orm|pg|@electric-sql\/pglite)(\/|$)/.test(module) || module.includes('/db/schema');

describe('the events-and-search read side', () => {
  it.each(services)('%s imports no SQL as a value', (file) => {
    expect(valueImports(read(file)).filter(sqlModule)).toEqual([]);
  });

  it.each(routes)('%s reaches data only through services', (file) => {
    const imported = valueImports(read(file));
    expect(imported.filter((module) => sqlModule(module) || module.includes('/stores/'))).toEqual(
      [],
    );
  });

  it('would catch a value import, and lets a type-only one through', () => {
    expect(valueImports("import { and, type SQL } from 'drizzle-orm';")).toEqual(['drizzle-orm']);
    expect(
      valueImports("import { events } from '../db/schema/index.ts';").filter(sqlModule),
    ).toEqual(['../db/schema/index.ts']);
    expect(valueImports("export { roundedMeters } from '../stores/distance.ts';")).toEqual([
      '../stores/distance.ts',
    ]);
    expect(valueImports("import type { SQL } from 'drizzle-orm';")).toEqual([]);
    expect(valueImports("import { type SQL } from 'drizzle-orm';")).toEqual([]);
    expect(valueImports("export type { Area } from '../stores/distance.ts';")).toEqual([]);
  });
});
