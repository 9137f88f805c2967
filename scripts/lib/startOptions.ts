/** The command line of `npm start` / `npm run dev` (scripts/start.ts). */

/** A mistake in how the command was called, phrased for the person who typed it. */
class UsageError extends Error {
  override name = 'UsageError';
}

export interface StartOptions {
  dev: boolean;
  inspect: boolean;
  /** Said once startup is under way, e.g. why a setting from the environment is ignored. */
  notes: string[];
}

export function parseStartArguments(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
): StartOptions {
  const options: StartOptions = { dev: false, inspect: false, notes: [] };
  for (const argument of argv) {
    if (argument === '--dev') options.dev = true;
    else if (argument === '--inspect') options.inspect = true;
    else throw new UsageError(`unknown option ${argument} (expected --dev and/or --inspect)`);
  }
  if (options.inspect && !options.dev) {
    throw new UsageError(
      '--inspect works with the dev server only: run `npm run dev -- --inspect`',
    );
  }
  if (env.VITE_STATELY_INSPECT === 'true') {
    // Often left exported from an earlier dev session: no reason to refuse `npm start` over it.
    if (options.dev) options.inspect = true;
    else {
      options.notes.push(
        'VITE_STATELY_INSPECT=true is ignored: the Stately inspector only runs with npm run dev.',
      );
    }
  }
  return options;
}
