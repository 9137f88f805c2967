import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  bytesBySource,
  describeChunks,
  formatChunkTable,
  GLUE,
  sourceGroup,
} from './chunkContents.ts';

/*
 * Ten bytes on the first line: four from React DOM, four from a home screen, two the map gives no
 * source for; then the newline (no source either) and three bytes of React DOM again. In Base64
 * VLQ: 'AAAA' is column 0, source 0; 'ICAA' column +4, source +1; 'I' column +4 with no source;
 * and on the next line (columns start again) 'ADAA' column 0, source -1.
 */
const code = 'abcdefghij\nklm';
const map = {
  version: 3,
  sources: ['../../node_modules/react-dom/cjs/client.js', '../../src/features/home/Home.tsx'],
  mappings: 'AAAA,ICAA,I;ADAA',
};

describe('what a chunk holds', () => {
  it('counts each byte for the source the map gives it, and the rest as glue', () => {
    expect(Object.fromEntries(bytesBySource(code, map))).toEqual({
      'react-dom': 7,
      'src/features/home': 4,
      [GLUE]: 3,
    });
  });

  it('groups sources by npm package or project folder', () => {
    expect(sourceGroup('../../node_modules/@tanstack/router-core/dist/esm/router.js')).toBe(
      '@tanstack/router-core',
    );
    expect(sourceGroup('../../node_modules/.pnpm/x/node_modules/xstate/dist/raise.esm.js')).toBe(
      'xstate',
    );
    expect(sourceGroup('../../src/ui/Icon.tsx')).toBe('src/ui');
    expect(sourceGroup('../../src/routes/_shell/index.tsx?tsr-split=component')).toBe('src/routes');
    expect(sourceGroup('../../src/main.tsx')).toBe('src');
    expect(sourceGroup('../../../work/wt/x/locales/en/app.ts')).toBe('locales/en');
    expect(sourceGroup('../../machines/shake.ts')).toBe('machines');
  });
});

describe('the chunk table', () => {
  let clientDir: string;

  beforeEach(async () => {
    clientDir = await mkdtemp(join(tmpdir(), 'famjam-chunks-'));
    await mkdir(join(clientDir, 'assets'));
    await writeFile(join(clientDir, 'assets', 'home-AbCd1234.js'), code);
    await writeFile(join(clientDir, 'assets', 'home-AbCd1234.js.map'), JSON.stringify(map));
    await writeFile(join(clientDir, 'assets', 'vendor-Zz9_-x0Q.js'), 'x'.repeat(5000));
  });

  afterEach(async () => {
    await rm(clientDir, { recursive: true, force: true });
  });

  it('lists each script largest first with what it mainly holds, and the total', () => {
    const rows = describeChunks(clientDir, [
      'assets/home-AbCd1234.js',
      'assets/vendor-Zz9_-x0Q.js',
      'assets/home.css',
    ]);
    expect(rows.map((row) => row.file)).toEqual([
      'assets/home-AbCd1234.js',
      'assets/vendor-Zz9_-x0Q.js',
    ]);
    const lines = formatChunkTable(rows).split('\n');
    expect(lines[0]).toMatch(/^chunk\s+KB gz\s+mainly/);
    // Five thousand repeated bytes gzip to a few dozen; with no map, all of it is glue.
    expect(lines[1]).toMatch(/^vendor\.js\s+0\.\d\s+\(glue\) 100 %$/);
    expect(lines[2]).toMatch(
      /^home\.js\s+0\.\d\s+react-dom 50 %, src\/features\/home 29 %, \(glue\) 21 %$/,
    );
    expect(lines[3]).toMatch(/^total\s+0\.\d/);
  });
});
