import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

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
 * Why the client must be (re)built, or null when dist/client is newer than every input.
 * dist/client/index.html is written last by `vite build`, so its time stands for the build.
 */
export function clientBuildNeeded(repoRoot: string): string | null {
  const builtIndex = join(repoRoot, 'dist', 'client', 'index.html');
  if (!existsSync(builtIndex)) return 'no build in dist/client yet';
  const builtAt = statSync(builtIndex).mtimeMs;
  for (const input of clientBuildInputs) {
    if (newestMtime(join(repoRoot, input)) > builtAt)
      return `${input} changed since the last build`;
  }
  return null;
}

/** `vite build`, its output shown; rejects with a sentence when it fails. */
export function buildClient(repoRoot: string): Promise<void> {
  const viteBin = join(repoRoot, 'node_modules', '.bin', 'vite');
  return new Promise((resolveBuild, reject) => {
    const child = spawn(viteBin, ['build'], { cwd: repoRoot, stdio: 'inherit' });
    child.on('error', (error) => reject(new Error(`could not run vite (${error.message})`)));
    child.on('exit', (code, signal) => {
      if (code === 0) resolveBuild();
      else reject(new Error(`the client build failed (vite build exited with ${code ?? signal})`));
    });
  });
}
