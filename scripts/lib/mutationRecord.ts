/**
 * The committed record of each machine's last mutation score (machines/mutation-scores.json).
 *
 * Mutation testing takes minutes per machine, too long for every `npm test`. Instead,
 * `npm run test:mutation` writes each machine's score here with a fingerprint of the files the
 * score depends on, and a unit test (machines/mutationRecord.test.ts) fails when a machine or
 * its tests changed after its score was recorded, or when a recorded score is under the goal.
 * So a machine's mutation run happens exactly when its files change, and CI enforces it.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type MachineEntry, repoRoot } from './machineCharts.ts';

/** Each machine file's goal (docs/machines/README.md). */
export const minimumMutationScore = 90;

export const mutationRecordPath = 'machines/mutation-scores.json';

/** The shared test helpers every machine test leans on: weakening them weakens every score. */
const sharedTestFiles = ['machines/testing/modelTests.ts', 'machines/testing/testModel.ts'];

export interface MutationRecordEntry {
  /** Killed (or timed out) among the mutants that count, in percent, two decimals. */
  score: number;
  killed: number;
  timeout: number;
  survived: number;
  noCoverage: number;
  /** sha256 of the machine, its test and the shared test helpers, in that order. */
  fingerprint: string;
  /** The day the score was measured (UTC, YYYY-MM-DD). */
  measured: string;
}

export type MutationRecord = Record<string, MutationRecordEntry>;

/** The files a machine's mutation score depends on, in a fixed order. */
export function scoredFiles(entry: Pick<MachineEntry, 'path' | 'test'>): string[] {
  return [entry.path, entry.test, ...sharedTestFiles];
}

export function fingerprintOf(entry: Pick<MachineEntry, 'path' | 'test'>): string {
  const hash = createHash('sha256');
  for (const file of scoredFiles(entry)) {
    // The name too, so moving code between the files changes the fingerprint.
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(repoRoot, file)));
    hash.update('\0');
  }
  return `sha256:${hash.digest('hex')}`;
}

export function readMutationRecord(): MutationRecord {
  try {
    return JSON.parse(readFileSync(join(repoRoot, mutationRecordPath), 'utf8')) as MutationRecord;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
}

/** Stores the given machines' entries, keeping the others; keys sorted so diffs stay small. */
export function writeMutationRecord(updates: MutationRecord): void {
  const merged: MutationRecord = { ...readMutationRecord(), ...updates };
  const sorted = Object.fromEntries(
    Object.keys(merged)
      .sort()
      .map((id) => [id, merged[id]]),
  );
  writeFileSync(join(repoRoot, mutationRecordPath), `${JSON.stringify(sorted, null, 2)}\n`);
}
