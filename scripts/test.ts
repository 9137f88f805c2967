/**
 * `npm test`: every kind of test the project has, stopping at the first failure.
 *   npm test                 all steps
 *   npm test -- api e2e      only the named steps (build runs before e2e only when named too)
 * Steps that do not fight for the same cores run side by side (`after` below says what each
 * waits for); each step's output is kept and printed whole, in the steps' order, the first
 * unfinished one live, so the log reads as if they had run one after another.
 * What the steps need from the system comes first, so a fresh machine needs no other command:
 * Chromium's headless shell (e2e), PostgreSQL (api-postgres), libical and python3-icalendar (unit: real parsers
 * read our calendar files) are installed from Debian's packages when missing and the user may
 * (root, or sudo without a password); otherwise the one command that would is printed, and the
 * run fails (no Chromium, no parsers) or skips api-postgres with that reason (no PostgreSQL). A private throwaway PostgreSQL is then started for api-postgres and removed at
 * the end, unless FAMJAM_TEST_POSTGRES_URL names a server to use instead.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { precachedFrameProblems } from './lib/precachedFrames.ts';
import { findInspectorInBundle } from './lib/productionBundle.ts';
import {
  aptEnvironment,
  e2eBrowserPath,
  findPostgresBin,
  hasPasswordlessSudo,
  isExecutable,
  isRootUser,
  missingIcalParsers,
  notificationsBrowserPath,
  onPath,
  planSystemPackages,
  type SystemPackage,
} from './lib/systemPackages.ts';
import { startThrowawayPostgres, type ThrowawayPostgres } from './lib/throwawayPostgres.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoBin = join(repoRoot, 'node_modules', '.bin');

interface Step {
  name: string;
  what: string;
  command: string;
  args: string[];
  /** Extra environment for the step, read when it starts. */
  env?: () => NodeJS.ProcessEnv;
  /** Why the step cannot run here, or null when it can. Printed, never silent. */
  unavailable?: () => string | null;
  /**
   * Steps (when selected) that must have passed before this one starts: what it needs (e2e
   * needs build), or what would fight it for the 2 cores. Everything else starts at once.
   */
  after?: readonly string[];
}

// The API tests that touch the database run a second time on a real PostgreSQL: the one
// FAMJAM_TEST_POSTGRES_URL names, or the throwaway server started below. Each test file creates
// and drops its own database there, so the role needs CREATEDB and the right to create extensions.
const postgres: { url: string | null; unavailable: string | null } = {
  url: process.env.FAMJAM_TEST_POSTGRES_URL || null,
  unavailable: null,
};

// What runs beside what (`after`), for a 2-core machine: the quick steps (typecheck, lint,
// build, size) start at once beside unit and are done within a minute or two; the heavy steps
// then run one after another (unit, api, api-postgres, e2e). Measured in a clean CI run on
// 2026-11-26: with e2e beside api and api-postgres beside unit, api took 19 min and e2e 32 min
// (the whole run 40 min), against about 23 min for everything one after another before.
// The order below is the order the output is printed in.
const steps: readonly Step[] = [
  {
    // First and alone: it extracts and compiles the catalogues in place (putting them back
    // after), so nothing may read locales/ meanwhile.
    name: 'i18n',
    what: 'message catalogues in line with the code, none missing (npm run i18n -- check)',
    command: 'tsx',
    args: ['scripts/i18n.ts', 'check'],
  },
  {
    name: 'typecheck',
    what: 'TypeScript',
    command: 'tsc',
    args: ['--noEmit', '-p', 'tsconfig.json'],
    after: ['i18n'],
  },
  {
    name: 'lint',
    what: 'Biome lint and format check',
    command: 'biome',
    args: ['check', '.'],
    after: ['i18n'],
  },
  {
    name: 'unit',
    what: 'unit, component and machine model tests (Vitest)',
    command: 'vitest',
    args: ['run', '--project', 'unit*'],
    after: ['i18n'],
  },
  {
    name: 'api',
    what: 'API tests on PGlite and the Auth emulator (Vitest)',
    command: 'tsx',
    args: ['scripts/with-auth-emulator.ts', 'vitest', 'run', '--project', 'api*'],
    after: ['unit'],
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
      'api*',
      'server/db',
      'server/routes',
      'server/services',
      // The stores' own tests (the field table against the database, the import's upsert).
      'server/stores',
      'server/seed',
      'server/ingest',
      // The job runner, with two runners and two real API processes on one PostgreSQL (issue
      // 20's scale-out; the two-process part is skipped on PGlite).
      'server/jobs',
    ],
    env: () => (postgres.url ? { DATABASE_URL: postgres.url } : {}),
    unavailable: () => postgres.unavailable,
    after: ['api'],
  },
  {
    name: 'build',
    what: 'client production build and page-frame server bundle (Vite)',
    command: 'tsx',
    args: ['scripts/build.ts'],
    after: ['i18n'],
  },
  {
    name: 'size',
    what: 'first-visit JS and CSS per route, against the size budget (npm run size)',
    command: 'tsx',
    args: ['scripts/size.ts'],
    after: ['build'],
  },
  {
    name: 'e2e',
    what: 'browser tests with axe checks (Playwright, Chromium)',
    command: 'playwright',
    args: ['test'],
    after: ['build', 'api-postgres'],
  },
];

const color = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code: number, text: string) => (color ? `\x1b[${code}m${text}\x1b[0m` : text);
const bold = (text: string) => paint(1, text);
const red = (text: string) => paint(31, text);
const green = (text: string) => paint(32, text);
const dim = (text: string) => paint(2, text);

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
  /** When the step started, from the start of the run. */
  startMs?: number;
  exitCode?: number | string;
}

/** The commands running now, to pass a SIGTERM on to. */
const running = new Set<ReturnType<typeof spawn>>();
let interrupted = false;

/** Where a command's output goes: our own streams, or a step's kept output. */
interface Sink {
  out(chunk: Buffer | string): void;
  err(chunk: Buffer | string): void;
}

/** Runs one command with no stdin; resolves its exit code (or signal). */
function run(
  command: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv = {},
  sink?: Sink,
): Promise<number | string> {
  return new Promise((resolveRun) => {
    const child = spawn(command, args, {
      cwd: repoRoot,
      stdio: ['ignore', sink ? 'pipe' : 'inherit', sink ? 'pipe' : 'inherit'],
      env: {
        ...process.env,
        ...env,
        PATH: `${repoBin}${delimiter}${process.env.PATH ?? ''}`,
        // Tools print colours only to terminals; keep them when ours is one.
        ...(color ? { FORCE_COLOR: '1' } : {}),
      },
    });
    running.add(child);
    if (sink) {
      child.stdout?.on('data', (chunk: Buffer) => sink.out(chunk));
      child.stderr?.on('data', (chunk: Buffer) => sink.err(chunk));
    }
    child.on('error', (error) => {
      running.delete(child);
      const message = `could not run ${command}: ${error.message} (tools: run npm ci first)\n`;
      if (sink) sink.err(red(message));
      else process.stderr.write(red(message));
      resolveRun(127);
    });
    // 'close', not 'exit': the step's output has been read to its end.
    child.on('close', (code, signal) => {
      running.delete(child);
      resolveRun(code ?? signal ?? 1);
    });
  });
}

/** After `vite build`: the Stately inspector must not be in what users download. */
function checkProductionBundle(sink: Sink): number | string {
  const clientDir = join(repoRoot, 'dist', 'client');
  const traces = findInspectorInBundle(clientDir);
  if (traces.length === 0) {
    sink.out(`${dim('No Stately inspector code in dist/client.')}\n`);
    return 0;
  }
  sink.err(`${red('The production build contains the Stately inspector:')}\n`);
  for (const { file, marker } of traces) sink.err(`  dist/client/${file}: ${marker}\n`);
  sink.err('It must load only in `npm run dev -- --inspect` (behind import.meta.env.DEV).\n');
  return 'inspector in the production build';
}

/** After `vite build`: the service worker precaches every page's frame (issue 36). */
function checkPrecachedFrames(sink: Sink): number | string {
  const clientDir = join(repoRoot, 'dist', 'client');
  const problems = precachedFrameProblems(
    readFileSync(join(clientDir, 'sw.js'), 'utf8'),
    readFileSync(join(clientDir, 'frames-sw.js'), 'utf8'),
  );
  if (problems.length === 0) {
    sink.out(`${dim('The service worker precaches every page frame in every language.')}\n`);
    return 0;
  }
  sink.err(`${red("The service worker's page frames are not as they should be:")}\n`);
  for (const problem of problems) sink.err(`  ${problem}\n`);
  return 'page frames missing from the precache';
}

interface Section {
  /** Printed when the section's turn comes; unset until the step starts. */
  header: string | null;
  kept: { toStderr: boolean; chunk: Buffer | string }[];
  finished: boolean;
}

/**
 * Prints the steps' output in the steps' order, whatever order they run in: the first section
 * not yet printed in full goes straight to the terminal as it comes; the others are kept until
 * their turn. A step that never started (the run stopped first) is left out.
 */
class OrderedOutput {
  private readonly sections: Section[];
  private next = 0;
  private headerShown = false;

  constructor(count: number) {
    this.sections = Array.from({ length: count }, () => ({
      header: null,
      kept: [],
      finished: false,
    }));
  }

  begin(index: number, header: string): void {
    this.section(index).header = header;
    this.pump();
  }

  sink(index: number): Sink {
    return {
      out: (chunk) => this.write(index, false, chunk),
      err: (chunk) => this.write(index, true, chunk),
    };
  }

  end(index: number): void {
    this.section(index).finished = true;
    this.pump();
  }

  /** At the end of the run: what never started is skipped over, the rest printed. */
  flush(): void {
    for (const section of this.sections) {
      if (section.header === null) section.finished = true;
    }
    this.pump();
  }

  private section(index: number): Section {
    const section = this.sections[index];
    if (!section) throw new Error(`no step ${index}`);
    return section;
  }

  private write(index: number, toStderr: boolean, chunk: Buffer | string): void {
    if (index === this.next && this.headerShown) {
      (toStderr ? process.stderr : process.stdout).write(chunk);
    } else {
      this.section(index).kept.push({ toStderr, chunk });
    }
  }

  private pump(): void {
    for (let section = this.sections[this.next]; section; section = this.sections[this.next]) {
      if (section.header !== null && !this.headerShown) {
        process.stdout.write(section.header);
        this.headerShown = true;
      }
      for (const { toStderr, chunk } of section.kept) {
        (toStderr ? process.stderr : process.stdout).write(chunk);
      }
      section.kept = [];
      if (!section.finished) return;
      this.next += 1;
      this.headerShown = false;
    }
  }
}

function printSummary(results: Result[], totalMs: number): void {
  const nameWidth = Math.max(...results.map((r) => r.step.name.length), 'total'.length);
  const marks: Record<Outcome, [string, (text: string) => string]> = {
    passed: ['✔ passed', green],
    failed: ['✘ FAILED', red],
    'not run': ['- not run', dim],
    skipped: ['~ skipped', dim],
  };
  // Steps overlap, so each one's start is shown: the times do not add up to the total.
  console.log(`\n${bold('Summary')} ${dim('(from: when the step started in the run)')}`);
  for (const { step, outcome, ms, startMs } of results) {
    const [mark, paintMark] = marks[outcome];
    const ran = outcome === 'passed' || outcome === 'failed';
    const time = ran ? formatDuration(ms) : '';
    const from = ran && startMs !== undefined ? `from ${formatDuration(startMs)}` : '';
    console.log(
      `  ${step.name.padEnd(nameWidth)}  ${paintMark(mark.padEnd(9))}  ${time.padStart(10)}  ${dim(from.padEnd(15))}  ${dim(step.what)}`,
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

const packageLabels: Record<SystemPackage, string> = {
  'chromium-headless-shell': "Chromium's headless shell (the browser tests)",
  chromium: 'Chromium (the browser tests that need notifications)',
  postgresql: 'PostgreSQL (api-postgres)',
  libical3: 'libical (the calendar files checked by a real parser, unit)',
  'python3-icalendar': 'python3-icalendar (the calendar files checked by a real parser, unit)',
  'redis-server': 'Redis (the rate limit counted in Valkey/Redis, api)',
};

/**
 * Installs the missing system packages the selected steps need, when the user may. Returns an
 * exit code to stop with, or null to go on (api-postgres may then be marked unavailable).
 */
async function provideSystemPackages(selected: readonly Step[]): Promise<number | null> {
  const needs = (name: string) => selected.some((step) => step.name === name);
  const missing: SystemPackage[] = [];
  if (needs('e2e') && !isExecutable(e2eBrowserPath())) {
    // A CHROMIUM_PATH that points nowhere is a typo to fix, not a package to install.
    if (process.env.CHROMIUM_PATH) {
      console.error(
        red(`CHROMIUM_PATH is ${process.env.CHROMIUM_PATH}, which is not an executable.`),
      );
      return 1;
    }
    missing.push('chromium-headless-shell');
  }
  if (needs('e2e') && !isExecutable(notificationsBrowserPath())) {
    if (process.env.CHROMIUM_NOTIFICATIONS_PATH) {
      console.error(
        red(
          `CHROMIUM_NOTIFICATIONS_PATH is ${process.env.CHROMIUM_NOTIFICATIONS_PATH}, which is not an executable.`,
        ),
      );
      return 1;
    }
    missing.push('chromium');
  }
  if (needs('api-postgres') && !postgres.url && findPostgresBin() === null) {
    missing.push('postgresql');
  }
  if (needs('unit')) missing.push(...missingIcalParsers());
  // server/stores/rateLimitsRedis.test.ts runs a real redis-server (skipped, saying so, without).
  if (needs('api') && !onPath('redis-server')) missing.push('redis-server');
  if (missing.length === 0) return null;

  const isRoot = isRootUser();
  const plan = planSystemPackages({
    missing,
    isRoot,
    passwordlessSudo: !isRoot && onPath('sudo') && hasPasswordlessSudo(),
    hasAptGet: onPath('apt-get'),
  });
  const what = missing.map((name) => packageLabels[name]).join(' and ');
  if (plan.kind === 'install') {
    console.log(
      bold(`
${what}: not installed; installing from Debian's packages.`),
    );
    for (const command of plan.commands) {
      const [binary = '', ...args] = command;
      console.log(dim(`$ DEBIAN_FRONTEND=noninteractive ${command.join(' ')}`));
      const code = await run(binary, args, aptEnvironment);
      if (code !== 0 || interrupted) {
        console.error(
          red(`
${command.join(' ')} failed (${interrupted ? 'interrupted' : `exit code ${code}`}).`),
        );
        return 1;
      }
    }
    const stillMissing = [
      ...(missing.includes('chromium-headless-shell') && !isExecutable(e2eBrowserPath())
        ? ['chromium-headless-shell']
        : []),
      ...(missing.includes('chromium') && !isExecutable(notificationsBrowserPath())
        ? ['chromium']
        : []),
      ...(missing.includes('postgresql') && findPostgresBin() === null ? ['postgresql'] : []),
      ...missingIcalParsers().filter((name) => missing.includes(name)),
      ...(missing.includes('redis-server') && !onPath('redis-server') ? ['redis-server'] : []),
    ];
    if (stillMissing.length > 0) {
      console.error(red(`apt-get finished, but ${stillMissing.join(' and ')} is still not found.`));
      return 1;
    }
    return null;
  }
  if (plan.kind === 'cannot') {
    const how = plan.command ? `install with: ${plan.command}` : plan.reason;
    const parsers = missing.filter((name) => name === 'libical3' || name === 'python3-icalendar');
    if (parsers.length > 0) {
      // The unit step would fail on contract/icalendar.parsers.test.ts: say why first.
      console.error(
        red(`
${parsers.join(' and ')}: not installed, and npm test cannot install them: ${plan.reason}.`),
      );
      console.error(`The unit tests read our calendar files with them; ${how}`);
      return 1;
    }
    if (missing.includes('chromium-headless-shell') || missing.includes('chromium')) {
      console.error(
        red(`
${what}: not installed, and npm test cannot install it: ${plan.reason}.`),
      );
      console.error(
        `Chromium is looked for at ${e2eBrowserPath()} (or CHROMIUM_PATH) and ${notificationsBrowserPath()} (or CHROMIUM_NOTIFICATIONS_PATH); ${how}`,
      );
      return 1;
    }
    // The other steps can still pass, so api-postgres is skipped with the reason rather than
    // failing the whole run; the summary shows it skipped.
    if (missing.includes('postgresql')) {
      postgres.unavailable = `PostgreSQL is not installed, and npm test cannot install it (${plan.reason}); ${how}`;
      console.log(`
${postgres.unavailable}`);
    }
    // The api step runs without it; its Redis test is skipped with the reason in its title.
    if (missing.includes('redis-server')) {
      console.log(`
Redis is not installed, and npm test cannot install it (${plan.reason}); the Redis rate-limit test is skipped; ${how}`);
    }
  }
  return null;
}

/** The throwaway PostgreSQL for api-postgres, unless FAMJAM_TEST_POSTGRES_URL names one. */
async function startPostgresForTests(selected: readonly Step[]): Promise<ThrowawayPostgres | null> {
  if (!selected.some((step) => step.name === 'api-postgres')) return null;
  if (postgres.url || postgres.unavailable) return null;
  const binDir = findPostgresBin();
  if (!binDir) return null;
  const server = await startThrowawayPostgres(binDir);
  postgres.url = server.url;
  console.log(
    dim(`
PostgreSQL ${server.version}: a throwaway server for api-postgres on 127.0.0.1:${server.port} (${server.dir}), removed at the end.`),
  );
  return server;
}

async function main(): Promise<number> {
  const selected = selectSteps(process.argv.slice(2));

  // Ctrl-C reaches the running commands by themselves (same process group); SIGTERM is passed
  // on. Either way the summary still prints, with the interrupted steps marked failed, and the
  // throwaway PostgreSQL is stopped.
  process.on('SIGINT', () => {
    interrupted = true;
  });
  process.on('SIGTERM', () => {
    interrupted = true;
    for (const child of running) child.kill('SIGTERM');
  });

  const stopCode = await provideSystemPackages(selected);
  if (stopCode !== null) return stopCode;
  const server = await startPostgresForTests(selected);
  // main's finally stops it; this covers an exit that skips it (process.exit from elsewhere).
  const stopServer = () => server?.stop();
  process.on('exit', stopServer);
  try {
    return await runSteps(selected);
  } finally {
    stopServer();
  }
}

/**
 * Starts every step whose `after` steps have passed (or were skipped), as soon as they have;
 * after a failure (or an interruption) no new step starts, and the ones running finish.
 * Resolves the first failed step, in the steps' order, or null.
 */
function scheduleSteps(results: Result[], started: number): Promise<Result | null> {
  const output = new OrderedOutput(results.length);
  const selectedNames = new Set(results.map((result) => result.step.name));
  const done = (name: string) =>
    results.some(
      (r) => r.step.name === name && (r.outcome === 'passed' || r.outcome === 'skipped'),
    );
  const launched = new Set<Result>();
  let active = 0;
  let stopping = false;

  return new Promise((resolveAll) => {
    const launchReady = () => {
      for (const [index, result] of results.entries()) {
        if (stopping || interrupted) break;
        if (launched.has(result)) continue;
        const waitsFor = (result.step.after ?? []).filter((name) => selectedNames.has(name));
        if (!waitsFor.every(done)) continue;
        launched.add(result);
        void runStep(index, result);
      }
      if (active === 0) {
        output.flush();
        resolveAll(results.find((result) => result.outcome === 'failed') ?? null);
      }
    };

    const runStep = async (index: number, result: Result) => {
      const { step } = result;
      const startMs = Date.now() - started;
      const beside = [...launched]
        .filter((other) => other !== result && other.outcome === 'not run')
        .map((other) => other.step.name);
      const when = dim(
        `(at ${formatDuration(startMs)}${beside.length > 0 ? `, beside ${beside.join(', ')}` : ''})`,
      );
      output.begin(
        index,
        `\n${bold(`▶ [${index + 1}/${results.length}] ${step.name}`)} ${dim(`— ${step.what}: ${step.command} ${step.args.join(' ')}`)} ${when}\n\n`,
      );
      const sink = output.sink(index);
      const reasonUnavailable = step.unavailable?.() ?? null;
      if (reasonUnavailable) {
        sink.out(`Skipped: ${reasonUnavailable}\n`);
        result.outcome = 'skipped';
        output.end(index);
        launchReady();
        return;
      }
      active += 1;
      result.startMs = startMs;
      const stepStarted = Date.now();
      let exitCode = await run(step.command, step.args, step.env?.(), sink);
      if (step.name === 'build' && exitCode === 0) exitCode = checkProductionBundle(sink);
      if (step.name === 'build' && exitCode === 0) exitCode = checkPrecachedFrames(sink);
      result.ms = Date.now() - stepStarted;
      result.outcome = exitCode === 0 && !interrupted ? 'passed' : 'failed';
      result.exitCode = exitCode;
      if (result.outcome === 'failed') stopping = true;
      sink.out(dim(`\n${step.name} ${result.outcome} in ${formatDuration(result.ms)}\n`));
      output.end(index);
      active -= 1;
      launchReady();
    };

    launchReady();
  });
}

async function runSteps(selected: readonly Step[]): Promise<number> {
  const started = Date.now();
  const results: Result[] = selected.map((step) => ({ step, outcome: 'not run', ms: 0 }));
  const failed = await scheduleSteps(results, started);

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
  if (interrupted) {
    console.error(red(`\n${bold('npm test was interrupted')} before its next step.`));
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
