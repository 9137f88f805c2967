import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startupStageSources } from '../contract/pageFrame.ts';

describe('the startup stages', () => {
  it('are the modules main.tsx imports, in its order, so the build preloads and counts each', () => {
    // The size budget (scripts/lib/bundleSize.ts), the page frames' preloads and index.html's
    // preload list all read startupStageSources; a stage main.tsx adds without it would be
    // fetched late and left out of the first-load figure.
    const main = readFileSync(join(process.cwd(), 'src', 'main.tsx'), 'utf8');
    const imported = [...main.matchAll(/import\('\.\/(boot\/[^']+)'\)/g)].map(
      (match) => `src/${match[1]}`,
    );
    expect(imported).toEqual([...startupStageSources]);
  });
});
