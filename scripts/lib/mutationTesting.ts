/**
 * `npm run test:mutation`: Stryker on each machine of stately.config.json in turn, each against
 * its own test file only (stryker.config.mjs and stryker.config.vitest.ts read STRYKER_MACHINE),
 * then one table of the scores. Fails when a machine scores under 90 %.
 *   npm run test:mutation                        every machine
 *   npm run test:mutation -- shake offline       only these
 *   npm run test:mutation -- --concurrency 1     Stryker options are passed on (--incremental too)
 * Reports: .tmp/mutation/<id>.html (every mutant, survived ones first), .tmp/mutation/<id>.json.
 * Each machine that finishes has its score and the fingerprint of its files written to
 * machines/mutation-scores.json (scripts/lib/mutationRecord.ts): commit it with the change.
 */
import { spawn } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { readMachineEntries, repoRoot } from './machineCharts.ts';
import {
  fingerprintOf,
  minimumMutationScore as minimumScore,
  mutationRecordPath,
  writeMutationRecord,
} from './mutationRecord.ts';

type MutantStatus =
  | 'Killed'
  | 'Survived'
  | 'NoCoverage'
  | 'Timeout'
  | 'CompileError'
  | 'RuntimeError'
  | 'Ignored'
  | 'Pending';

interface Score {
  machine: string;
  killed: number;
  survived: number;
  noCoverage: number;
  timeout: number;
  ignored: number;
  /** Killed (or timed out) among the mutants that count, in percent. */
  score: number;
  seconds: number;
}

/** The mutation score of a Stryker JSON report (mutation-testing-report-schema). */
function scoreOfReport(
  report: { files: Record<string, { mutants: { status: MutantStatus }[] }> },
  machine: string,
  seconds: number,
): Score {
  const statuses = Object.values(report.files).flatMap((file) => file.mutants.map((m) => m.status));
  const count = (status: MutantStatus) => statuses.filter((s) => s === status).length;
  const killed = count('Killed');
  const timeout = count('Timeout');
  const survived = count('Survived');
  const noCoverage = count('NoCoverage');
  const detected = killed + timeout;
  const valid = detected + survived + noCoverage;
  return {
    machine,
    killed,
    survived,
    noCoverage,
    timeout,
    ignored: count('Ignored'),
    score: valid === 0 ? 100 : (detected / valid) * 100,
    seconds,
  };
}

function runStryker(machine: string, args: readonly string[]): Promise<number> {
  return new Promise((resolveRun) => {
    const child = spawn(join(repoRoot, 'node_modules', '.bin', 'stryker'), ['run', ...args], {
      cwd: repoRoot,
      stdio: 'inherit',
      env: { ...process.env, STRYKER_MACHINE: machine },
    });
    child.on('error', () => resolveRun(127));
    child.on('close', (code) => resolveRun(code ?? 1));
  });
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const entries = readMachineEntries();
  const known = entries.map((entry) => entry.id);
  const chosen = argv.filter((arg) => known.includes(arg));
  const strykerArgs = argv.filter((arg) => !known.includes(arg));
  const machines = chosen.length > 0 ? chosen : known;
  const scores: Score[] = [];
  for (const machine of machines) {
    const entry = entries.find((candidate) => candidate.id === machine);
    if (entry === undefined) throw new Error(`No stately.config.json entry for ${machine}`);
    // Taken before the run: a file edited while Stryker works must not inherit this score.
    const fingerprint = fingerprintOf(entry);
    console.log(`\n▶ Mutation testing machines/${machine}.ts against machines/${machine}.test.ts`);
    const started = Date.now();
    // Stryker exits non-zero under its `break` threshold; the table below says which machine.
    await runStryker(machine, strykerArgs);
    const seconds = Math.round((Date.now() - started) / 1000);
    const reportPath = join(repoRoot, '.tmp', 'mutation', `${machine}.json`);
    try {
      const score = scoreOfReport(JSON.parse(readFileSync(reportPath, 'utf8')), machine, seconds);
      if (statSync(reportPath).mtimeMs < started) {
        throw new Error(`the report at ${reportPath} is older than this run`);
      }
      scores.push(score);
      writeMutationRecord({
        [machine]: {
          score: Math.round(score.score * 100) / 100,
          killed: score.killed,
          timeout: score.timeout,
          survived: score.survived,
          noCoverage: score.noCoverage,
          fingerprint,
          measured: new Date().toISOString().slice(0, 10),
        },
      });
    } catch {
      console.error(`No report at ${reportPath}: Stryker did not finish for ${machine}.`);
      return 1;
    }
  }
  console.log(
    '\nMutation score per machine (killed + timed out, of killed, survived, no coverage):',
  );
  for (const s of scores) {
    const mark = s.score >= minimumScore ? 'ok' : `UNDER ${minimumScore} %`;
    console.log(
      `  ${`machines/${s.machine}.ts`.padEnd(28)} ${s.score.toFixed(2).padStart(6)} %  killed ${s.killed}, timeout ${s.timeout}, survived ${s.survived}, no coverage ${s.noCoverage}${s.ignored ? `, ignored ${s.ignored}` : ''}  (${s.seconds} s)  ${mark}`,
    );
  }
  console.log(`\nRecorded in ${mutationRecordPath}: commit it with the machines' change.`);
  const failing = scores.filter((s) => s.score < minimumScore);
  if (failing.length > 0) {
    console.error(
      `\n${failing.map((s) => s.machine).join(', ')} under ${minimumScore} %: see .tmp/mutation/<id>.html for the mutants that survived.`,
    );
    return 1;
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`test:mutation: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
