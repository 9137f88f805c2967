import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findInspectorInBundle } from './productionBundle.ts';

let clientDir: string;

beforeEach(async () => {
  clientDir = await mkdtemp(join(tmpdir(), 'famjam-bundle-'));
  await mkdir(join(clientDir, 'assets'));
  await writeFile(join(clientDir, 'index.html'), '<script src="/assets/index.js"></script>');
  await writeFile(join(clientDir, 'assets', 'index.js'), 'console.log("FamJam");');
});

afterEach(async () => {
  await rm(clientDir, { recursive: true, force: true });
});

describe('findInspectorInBundle', () => {
  it('finds nothing in a clean build', () => {
    expect(findInspectorInBundle(clientDir)).toEqual([]);
  });

  it('names each file and what it found', async () => {
    await writeFile(
      join(clientDir, 'assets', 'inspect-abc123.js'),
      'import("@statelyai/inspect").then((m) => m.createBrowserInspector());',
    );
    await writeFile(join(clientDir, 'assets', 'notes.txt'), 'createBrowserInspector');
    expect(findInspectorInBundle(clientDir)).toEqual([
      { file: 'assets/inspect-abc123.js', marker: '@statelyai/inspect' },
      { file: 'assets/inspect-abc123.js', marker: 'createBrowserInspector' },
    ]);
  });
});
