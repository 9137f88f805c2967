/**
 * `npm run size`: the gzipped JS and CSS a first visit to /auth, / and /search loads before the
 * page is interactive, and what the map adds when Search shows it (its own budget), from the last
 * client build (dist/client, or the directory given as an argument). Exits 1 when a route is over
 * its budget (jsBudgetKb in scripts/lib/bundleSize.ts).
 *
 * `--chunks` adds, for each of those routes, a table of its chunks: KB gzipped and what each
 * mainly holds (scripts/lib/chunkContents.ts); `--chunks=/` for one route.
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  budgetFailure,
  budgetRoutes,
  formatSizeTable,
  measureChunks,
  measureRoutes,
} from './lib/bundleSize.ts';
import { describeChunks, formatChunkTable } from './lib/chunkContents.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function main(args: readonly string[]): number {
  const chunksFlag = args.find((arg) => arg === '--chunks' || arg.startsWith('--chunks='));
  const unknown = args.find((arg) => arg.startsWith('--') && arg !== chunksFlag);
  if (unknown) throw new Error(`unknown option ${unknown} (only --chunks or --chunks=<route>)`);
  const dirArg = args.find((arg) => !arg.startsWith('--'));
  const clientDir = resolve(dirArg ?? join(repoRoot, 'dist', 'client'));
  const routeRows = measureRoutes(clientDir);
  const rows = [...routeRows, ...measureChunks(clientDir)];
  console.log(
    'First visit, before the page is interactive (entry + route chunks + static imports);',
  );
  console.log('then what a chunk loaded on demand adds to its route (the map after /search):\n');
  console.log(formatSizeTable(rows));
  if (chunksFlag) {
    const only = chunksFlag.includes('=') ? chunksFlag.slice('--chunks='.length) : undefined;
    if (only !== undefined && !budgetRoutes.some((route) => route.path === only)) {
      throw new Error(
        `--chunks=${only}: not a budget route (${budgetRoutes.map((r) => r.path).join(', ')})`,
      );
    }
    for (const row of routeRows) {
      if (only !== undefined && row.path !== only) continue;
      console.log(`\nChunks of a first visit to ${row.path}:\n`);
      console.log(formatChunkTable(describeChunks(clientDir, row.files)));
    }
  }
  const failure = budgetFailure(rows);
  if (failure) {
    console.error(`\nSize budget exceeded: ${failure}.`);
    return 1;
  }
  return 0;
}

try {
  process.exit(main(process.argv.slice(2)));
} catch (error) {
  console.error(`npm run size: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
