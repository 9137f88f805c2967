/**
 * A machine's mutation score must be measured on the machine as it is: `npm run test:mutation`
 * records each score with a fingerprint of the machine, its test and the shared test helpers
 * (scripts/lib/mutationRecord.ts). Change one of those files without re-running it, or record a
 * score under the goal, and `npm test` fails here.
 */
import { describe, expect, it } from 'vitest';
import { readMachineEntries } from '../scripts/lib/machineCharts.ts';
import {
  fingerprintOf,
  minimumMutationScore,
  mutationRecordPath,
  readMutationRecord,
  scoredFiles,
} from '../scripts/lib/mutationRecord.ts';

describe('mutation scores', () => {
  const record = readMutationRecord();

  it.each(readMachineEntries().map((entry) => [entry.id, entry] as const))(
    '%s: its recorded score was measured on its current files and meets the goal',
    (id, entry) => {
      const recorded = record[id];
      expect(
        recorded,
        `${mutationRecordPath} has no score for ${id}: run npm run test:mutation -- ${id}`,
      ).toBeDefined();
      expect(
        recorded?.fingerprint,
        `${scoredFiles(entry).join(', ')} changed since ${id}'s mutation score was recorded: run npm run test:mutation -- ${id} and commit ${mutationRecordPath}`,
      ).toBe(fingerprintOf(entry));
      expect(
        recorded?.score,
        `${id}'s recorded mutation score is under ${minimumMutationScore} %: see .tmp/mutation/${id}.html`,
      ).toBeGreaterThanOrEqual(minimumMutationScore);
    },
  );

  it('records no machine that stately.config.json does not list', () => {
    const known = new Set(readMachineEntries().map((entry) => entry.id));
    expect(Object.keys(record).filter((id) => !known.has(id))).toEqual([]);
  });
});
