/**
 * `npm run test:dates`: the unit suite (`vitest run --project 'unit*'`) at each awkward date,
 * hour and time zone in scripts/lib/dateMatrix.ts (month and year ends, daylight-saving changes,
 * a leap day, far and half-hour zones), under Debian's faketime. Not part of `npm test` (CI's
 * time budget); docs/testing.md#dates-and-zones says why each moment is there.
 *
 *   npm run test:dates                                  every moment, one after another
 *   npm run test:dates -- --only kiritimati,leap        moments whose name or zone contains a word
 *   npm run test:dates -- --list                        the moments, without running anything
 *   npm run test:dates -- src/features/home             other arguments go to Vitest (files, -t)
 *   npm run test:dates -- --api --only nov-30           the API suite too (about 3 minutes a moment)
 *
 * Each process starts at the moment's wall clock in its zone (TZ) and its clock then runs on
 * (faketime's default "start at" mode); monotonic clocks stay real
 * (FAKETIME_DONT_FAKE_MONOTONIC=1), so timers, Vitest's timeouts and performance.now() are
 * unaffected. Vitest's default `forks` pool inherits LD_PRELOAD, so every worker sees the same
 * faked clock; esbuild (Go) is not faked and does not need to be. Before each run, a Node under
 * the same faketime must read the moment's wall clock, or the row fails: a run whose clock was
 * not faked would pass for the wrong reason.
 *
 * Prints a table of every moment (PASS/FAIL, tests, time) and the failed tests; exits 1 when any
 * moment failed. Each run's whole output is in test-results/test-dates/<moment>.log.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  chooseMoments,
  type DateMoment,
  failedTestNames,
  type MomentResult,
  resultTable,
  wallClockMinute,
} from './lib/dateMatrix.ts';
import { onPath } from './lib/systemPackages.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoBin = join(repoRoot, 'node_modules', '.bin');
const logDir = join(repoRoot, 'test-results', 'test-dates');

/** The environment a process at `moment` runs in (faketime itself adds FAKETIME and LD_PRELOAD). */
function momentEnvironment(moment: DateMoment): NodeJS.ProcessEnv {
  return {
    ...process.env,
    TZ: moment.zone,
    FAKETIME_DONT_FAKE_MONOTONIC: '1',
    PATH: `${repoBin}${delimiter}${process.env.PATH ?? ''}`,
    // Colours would fill the logs with escapes.
    FORCE_COLOR: '0',
    NO_COLOR: '1',
  };
}

/**
 * What a Node under faketime at `moment` reads as its local wall clock, to the minute. faketime
 * reads the wall clock in TZ, so this is the moment's own clock when the fake took effect.
 */
function fakedWallClock(moment: DateMoment): string {
  const probe = spawnSync(
    'faketime',
    [moment.wallClock, process.execPath, '-e', 'process.stdout.write(String(Date.now()))'],
    { env: momentEnvironment(moment), encoding: 'utf8' },
  );
  const millis = Number(probe.stdout);
  if (probe.status !== 0 || !Number.isFinite(millis) || probe.stdout === '') {
    return `no clock (${probe.stderr.trim() || `exit ${probe.status}`})`;
  }
  return wallClockMinute(new Date(millis), moment.zone);
}

/**
 * The suites a moment runs: the unit suite, and with --api the API suite too, under its own Auth
 * emulator (scripts/with-auth-emulator.ts), started inside the same faketime so that the tokens
 * it signs and the server that checks them read one clock, as do PGlite's now() and the jobs.
 */
function suiteCommand(withApi: boolean): string[] {
  const projects = withApi ? ['--project', 'unit*', '--project', 'api*'] : ['--project', 'unit*'];
  const vitest = ['vitest', 'run', ...projects];
  return withApi ? ['tsx', join(repoRoot, 'scripts', 'with-auth-emulator.ts'), ...vitest] : vitest;
}

async function runMoment(
  moment: DateMoment,
  vitestArgs: readonly string[],
  withApi: boolean,
): Promise<MomentResult> {
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  const seen = fakedWallClock(moment);
  if (seen !== moment.wallClock.slice(0, 16)) {
    console.log(`  Node under faketime read ${seen}, not ${moment.wallClock} in ${moment.zone}`);
    return {
      moment,
      outcome: 'faketime not applied',
      seconds: seconds(),
      failedTests: [],
    };
  }

  const logPath = join(logDir, `${moment.name}.log`);
  const reportPath = join(logDir, `${moment.name}.json`);
  rmSync(reportPath, { force: true });
  const log = createWriteStream(logPath);
  const child = spawn(
    'faketime',
    [
      moment.wallClock,
      ...suiteCommand(withApi),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${reportPath}`,
      ...vitestArgs,
    ],
    { cwd: repoRoot, env: momentEnvironment(moment), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  const stop = () => child.kill('SIGTERM');
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  const exitCode = await new Promise<number>((done) => {
    child.on('close', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
  process.off('SIGINT', stop);
  process.off('SIGTERM', stop);
  await new Promise<void>((done) => log.end(done));

  let report: { numPassedTests?: number; numTotalTests?: number } | undefined;
  try {
    report = JSON.parse(readFileSync(reportPath, 'utf8'));
  } catch {
    // No report: Vitest did not get as far as running the tests; the log says why.
  }
  const failedTests = report ? failedTestNames(report) : [];
  return {
    moment,
    outcome: exitCode === 0 ? 'passed' : 'failed',
    tests:
      report?.numTotalTests !== undefined
        ? { passed: report.numPassedTests ?? 0, total: report.numTotalTests }
        : undefined,
    seconds: seconds(),
    failedTests:
      exitCode !== 0 && failedTests.length === 0
        ? [`Vitest exited with ${exitCode}; see ${logPath}`]
        : failedTests,
  };
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    options: {
      only: { type: 'string' },
      list: { type: 'boolean', default: false },
      api: { type: 'boolean', default: false },
    },
    allowPositionals: true,
  });
  const moments = chooseMoments(values.only);
  if (values.list) {
    for (const moment of moments) {
      console.log(`${moment.name}: ${moment.wallClock} ${moment.zone}. ${moment.why}`);
    }
    return 0;
  }
  if (!onPath('faketime')) {
    console.error(
      'test:dates needs faketime (Debian package faketime): sudo apt-get install -y faketime',
    );
    return 2;
  }

  mkdirSync(logDir, { recursive: true });
  const results: MomentResult[] = [];
  for (const [index, moment] of moments.entries()) {
    console.log(
      `[${index + 1}/${moments.length}] ${moment.name}: ${moment.wallClock} ${moment.zone}`,
    );
    const result = await runMoment(moment, positionals, values.api);
    console.log(
      `  ${result.outcome}${result.tests ? `, ${result.tests.passed}/${result.tests.total} tests` : ''} in ${Math.round(result.seconds)} s`,
    );
    results.push(result);
  }
  console.log(`\n${resultTable(results)}\n\nLogs: ${logDir}`);
  return results.every((result) => result.outcome === 'passed') ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
