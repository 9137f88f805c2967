import { spawn } from 'node:child_process';
import { join } from 'node:path';

/*
 * `npm run build`, npm start's build and npm test's build step: the client (dist/client), then
 * the server bundle that renders page frames from the same components (dist/prerender,
 * server/plugins/pageFrames.ts). The second must always follow the first: the frames carry the
 * client build's class names and chunk names.
 */
const clientBuildSteps: readonly (readonly string[])[] = [
  ['build'],
  ['build', '--ssr', 'src/prerender/renderFrame.tsx'],
];

/** Written last by the build: its time stands for the whole build (freshness.ts). */
export const lastBuildOutputs = [
  join('dist', 'client', 'index.html'),
  join('dist', 'prerender', 'renderFrame.js'),
] as const;

/** Runs the build steps in order with our output; resolves the first failing exit code, or 0. */
export async function runClientBuild(repoRoot: string): Promise<number | string> {
  const viteBin = join(repoRoot, 'node_modules', '.bin', 'vite');
  for (const args of clientBuildSteps) {
    const outcome = await new Promise<number | string>((resolveStep) => {
      const child = spawn(viteBin, args, { cwd: repoRoot, stdio: 'inherit' });
      child.on('error', (error) => {
        console.error(`could not run vite (${error.message}); run npm ci first`);
        resolveStep(127);
      });
      child.on('exit', (code, signal) => resolveStep(code ?? signal ?? 1));
    });
    if (outcome !== 0) return outcome;
  }
  return 0;
}
