import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  type Manifest,
  routeChunkKeys,
  startupKeys,
  staticClosure,
} from '../../server/clientManifest.ts';

/*
 * What a first visit to a route downloads before the page is interactive, read from Vite's
 * build manifest (build.manifest in vite.config.ts): the entry chunk, the route's split chunks
 * (TanStack Router's autoCodeSplitting keys them `src/routes/<file>?tsr-split=...`), everything
 * those import statically, transitively, and the CSS each of them pulls in. Dynamic imports are
 * left out: they load later, on demand.
 */

export interface BudgetRoute {
  path: string;
  /** The route files from the root down to the leaf, relative to src/routes. */
  routeFiles: readonly string[];
  /**
   * The ceiling: gzipped JavaScript a first visit may load, in KB (1000 bytes, as Vite prints).
   * Set a little above what the route loads now; it is lowered as the bundle shrinks, never a
   * target to grow into, and raising it takes a note in docs/decisions.md ("Size budget")
   * saying what the bytes buy.
   */
  jsBudgetKb: number;
}

/**
 * The routes the budget reports on; each lists its layout chain (see src/routeTree.gen.ts).
 * Each ceiling is lowered as the bundle shrinks; its history, with the figures, is under "Size
 * budget" in docs/decisions.md.
 */
export const budgetRoutes: readonly BudgetRoute[] = [
  // Issue 35's languages raised these (docs/decisions.md, 'Languages'); issue 36 brought them
  // down to the figures of 2026-11-29 plus 0.2 (docs/benchmarks.md, 'First-load JavaScript'),
  // then 0.2 more for the public reads' path check (src/api/client.ts) and react-aria's words
  // following the language (src/i18n/i18n.ts). Against the English figures before issue 35
  // (172.0 / 174.7 / 174.4): / is under its own, /auth and /search 3.8 and 3.1 KB over.
  { path: '/auth', routeFiles: ['__root.tsx', 'auth.tsx'], jsBudgetKb: 176.0 },
  { path: '/', routeFiles: ['__root.tsx', '_shell.tsx', '_shell/index.tsx'], jsBudgetKb: 173.9 },
  {
    path: '/search',
    routeFiles: ['__root.tsx', '_shell.tsx', '_shell/search.tsx'],
    jsBudgetKb: 177.7,
  },
];

/**
 * A chunk the app loads on demand, budgeted on its own: what it adds after the route it is
 * loaded from (files that route's first visit already loaded are not counted again).
 */
export interface BudgetChunk {
  /** The row's name in the table, e.g. '/search?view=map'. */
  path: string;
  /** The module imported dynamically, as the manifest keys it ('src/…'). */
  source: string;
  /** The budget route it is loaded from. */
  after: string;
  /** Gzipped JavaScript it may add, in KB; raising it takes a note as for a route. */
  jsBudgetKb: number;
}

/**
 * The interactive map (issue 33): Leaflet, supercluster and the map's own code, fetched only
 * when Search or Saved shows the map, never by a first visit.
 */
export const budgetChunks: readonly BudgetChunk[] = [
  {
    path: '/search?view=map',
    source: 'src/features/map/ResultsMap.tsx',
    after: '/search',
    jsBudgetKb: 56,
  },
];

class BundleSizeError extends Error {
  override name = 'BundleSizeError';
}

/**
 * The keys a first visit to `route` starts from: the entry and its startup stages (src/main.tsx
 * imports them dynamically, but before anything renders), then the route chain's chunks.
 */
export function firstVisitKeys(manifest: Manifest, route: BudgetRoute): string[] {
  if (!Object.values(manifest).some((chunk) => chunk.isEntry)) {
    throw new BundleSizeError('the manifest has no entry chunk');
  }
  const keys = startupKeys(manifest);
  for (const routeFile of route.routeFiles) {
    const chunks = routeChunkKeys(manifest, routeFile);
    // The root route is bundled into the startup stages; every other route of the chain has a component
    // chunk. None found means the route moved or the splitting changed: counting nothing for
    // it would make the figure look better than it is.
    if (chunks.length === 0 && routeFile !== '__root.tsx') {
      throw new BundleSizeError(
        `no chunk for src/routes/${routeFile} (route ${route.path}) in the manifest; update budgetRoutes in scripts/lib/bundleSize.ts`,
      );
    }
    keys.push(...chunks);
  }
  return keys;
}

interface RouteSize {
  path: string;
  jsBytes: number;
  cssBytes: number;
  files: string[];
}

function readManifest(clientDir: string): Manifest {
  const path = join(clientDir, '.vite', 'manifest.json');
  if (!existsSync(path)) {
    throw new BundleSizeError(
      `${path} is missing: build the client first (npm run build; vite.config.ts sets build.manifest)`,
    );
  }
  return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
}

/** Gzipped sizes at zlib's default level, the one @fastify/compress serves with. */
export function measureRoutes(
  clientDir: string,
  routes: readonly BudgetRoute[] = budgetRoutes,
): RouteSize[] {
  const manifest = readManifest(clientDir);
  const sizes = new Map<string, number>();
  const gzipped = (file: string) => {
    let size = sizes.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(join(clientDir, file))).length;
      sizes.set(file, size);
    }
    return size;
  };
  const sum = (files: string[]) => files.reduce((total, file) => total + gzipped(file), 0);
  return routes.map((route) => {
    const { js, css } = staticClosure(manifest, firstVisitKeys(manifest, route));
    return { path: route.path, jsBytes: sum(js), cssBytes: sum(css), files: [...js, ...css] };
  });
}

/** What each on-demand chunk adds to the route it is loaded from, gzipped as measureRoutes. */
export function measureChunks(
  clientDir: string,
  chunks: readonly BudgetChunk[] = budgetChunks,
  routes: readonly BudgetRoute[] = budgetRoutes,
): RouteSize[] {
  const manifest = readManifest(clientDir);
  return chunks.map((chunk) => {
    const route = routes.find((candidate) => candidate.path === chunk.after);
    if (!route) throw new BundleSizeError(`no budget route ${chunk.after} for ${chunk.path}`);
    if (!manifest[chunk.source]) {
      throw new BundleSizeError(
        `no chunk for ${chunk.source} (${chunk.path}) in the manifest; update budgetChunks in scripts/lib/bundleSize.ts`,
      );
    }
    const before = staticClosure(manifest, firstVisitKeys(manifest, route));
    const loaded = new Set([...before.js, ...before.css]);
    const { js, css } = staticClosure(manifest, [chunk.source]);
    const added = (files: string[]) => files.filter((file) => !loaded.has(file));
    const size = (files: string[]) =>
      files.reduce(
        (total, file) => total + gzipSync(readFileSync(join(clientDir, file))).length,
        0,
      );
    return {
      path: chunk.path,
      jsBytes: size(added(js)),
      cssBytes: size(added(css)),
      files: [...added(js), ...added(css)],
    };
  });
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);

export function formatSizeTable(rows: readonly RouteSize[]): string {
  const header = ['route', 'JS KB gz', 'CSS KB gz', 'files'];
  const body = rows.map((row) => [
    row.path,
    kb(row.jsBytes),
    kb(row.cssBytes),
    String(row.files.length),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...body.map((cells) => cells[column]?.length ?? 0)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ');
  return [line(header), ...body.map(line)].join('\n');
}

/** What to fail with, a line per route over its ceiling, or null when every route is within. */
export function budgetFailure(
  rows: readonly RouteSize[],
  routes: readonly Pick<BudgetRoute, 'path' | 'jsBudgetKb'>[] = [...budgetRoutes, ...budgetChunks],
): string | null {
  const failures = routes.flatMap((route) => {
    const row = rows.find((measured) => measured.path === route.path);
    if (!row) return [`the size table has no row for ${route.path}`];
    if (row.jsBytes <= route.jsBudgetKb * 1000) return [];
    return [
      `${route.path} loads ${kb(row.jsBytes)} KB of gzipped JavaScript ${'source' in route ? 'on demand' : 'before it is interactive'}, over its ${route.jsBudgetKb} KB budget (jsBudgetKb in scripts/lib/bundleSize.ts)`,
    ];
  });
  return failures.length > 0 ? failures.join('; ') : null;
}
