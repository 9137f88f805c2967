/**
 * The committed charts (docs/machines/<id>.md) are what the machines generate now: a machine
 * changed without `npm run charts` fails here, in the unit tests, not in review.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateChartPages, readMachineEntries, repoRoot } from '../scripts/lib/machineCharts.ts';

const readOrNull = (path: string): string | null => {
  try {
    return readFileSync(join(repoRoot, path), 'utf8');
  } catch {
    return null;
  }
};

describe('machine charts', () => {
  it('stately.config.json lists every machine in machines/, each with its chart and test', () => {
    const machineFiles = readdirSync(join(repoRoot, 'machines'))
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .map((file) => `machines/${file}`)
      .sort();
    const entries = readMachineEntries();
    expect(entries.map((entry) => entry.path).sort()).toEqual(machineFiles);
    for (const entry of entries) {
      expect(entry.chart).toBe(`docs/machines/${entry.id}.md`);
      expect(entry.test).toBe(entry.path.replace(/\.ts$/, '.test.ts'));
    }
  });

  it('every committed chart is what its machine generates', async () => {
    const pages = await generateChartPages();
    const stale = [...pages]
      .filter(([chart, page]) => readOrNull(chart) !== page)
      .map(([chart]) => chart);
    expect(
      stale,
      `${stale.join(', ')} differ from what the machines generate: run npm run charts and commit the result`,
    ).toEqual([]);
  });
});
