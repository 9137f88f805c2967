/**
 * `npm run charts`: writes each machine of stately.config.json as a Mermaid state diagram into
 * its `chart` file (docs/machines/<id>.md), generated from the machine object itself
 * (scripts/lib/machineCharts.ts).
 *   npm run charts              write the charts
 *   npm run charts -- --check   write nothing; exit 1 naming every chart that differs from what
 *                               its machine generates (machines/charts.test.ts checks the same
 *                               in the unit tests)
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { generateChartPages, repoRoot } from './lib/machineCharts.ts';

function readOrNull(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const unknown = args.filter((arg) => arg !== '--check');
  if (unknown.length > 0) {
    console.error(`Unknown argument ${unknown.join(' ')}; usage: npm run charts [-- --check]`);
    return 2;
  }
  const check = args.includes('--check');
  const pages = await generateChartPages();
  const stale: string[] = [];
  for (const [chart, page] of pages) {
    const path = join(repoRoot, chart);
    if (readOrNull(path) === page) continue;
    stale.push(chart);
    if (!check) {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, page);
    }
  }
  if (check) {
    if (stale.length === 0) {
      console.log(`The ${pages.size} machine charts are up to date.`);
      return 0;
    }
    console.error(
      `These charts differ from what their machines generate:\n${stale.map((chart) => `  ${chart}`).join('\n')}\nRun npm run charts and commit the result.`,
    );
    return 1;
  }
  console.log(
    stale.length === 0
      ? `The ${pages.size} machine charts were already up to date.`
      : `Wrote ${stale.join(', ')}.`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`npm run charts: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
