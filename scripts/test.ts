/**
 * `npm test`: every kind of test the project has, in order, stopping at the first failure.
 *   npm test                 all steps
 *   npm test -- api e2e      only the named steps (build runs before e2e only when named too)
 * Chromium is checked first, because the last step needs it and finding out after ten minutes
 * of other steps would be a waste.
 */
import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findInspectorInBundle } from './lib/productionBundle.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoBin = join(repoRoot, 'node_modules', '.bin');

interface Step {
  name: string;
  what: string;
  command: string;
  args: string[];
  /** Extra environment for the step. */
  env?: NodeJS.ProcessEnv;
  /** Why the step cannot run here, or null when it can. Printed, never silent. */
  unavailable?: () => string | null;
}

// The API tests that touch the database run a second time on a real PostgreSQL when one is
// given (CI starts a private Debian server; see .ci/run). Each test file creates and drops its
// own database there, so the role needs CREATEDB and the right to create extensions.
const postgresUrl = process.env.FAMJAM_TEST_POSTGRES_URL;

const steps: readonly Step[] = [
  {
    name: 'typecheck',
    what: 'TypeScript',
    command: 'tsc',
    args: ['--noEmit', '-p', 'tsconfig.json'],
  },
  { name: 'lint', what: 'Biome lint and format check', command: 'biome', args: ['check', '.'] },
  {
    name: 'unit',
    what: 'unit, component and machine model tests (Vitest)',
    command: 'vitest',
    args: ['run', '--project', 'unit'],
  },
  {
    name: 'api',
    what: 'API tests on PGlite and the Auth emulator (Vitest)',
    command: 'tsx',
    args: ['scripts/with-auth-emulator.ts', 'vitest', 'run', '--project', 'api'],
  },
  {
    name: 'api-postgres',
    what: 'the database API tests again on a real PostgreSQL (FAMJAM_TEST_POSTGRES_URL)',
    command: 'tsx',
    args: [
      'scripts/with-auth-emulator.ts',
      'vitest',
      'run',
      '--project',
      'api',
      'server/db',
      'server/routes',
      'server/services',
      'server/seed',
      'server/ingest',
    ],
    env: postgresUrl ? { DATABASE_URL: postgresUrl } : {},
    unavailable: () =>
      postgresUrl
        ? null
        : 'FAMJAM_TEST_POSTGRES_URL is not set (CI sets it; e.g. postgres://user@127.0.0.1:5432/postgres)',
  },
  { name: 'build', what: 'client production build (Vite)', command: 'vite', args: ['build'] },
  {
    name: 'size',
    what: 'first-visit JS and CSS per route, against the size budget (npm run size)',
    command: 'tsx',
    args: ['scripts/size.ts'],
  },
  {
    name: 'e2e',
    what: 'browser tests with axe checks (Playwright, Chromium)',
    command: 'playwright',
    args: ['test'],
  },
];

const color = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code: number, text: string) => (color ? `\x1b[${code}m${text}\x1b[0m` : text);
const bold = (text: string) => paint(1, text);
const red = (text: string) => paint(31, text);
const green = (text: string) => paint(32, text);
const dim = (text: string) => paint(2, text);

function chromiumPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  return `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
}

type Outcome = 'passed' | 'failed' | 'not run' | 'skipped';

interface Result {
  step: Step;
  outcome: Outcome;
  ms: number;
  exitCode?: number | string;
}

let current: ReturnType<typeof spawn> | null = null;
let interrupted = false;

function run(step: Step): Promise<number | string> {
  return new Promise((resolveRun) => {
    const child = spawn(step.command, step.args, {
      cwd: repoRoot,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: {
        ...process.env,
        ...step.env,
        PATH: `${repoBin}${delimiter}${process.env.PATH ?? ''}`,
        // Tools print colours only to terminals; keep them when ours is one.
        ...(color ? { FORCE_COLOR: '1' } : {}),
      },
    });
    current = child;
    child.on('error', (error) => {
      console.error(red(`could not run ${step.command}: ${error.message} (run npm ci first)`));
      resolveRun(127);
    });
    child.on('exit', (code, signal) => {
      current = null;
      resolveRun(code ?? signal ?? 1);
    });
  });
}

/** After `vite build`: the Stately inspector must not be in what users download. */
function checkProductionBundle(): number | string {
  const clientDir = join(repoRoot, 'dist', 'client');
  const traces = findInspectorInBundle(clientDir);
  if (traces.length === 0) {
    console.log(dim('No Stately inspector code in dist/client.'));
    return 0;
  }
  console.error(red('The production build contains the Stately inspector:'));
  for (const { file, marker } of traces) console.error(`  dist/client/${file}: ${marker}`);
  console.error('It must load only in `npm run dev -- --inspect` (behind import.meta.env.DEV).');
  return 'inspector in the production build';
}

function printSummary(results: Result[], totalMs: number): void {
  const nameWidth = Math.max(...results.map((r) => r.step.name.length), 'total'.length);
  const marks: Record<Outcome, [string, (text: string) => string]> = {
    passed: ['✔ passed', green],
    failed: ['✘ FAILED', red],
    'not run': ['- not run', dim],
    skipped: ['~ skipped', dim],
  };
  console.log(`\n${bold('Summary')}`);
  for (const { step, outcome, ms } of results) {
    const [mark, paintMark] = marks[outcome];
    const time = outcome === 'not run' || outcome === 'skipped' ? '' : formatDuration(ms);
    console.log(
      `  ${step.name.padEnd(nameWidth)}  ${paintMark(mark.padEnd(9))}  ${time.padStart(10)}  ${dim(step.what)}`,
    );
  }
  console.log(
    `  ${'total'.padEnd(nameWidth)}  ${''.padEnd(9)}  ${formatDuration(totalMs).padStart(10)}`,
  );
}

function selectSteps(argv: string[]): readonly Step[] {
  if (argv.length === 0) return steps;
  const known = new Set(steps.map((s) => s.name));
  const unknown = argv.filter((name) => !known.has(name));
  if (unknown.length > 0) {
    console.error(
      `Unknown step ${unknown.join(', ')}; the steps are: ${steps.map((s) => s.name).join(', ')}`,
    );
    process.exit(2);
  }
  return steps.filter((s) => argv.includes(s.name));
}

async function main(): Promise<number> {
  const selected = selectSteps(process.argv.slice(2));

  if (selected.some((s) => s.name === 'e2e')) {
    const chromium = chromiumPath();
    if (!isExecutable(chromium)) {
      console.error(
        red(
          `Chromium is needed for the browser tests; install it with \`apt-get install chromium\` (Debian/Ubuntu)`,
        ),
      );
      console.error(
        `It was looked for at ${chromium}${process.env.CHROMIUM_PATH ? ' (CHROMIUM_PATH)' : ''}; set CHROMIUM_PATH if it is installed elsewhere.`,
      );
      return 1;
    }
  }

  // Ctrl-C reaches the running step by itself (same process group); SIGTERM is passed on.
  // Either way the summary still prints, with the interrupted step marked failed.
  process.on('SIGINT', () => {
    interrupted = true;
  });
  process.on('SIGTERM', () => {
    interrupted = true;
    current?.kill('SIGTERM');
  });

  const started = Date.now();
  const results: Result[] = selected.map((step) => ({ step, outcome: 'not run', ms: 0 }));
  let failed: Result | null = null;
  for (const [index, result] of results.entries()) {
    const { step } = result;
    console.log(
      `\n${bold(`▶ [${index + 1}/${results.length}] ${step.name}`)} ${dim(`— ${step.what}: ${step.command} ${step.args.join(' ')}`)}\n`,
    );
    const reasonUnavailable = step.unavailable?.() ?? null;
    if (reasonUnavailable) {
      console.log(`Skipped: ${reasonUnavailable}`);
      result.outcome = 'skipped';
      continue;
    }
    const stepStarted = Date.now();
    let exitCode = await run(step);
    if (step.name === 'build' && exitCode === 0) exitCode = checkProductionBundle();
    result.ms = Date.now() - stepStarted;
    result.outcome = exitCode === 0 && !interrupted ? 'passed' : 'failed';
    result.exitCode = exitCode;
    console.log(dim(`\n${step.name} ${result.outcome} in ${formatDuration(result.ms)}`));
    if (result.outcome === 'failed') {
      failed = result;
      break;
    }
  }

  printSummary(results, Date.now() - started);
  if (failed) {
    const why = interrupted ? 'interrupted' : `exit code ${failed.exitCode}`;
    console.error(
      red(
        `\n${bold(`npm test failed at step "${failed.step.name}"`)} (${failed.step.what}; ${why}).`,
      ),
    );
    console.error(`Re-run just that step with: npm test -- ${failed.step.name}`);
    return 1;
  }
  console.log(green(`\n${bold('All tests passed.')}`));
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(red(`npm test: ${error instanceof Error ? error.message : String(error)}`));
    process.exit(1);
  },
);
