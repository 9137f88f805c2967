/**
 * The one test file Stryker runs (stryker.config.vitest.ts): it imports the machine's own test
 * file (STRYKER_MACHINE, or all of them), whose tests then register here. Imported rather than
 * run directly because Stryker's Vitest runner only counts tests: a mutant that makes the machine
 * throw while its module loads (no states, an initial state that does not exist) or a `describe`
 * throw while its tests are collected (the model's paths cannot be generated) leaves no failing
 * test, and so "survived". Here both are failing tests.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { it, type RunnerTask, type RunnerTestSuite } from 'vitest';

const machines = join(dirname(fileURLToPath(import.meta.url)), '..');
const machine = process.env.STRYKER_MACHINE;
const testFiles =
  machine === undefined
    ? readdirSync(machines).filter((file) => file.endsWith('.test.ts') && file !== 'charts.test.ts')
    : [`${machine}.test.ts`];

for (const file of testFiles) {
  try {
    await import(join(machines, file));
  } catch (error) {
    it(`${file} loads its machine`, () => {
      throw error;
    });
  }
}

/** The errors of every suite that failed while its tests were collected. */
function collectionErrors(tasks: readonly RunnerTask[]): unknown[] {
  return tasks.flatMap((task) => [
    ...(task.type === 'suite' && task.result?.state === 'fail' ? (task.result.errors ?? []) : []),
    ...(task.type === 'suite' ? collectionErrors((task as RunnerTestSuite).tasks) : []),
  ]);
}

it('every describe block was collected without an error', ({ task }) => {
  const errors = collectionErrors(task.file.tasks);
  if (errors.length > 0)
    throw new Error(`${errors.length} describe blocks failed`, { cause: errors[0] });
});
