import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/*
 * The README and package.json promise a Node (engines.node); every package `npm ci` installs
 * must run on the lowest one. A package whose own engines.node leaves it out gets an EBADENGINE
 * warning from `npm ci` and may use what that Node lacks (ical-generator 11, cookie 2 and
 * content-disposition 3 ask for Node 22: docs/decisions.md). Optional packages are left out, as
 * npm leaves them out: one whose engines do not allow the running Node is skipped, not
 * installed (so rollup's optional @napi-rs/lzma-linux-x64-gnu, Node 22.20+, is absent on 20).
 */

const repoRoot = resolve(import.meta.dirname, '..', '..');

interface LockedPackage {
  version?: string;
  optional?: boolean;
  engines?: Record<string, string> | string[];
}

const packageJson = JSON.parse(readFileSync(resolve(repoRoot, 'package.json'), 'utf8')) as {
  engines: { node: string };
};
const lock = JSON.parse(readFileSync(resolve(repoRoot, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockedPackage>;
};
const lowestNode = semver.minVersion(packageJson.engines.node);

describe('dependencies and the promised Node', () => {
  it('the README names the lowest Node package.json allows', () => {
    expect(lowestNode).not.toBeNull();
    const readme = readFileSync(resolve(repoRoot, 'README.md'), 'utf8');
    const promised = /Needs \*\*Node (\d+\.\d+)\+\*\*/.exec(readme)?.[1];
    expect(`${promised}.0`).toBe(lowestNode?.version);
  });

  it('every installed package allows that Node (no EBADENGINE from npm ci)', () => {
    const lowest = lowestNode?.version ?? 'none';
    const refusing = Object.entries(lock.packages).flatMap(([path, locked]) => {
      // Old-style engines (an array of strings) carry no node range npm checks.
      const range = Array.isArray(locked.engines) ? undefined : locked.engines?.node;
      if (path === '' || locked.optional || range === undefined) return [];
      if (semver.satisfies(lowest, range, { includePrerelease: true })) return [];
      const name = path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
      return [`${name}@${locked.version} wants node ${range} (from ${path})`];
    });
    expect(refusing).toEqual([]);
  });
});
