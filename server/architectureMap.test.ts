import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from './db/schema/index.ts';
import { buildFixtureApp } from './test/fixtureApp.ts';
import type { FamJamApp } from './types.ts';

/*
 * docs/architecture.md is the newcomer's map: every screen, every route file, every table and
 * every API route appears in it. The map drifted once (whole screens, half the tables and a
 * folder of routes missing); this test reads the code's own lists and fails on anything the map
 * does not name, so adding a table or a route means placing it on the map in the same change.
 */

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const map = readFileSync(join(root, 'docs', 'architecture.md'), 'utf8');
/** Whether a page names this thing as a code span of its own: `thing`. */
const namedIn = (page: string, thing: string) => page.includes(`\`${thing}\``);
const named = (thing: string) => namedIn(map, thing);

let app: FamJamApp;

beforeAll(async () => {
  ({ app } = await buildFixtureApp());
});

afterAll(async () => {
  await app?.close();
});

describe('docs/architecture.md, the map, against the code', () => {
  it('names every screen (each URL of the client router)', () => {
    const routeTree = readFileSync(join(root, 'src', 'routeTree.gen.ts'), 'utf8');
    const byFullPath = /interface FileRoutesByFullPath \{([^}]*)\}/.exec(routeTree)?.[1] ?? '';
    const screens = [...byFullPath.matchAll(/'([^']+)':/g)].map((match) => match[1] ?? '');
    expect(screens.length).toBeGreaterThan(10);
    expect(screens.filter((path) => !named(path))).toEqual([]);
  });

  it('names every server route file', () => {
    const routeFiles = readdirSync(join(root, 'server', 'routes'), { recursive: true })
      .map(String)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .map((file) => `server/routes/${file.split('\\').join('/')}`);
    expect(routeFiles.length).toBeGreaterThan(10);
    expect(routeFiles.filter((file) => !named(file))).toEqual([]);
  });

  it('names every table of the schema', () => {
    const tables = Object.values(schema as Record<string, unknown>).flatMap((value) =>
      is(value, PgTable) ? [getTableName(value)] : [],
    );
    expect(tables.length).toBeGreaterThan(10);
    expect(tables.filter((table) => !named(table))).toEqual([]);
  });

  it('names every API route of the OpenAPI document, with its method', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs' });
    const document = response.json<{ paths: Record<string, Record<string, unknown>> }>();
    const routes = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(routes.length).toBeGreaterThan(20);
    expect(routes.filter((route) => !named(route))).toEqual([]);
  });

  it('fails on a thing the map does not name', () => {
    expect(named('GET /api/no-such-route')).toBe(false);
    expect(named('no_such_table')).toBe(false);
    // A code span that merely ends or starts with the name does not count.
    expect(namedIn('the `auth/` feature', '/')).toBe(false);
    expect(namedIn('`users_archive` and `users`', 'users')).toBe(true);
    expect(namedIn('`users_archive`', 'users')).toBe(false);
  });
});
