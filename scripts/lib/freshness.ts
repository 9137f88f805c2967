import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { lastBuildOutputs } from './clientBuild.ts';

/** Everything the client build reads; a change to any of them makes dist/client stale. */
export const clientBuildInputs = [
  'src',
  'machines',
  'contract',
  'public',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
] as const;

/**
 * Newest modification time (ms) under a file or folder; 0 when it does not exist. A folder's
 * own time counts too: deleting or renaming a file changes nothing but its folder's time, and
 * the build must notice that an import target went away.
 */
function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path)) {
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/**
 * Why the client must be (re)built, or null when the build is newer than every input. The build
 * writes dist/client/index.html and dist/prerender/renderFrame.js last (clientBuild.ts): the
 * older of the two stands for it.
 */
export function clientBuildNeeded(repoRoot: string): string | null {
  const outputs = lastBuildOutputs.map((output) => join(repoRoot, output));
  const missing = outputs.find((output) => !existsSync(output));
  if (missing) return `no ${relative(repoRoot, missing)} yet`;
  const builtAt = Math.min(...outputs.map((output) => statSync(output).mtimeMs));
  for (const input of clientBuildInputs) {
    if (newestMtime(join(repoRoot, input)) > builtAt)
      return `${input} changed since the last build`;
  }
  return null;
}
