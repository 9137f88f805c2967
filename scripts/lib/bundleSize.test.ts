import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Manifest, staticClosure } from '../../server/clientManifest.ts';
import {
  type BudgetRoute,
  budgetChunks,
  budgetFailure,
  budgetRoutes,
  firstVisitKeys,
  measureChunks,
  measureRoutes,
} from './bundleSize.ts';

const repoRoot = resolve(import.meta.dirname, '..', '..');

/*
 * A small build shaped like Vite's: the entry imports a shared `ui` chunk, which imports a
 * `vendor` chunk (transitive); the entry lazily imports every route (dynamicImports); route
 * chunks import the entry back and `ui` again (shared: counted once); the home route lazily
 * imports a heavy `map` chunk, which a first visit must not count.
 */
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_ui.js'],
    dynamicImports: [
      'src/routes/_shell.tsx?tsr-split=component',
      'src/routes/_shell/index.tsx?tsr-split=component',
      'src/routes/_shell/search.tsx?tsr-split=component',
      'src/routes/auth.tsx?tsr-split=component',
    ],
    css: ['assets/index.css'],
  },
  '_ui.js': { file: 'assets/ui.js', imports: ['_vendor.js'], css: ['assets/ui.css'] },
  '_ui.css': { file: 'assets/ui.css', src: '_ui.css' },
  '_vendor.js': { file: 'assets/vendor.js' },
  '_map.js': { file: 'assets/map.js', imports: ['_vendor.js'] },
  'src/routes/_shell.tsx?tsr-split=component': {
    file: 'assets/shell.js',
    imports: ['index.html', '_ui.js'],
  },
  'src/routes/_shell/search.tsx?tsr-split=component': {
    file: 'assets/search.js',
    imports: ['_ui.js'],
    dynamicImports: ['src/features/map/ResultsMap.tsx'],
  },
  // Search's map: its own code and stylesheet, and the `ui` chunk Search already loaded.
  'src/features/map/ResultsMap.tsx': {
    file: 'assets/resultsMap.js',
    src: 'src/features/map/ResultsMap.tsx',
    imports: ['_ui.js'],
    css: ['assets/resultsMap.css'],
  },
  'src/routes/_shell/index.tsx?tsr-split=component': {
    file: 'assets/home.js',
    imports: ['_ui.js', 'index.html'],
    dynamicImports: ['_map.js'],
  },
  'src/routes/auth.tsx?tsr-split=component': {
    file: 'assets/auth.js',
    imports: ['index.html', '_ui.js'],
    css: ['assets/auth.css'],
  },
};

function budgetRoute(path: string): BudgetRoute {
  const route = budgetRoutes.find((candidate) => candidate.path === path);
  if (!route) throw new Error(`no budget route ${path}`);
  return route;
}
const home = budgetRoute('/');
const auth = budgetRoute('/auth');

describe('the manifest walk', () => {
  it('starts from the entry and the chunks of every route file of the chain', () => {
    expect(firstVisitKeys(manifest, home)).toEqual([
      'index.html',
      'src/routes/_shell.tsx?tsr-split=component',
      'src/routes/_shell/index.tsx?tsr-split=component',
    ]);
  });

  it('follows static imports transitively, skips dynamic imports, counts shared chunks once', () => {
    expect(staticClosure(manifest, firstVisitKeys(manifest, home))).toEqual({
      js: [
        'assets/index.js',
        'assets/ui.js',
        'assets/vendor.js',
        'assets/shell.js',
        'assets/home.js',
      ],
      css: ['assets/index.css', 'assets/ui.css'],
    });
    expect(staticClosure(manifest, firstVisitKeys(manifest, auth))).toEqual({
      js: ['assets/index.js', 'assets/ui.js', 'assets/vendor.js', 'assets/auth.js'],
      css: ['assets/index.css', 'assets/ui.css', 'assets/auth.css'],
    });
  });

  it('refuses a route whose file has no chunk, rather than counting nothing for it', () => {
    expect(() =>
      firstVisitKeys(manifest, {
        path: '/gone',
        routeFiles: ['__root.tsx', 'gone.tsx'],
        jsBudgetKb: 1,
      }),
    ).toThrow('no chunk for src/routes/gone.tsx (route /gone) in the manifest');
  });
});

describe('measured sizes and the budget', () => {
  let clientDir: string;

  /** Random bytes do not compress, so a file's gzipped size is a little over its length. */
  async function writeBuild(homeBytes: number) {
    await mkdir(join(clientDir, '.vite'), { recursive: true });
    await mkdir(join(clientDir, 'assets'));
    await writeFile(join(clientDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
    const files: Record<string, number> = {
      'assets/index.js': 1000,
      'assets/ui.js': 1000,
      'assets/vendor.js': 1000,
      'assets/map.js': 500_000,
      'assets/shell.js': 1000,
      'assets/home.js': homeBytes,
      'assets/auth.js': 1000,
      'assets/search.js': 3000,
      'assets/resultsMap.js': 2000,
      'assets/resultsMap.css': 1000,
      'assets/index.css': 1000,
      'assets/ui.css': 1000,
      'assets/auth.css': 1000,
    };
    for (const [file, bytes] of Object.entries(files)) {
      await writeFile(join(clientDir, file), randomBytes(bytes));
    }
  }

  function runSizeScript(...options: string[]) {
    return spawnSync(
      join(repoRoot, 'node_modules', '.bin', 'tsx'),
      ['scripts/size.ts', clientDir, ...options],
      { cwd: repoRoot, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } },
    );
  }

  beforeEach(async () => {
    clientDir = await mkdtemp(join(tmpdir(), 'famjam-size-'));
  });

  afterEach(async () => {
    await rm(clientDir, { recursive: true, force: true });
  });

  it('adds up the gzipped files of each route, without the lazily loaded ones', async () => {
    await writeBuild(1000);
    const [homeRow] = measureRoutes(clientDir, [home]);
    expect(homeRow?.files).toHaveLength(7);
    // Five JS files of 1000 random bytes each: a little over 5 KB gzipped, not the 500 KB map.
    expect(homeRow?.jsBytes).toBeGreaterThan(5000);
    expect(homeRow?.jsBytes).toBeLessThan(5200);
    expect(homeRow?.cssBytes).toBeGreaterThan(2000);
    expect(homeRow?.cssBytes).toBeLessThan(2100);
  });

  it('prints a table per route and passes within the budget', async () => {
    await writeBuild(1000);
    const result = runSizeScript();
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/route\s+JS KB gz\s+CSS KB gz\s+files/);
    expect(result.stdout).toMatch(/^\/auth\s+4\.\d\s+3\.\d\s+7$/m);
    expect(result.stdout).toMatch(/^\/\s+5\.\d\s+2\.\d\s+7$/m);
    expect(result.stdout).toMatch(/^\/search\s+7\.\d\s+2\.\d\s+7$/m);
    expect(result.stdout).toMatch(/^\/search\?view=map\s+2\.\d\s+1\.\d\s+2$/m);
  });

  it('with --chunks=/, lists the chunks of a first visit to / and what they hold', async () => {
    await writeBuild(1000);
    const result = runSizeScript('--chunks=/');
    expect(result.status).toBe(0);
    const table = result.stdout.split('Chunks of a first visit to /:\n')[1] ?? '';
    expect(table).not.toContain('Chunks of a first visit');
    expect(table).toMatch(/^chunk\s+KB gz\s+mainly/m);
    // The five scripts of /, each 1000 random bytes with no source map: glue, to the bundler.
    for (const chunk of ['index', 'ui', 'vendor', 'shell', 'home']) {
      expect(table).toMatch(new RegExp(`^${chunk}\\.js\\s+1\\.0\\s+\\(glue\\) 100 %$`, 'm'));
    }
    expect(table).toMatch(/^total\s+5\.\d/m);
    expect(runSizeScript('--chunks=/nowhere').stderr).toMatch(
      /--chunks=\/nowhere: not a budget route/,
    );
  });

  it('counts what the map adds after Search, not what Search already loaded', async () => {
    await writeBuild(1000);
    const rows = measureChunks(clientDir);
    const [mapRow] = rows;
    expect(mapRow?.files).toEqual(['assets/resultsMap.js', 'assets/resultsMap.css']);
    expect(mapRow?.jsBytes).toBeGreaterThan(2000);
    expect(mapRow?.jsBytes).toBeLessThan(2100);
    const tight = budgetChunks.map((chunk) => ({ ...chunk, jsBudgetKb: 1 }));
    expect(budgetFailure(rows, tight)).toMatch(
      /^\/search\?view=map loads 2\.\d KB of gzipped JavaScript on demand, over its 1 KB budget/,
    );
  });

  it('fails with one clear line when a route is over its budget', async () => {
    await writeBuild(home.jsBudgetKb * 1000);
    const rows = measureRoutes(clientDir);
    expect(budgetFailure(rows)).toMatch(
      new RegExp(
        `^/ loads \\d+\\.\\d KB of gzipped JavaScript before it is interactive, over its ${home.jsBudgetKb} KB budget`,
      ),
    );
    const result = runSizeScript();
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^Size budget exceeded: \/ loads \d+\.\d KB/m);
  });

  it('holds every route to its own budget', async () => {
    await writeBuild(1000);
    const rows = [...measureRoutes(clientDir), ...measureChunks(clientDir)];
    const tight = budgetRoutes.map((route) =>
      route.path === '/search' ? { ...route, jsBudgetKb: 1 } : route,
    );
    expect(budgetFailure(rows, [...tight, ...budgetChunks])).toMatch(
      /^\/search loads 7\.\d KB .* over its 1 KB budget/,
    );
    expect(budgetFailure(rows)).toBeNull();
  });

  it('says to build first when there is no manifest', () => {
    const result = runSizeScript();
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('manifest.json is missing: build the client first');
  });
});
