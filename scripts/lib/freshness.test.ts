import { mkdir, mkdtemp, rename, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clientBuildInputs, clientBuildNeeded } from './freshness.ts';

let repo: string;
const past = new Date('2026-01-01T00:00:00Z');
const buildTime = new Date('2026-01-02T00:00:00Z');
const later = new Date('2026-01-03T00:00:00Z');

/** A repo whose inputs (files and folders) all predate the build in dist/client. */
async function makeRepo(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'famjam-freshness-'));
  await mkdir(join(root, 'src', 'features'), { recursive: true });
  await writeFile(join(root, 'src', 'features', 'a.ts'), 'export const a = 1;\n');
  await writeFile(join(root, 'src', 'features', 'b.ts'), 'export const b = 2;\n');
  await writeFile(join(root, 'index.html'), '<!doctype html>\n');
  await mkdir(join(root, 'dist', 'client'), { recursive: true });
  await writeFile(join(root, 'dist', 'client', 'index.html'), '<!doctype html>\n');
  await mkdir(join(root, 'dist', 'prerender'), { recursive: true });
  await writeFile(join(root, 'dist', 'prerender', 'renderFrame.js'), 'export {};\n');
  for (const path of [
    join(root, 'src', 'features', 'a.ts'),
    join(root, 'src', 'features', 'b.ts'),
    join(root, 'src', 'features'),
    join(root, 'src'),
    join(root, 'index.html'),
  ]) {
    await utimes(path, past, past);
  }
  await utimes(join(root, 'dist', 'client', 'index.html'), buildTime, buildTime);
  await utimes(join(root, 'dist', 'prerender', 'renderFrame.js'), buildTime, buildTime);
  return root;
}

beforeEach(async () => {
  repo = await makeRepo();
});

afterEach(async () => {
  await rm(repo, { recursive: true, force: true });
});

describe('clientBuildNeeded', () => {
  it('is null when the build is newer than every input', () => {
    expect(clientBuildInputs).toContain('src');
    expect(clientBuildNeeded(repo)).toBeNull();
  });

  it('asks for a build when there is none', async () => {
    await rm(join(repo, 'dist'), { recursive: true });
    expect(clientBuildNeeded(repo)).toBe('no dist/client/index.html yet');
  });

  it('asks for a build when the page-frame bundle is missing (a client-only vite build)', async () => {
    await rm(join(repo, 'dist', 'prerender'), { recursive: true });
    expect(clientBuildNeeded(repo)).toBe('no dist/prerender/renderFrame.js yet');
  });

  it('asks for a rebuild when the page-frame bundle is older than a changed input', async () => {
    await utimes(join(repo, 'dist', 'prerender', 'renderFrame.js'), past, past);
    await utimes(join(repo, 'src', 'features', 'a.ts'), buildTime, buildTime);
    expect(clientBuildNeeded(repo)).toBe('src changed since the last build');
  });

  it('asks for a rebuild when a source file changed', async () => {
    await utimes(join(repo, 'src', 'features', 'a.ts'), later, later);
    expect(clientBuildNeeded(repo)).toBe('src changed since the last build');
  });

  it('asks for a rebuild when a source file was deleted', async () => {
    await rm(join(repo, 'src', 'features', 'b.ts'));
    expect(clientBuildNeeded(repo)).toBe('src changed since the last build');
  });

  it('asks for a rebuild when a source file was renamed', async () => {
    await rename(join(repo, 'src', 'features', 'b.ts'), join(repo, 'src', 'features', 'c.ts'));
    // The renamed file keeps its old modification time; only its folder records the change.
    await utimes(join(repo, 'src', 'features', 'c.ts'), past, past);
    expect(clientBuildNeeded(repo)).toBe('src changed since the last build');
  });
});
