/**
 * `npm run size`: the gzipped JS and CSS a first visit to /auth, / and /search loads before the
 * page is interactive, and what the map adds when Search shows it (its own budget), from the last client build (dist/client, or the directory given as the
 * first argument). Exits 1 when a route is over its budget (jsBudgetKb in scripts/lib/bundleSize.ts).
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { budgetFailure, formatSizeTable, measureChunks, measureRoutes } from './lib/bundleSize.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function main(): number {
  const clientDir = resolve(process.argv[2] ?? join(repoRoot, 'dist', 'client'));
  const rows = [...measureRoutes(clientDir), ...measureChunks(clientDir)];
  console.log(
    'First visit, before the page is interactive (entry + route chunks + static imports);',
  );
  console.log('then what a chunk loaded on demand adds to its route (the map after /search):\n');
  console.log(formatSizeTable(rows));
  const failure = budgetFailure(rows);
  if (failure) {
    console.error(`\nSize budget exceeded: ${failure}.`);
    return 1;
  }
  return 0;
}

try {
  process.exit(main());
} catch (error) {
  console.error(`npm run size: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
