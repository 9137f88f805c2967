import { chmod, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparePrivateDir } from './privateDir.ts';

let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'famjam-private-'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function modeOf(path: string): Promise<string> {
  return ((await stat(path)).mode & 0o777).toString(8);
}

describe('preparePrivateDir (FAMJAM_DATA_DIR)', () => {
  it('creates a missing directory, and its missing parents, readable by the owner only', async () => {
    const dir = join(root, 'fresh', '.data');
    expect(preparePrivateDir(dir)).toBeNull();
    expect(await modeOf(dir)).toBe('700');
    expect(await modeOf(join(root, 'fresh'))).toBe('700');
  });

  it('tightens an existing 0755 directory to 0700 and says so, once', async () => {
    const dir = join(root, 'loose');
    await mkdir(dir);
    await chmod(dir, 0o755);
    expect(preparePrivateDir(dir)).toBe(
      `Made ${dir} readable by its owner only (it was 755; it holds the database and the Auth emulator's accounts, passwords included).`,
    );
    expect(await modeOf(dir)).toBe('700');
    expect(preparePrivateDir(dir)).toBeNull();
  });

  it('leaves an already private directory alone, without a note', async () => {
    const dir = join(root, 'private');
    await mkdir(dir, { mode: 0o700 });
    expect(preparePrivateDir(dir)).toBeNull();
    expect(await modeOf(dir)).toBe('700');
  });

  it('refuses a path that is a file, in one line naming it', async () => {
    const file = join(root, 'file');
    await writeFile(file, '');
    expect(() => preparePrivateDir(file)).toThrow(
      `the data directory ${file} is not a directory; set FAMJAM_DATA_DIR to a directory`,
    );
  });
});
