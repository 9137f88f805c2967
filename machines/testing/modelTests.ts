/**
 * The parts every model-based machine test repeats around `testModel.ts`: naming a generated
 * path, asking for full coverage, and driving a real actor along a path while checking that it
 * is in each step's state. Vitest's `expect` lives here, not in testModel.ts, so the derivation
 * itself stays free of a test runner.
 */
import { describe, expect, it } from 'vitest';
import {
  type AnyActorLogic,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  createActor,
  type EventObject,
} from 'xstate';
import type { StatePath } from 'xstate/graph';
import { chartCoverage, followPath } from './testModel.ts';

/**
 * `describe` for a model: its body derives the test machine and generates the paths while the
 * tests are collected, and a chart that cannot be walked (a mutant's, say) throws there. Such an
 * error becomes a failing test of this block instead of an error of the whole file: Stryker's
 * Vitest runner sees only tests, and would count a file that failed to collect as passing.
 */
export function describeModel(name: string, body: () => void): void {
  describe(name, () => {
    try {
      body();
    } catch (error) {
      it('derives the model and its paths', () => {
        throw error;
      });
    }
  });
}

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

/** What a test knows by itself about the system after each step (see followPathWithOracle). */
export interface Oracle<
  TSnapshot extends AnyMachineSnapshot,
  TEvent extends EventObject,
  TExpected,
> {
  /** The expectation before the first event. */
  initial: TExpected;
  /**
   * The expectation after `event`, written by hand in the test: never the machine's own assign
   * code, so a broken assign cannot agree with itself.
   */
  next: (expected: TExpected, event: TEvent) => TExpected;
  /**
   * What the state promises, asserted on the real snapshot: its context, its tags, which events
   * it accepts (`can`), the effects it called.
   */
  check: (actual: TSnapshot, expected: TExpected) => void;
}

/**
 * Walks `path` on a started actor (each step's event through `perform`), holding the actor to an
 * `oracle` the test writes itself: after each step the actor must be in the model's state (the chart's
 * structure) and keep every promise `oracle.check` asserts for the oracle's expectation. The
 * model's own context is not compared: it comes from the machine's assign code, so a mutated
 * assign would agree with itself. Stops the actor at the end.
 */
export async function followPathWithOracle<
  TSnapshot extends AnyMachineSnapshot,
  TEvent extends EventObject,
  TExpected,
>(
  path: StatePath<AnyMachineSnapshot, TEvent>,
  actor: { getSnapshot(): TSnapshot; stop(): void },
  perform: (event: TEvent, expected: TExpected) => void | Promise<void>,
  oracle: Oracle<TSnapshot, TEvent, TExpected>,
): Promise<void> {
  let expected = oracle.initial;
  await followPath(
    path,
    async (event) => {
      expected = oracle.next(expected, event);
      await perform(event, expected);
    },
    (model) => {
      const actual = actor.getSnapshot();
      expect(actual.value).toEqual(model.value);
      oracle.check(actual, expected);
    },
  );
  actor.stop();
}

/**
 * The effects a machine leaves to its caller (`actions`, `actors`) throw until they are provided,
 * each naming itself: "<name> must be provided by <who>".
 */
export async function expectEffectsToBeProvided(
  machine: AnyStateMachine,
  who: string,
  effects: { actions?: readonly string[]; actors?: readonly string[] },
): Promise<void> {
  for (const name of effects.actions ?? []) {
    const action: unknown = machine.implementations.actions[name];
    if (typeof action !== 'function') throw new Error(`${machine.id} has no action ${name}`);
    expect(() => action({}, {}), name).toThrow(new Error(`${name} must be provided by ${who}`));
  }
  for (const name of effects.actors ?? []) {
    const logic = machine.implementations.actors[name] as AnyActorLogic | undefined;
    if (logic === undefined) throw new Error(`${machine.id} has no actor ${name}`);
    const error = await new Promise<unknown>((resolve) => {
      const actor = createActor(logic, { input: undefined });
      actor.subscribe({ error: resolve, complete: () => resolve(undefined) });
      actor.start();
    });
    expect(error, name).toEqual(new Error(`${name} must be provided by ${who}`));
  }
}
