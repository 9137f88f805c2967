/**
 * The parts every model-based machine test repeats around `testModel.ts`: naming a generated
 * path, asking for full coverage, and driving a real actor along a path while checking that it
 * is in each step's state. Vitest's `expect` lives here, not in testModel.ts, so the derivation
 * itself stays free of a test runner.
 */
import { expect } from 'vitest';
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import type { StatePath } from 'xstate/graph';
import { chartCoverage, followPath } from './testModel.ts';

/**
 * 'user.select → user.toggle(e1) ⇒ "selecting" […]': each step's event by `nameEvent`, then
 * the state reached and what `describeEnd` adds. xstate's own descriptions print every payload
 * in full, which makes test names unreadable.
 */
export function describePath<TSnapshot extends AnyMachineSnapshot, TEvent extends EventObject>(
  path: StatePath<TSnapshot, TEvent>,
  nameEvent: (event: TEvent) => string,
  describeEnd: (state: TSnapshot) => string = () => '',
): string {
  const steps = path.steps
    .slice(1)
    .map(({ event }) => nameEvent(event))
    .join(' → ');
  const end = describeEnd(path.state);
  return `${steps} ⇒ ${JSON.stringify(path.state.value)}${end === '' ? '' : ` ${end}`}`;
}

/** The generated paths visit every state and take every transition of the test machine. */
export function expectFullCoverage(
  testMachine: AnyStateMachine,
  paths: ReadonlyArray<StatePath<AnyMachineSnapshot, EventObject>>,
): void {
  expect(chartCoverage(testMachine, paths)).toEqual({
    unvisitedStates: [],
    unvisitedTransitions: [],
  });
}

/**
 * Walks `path` on a started actor: `perform` each step's event, then expect the actor's value
 * and context to be the model's. Stops the actor at the end.
 */
export async function followPathOnActor<
  TSnapshot extends AnyMachineSnapshot,
  TEvent extends EventObject,
>(
  path: StatePath<TSnapshot, TEvent>,
  actor: { getSnapshot(): AnyMachineSnapshot; stop(): void },
  perform: (event: TEvent) => void | Promise<void>,
): Promise<void> {
  await followPath(path, perform, (expected) => {
    expect(actor.getSnapshot().value).toEqual(expected.value);
    expect(actor.getSnapshot().context).toEqual(expected.context);
  });
  actor.stop();
}
