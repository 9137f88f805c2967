/**
 * Model-based testing for charts that invoke actors and wait on delays.
 *
 * `createTestModel` from `xstate/graph` refuses machines with `invoke` or `after` ("Invocations on
 * test machines are not supported"), yet those are exactly the transitions worth testing (the API
 * call that succeeds or fails, the spinner that ends). Instead of bending the charts, we derive a
 * test machine from the chart's own config in which every such transition becomes a plain event:
 *
 * - `invoke: { src: 'lookupUser', onDone, onError, onSnapshot }` becomes the events
 *   `lookupUser.done` (carrying `output`), `lookupUser.error` (carrying `error`) and
 *   `lookupUser.snapshot` (carrying `snapshot`), each with the same targets, guards and actions;
 * - `after: { spinner: ... }` (or `after: { 1500: ... }`) becomes the event `after.spinner`
 *   (`after.1500`).
 *
 * The derived events carry the same payload keys as XState's own done/error events, so guards and
 * `assign`s that read `event.output` or `event.error` behave identically. `toTestMachine` checks
 * that the derived chart has exactly the original's states and transitions (see `compareCharts`).
 * A test then drives the REAL machine along each generated path: user events are sent, invoke
 * outcomes are produced by settling the promise the machine is waiting on (see
 * `createPromiseActorController`), delays are let pass (fake timers).
 */
import {
  type AnyActorLogic,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type EventObject,
  fromPromise,
  type MachineContext,
  type MetaObject,
  type OutputFrom,
  type ParameterizedObject,
  type PromiseActorLogic,
  type ProvidedActor,
  type SnapshotFrom,
  StateMachine,
  type StateSchema,
  type StateValue,
} from 'xstate';
import { getStateNodes, type StatePath } from 'xstate/graph';

/** Event type that stands for "the invoked actor `src` finished with an output". */
export const invokeDoneEventType = <TSrc extends string>(src: TSrc): `${TSrc}.done` =>
  `${src}.done`;
/** Event type that stands for "the invoked actor `src` failed". */
export const invokeErrorEventType = <TSrc extends string>(src: TSrc): `${TSrc}.error` =>
  `${src}.error`;
/** Event type that stands for "the invoked actor `src` emitted a snapshot". */
export const invokeSnapshotEventType = <TSrc extends string>(src: TSrc): `${TSrc}.snapshot` =>
  `${src}.snapshot`;
/** Event type that stands for "the delay `delay` (a name from `setup({ delays })` or ms) passed". */
export const delayEventType = <TDelay extends string | number>(delay: TDelay): `after.${TDelay}` =>
  `after.${delay}`;

/** The plain events a test machine adds for the invocations of the actors in `TActor`. */
export type InvokeOutcomeEvent<TActor extends ProvidedActor> = TActor extends {
  src: infer TSrc extends string;
  logic: infer TLogic extends AnyActorLogic;
}
  ?
      | { type: `${TSrc}.done`; output: OutputFrom<TLogic> }
      | { type: `${TSrc}.error`; error: unknown }
      | { type: `${TSrc}.snapshot`; snapshot: SnapshotFrom<TLogic> }
  : never;

/** The plain events a test machine adds for named delays `TDelay` and inline millisecond delays. */
export type DelayEvent<TDelay extends string> = { type: `after.${TDelay}` | `after.${number}` };

/** The type of `toTestMachine(machine)`: the same machine with the derived events added. */
export type TestMachineOf<TMachine> =
  TMachine extends StateMachine<
    infer TContext extends MachineContext,
    infer TEvent extends EventObject,
    infer TChildren extends Record<string, AnyActorRef | undefined>,
    infer TActor extends ProvidedActor,
    infer TAction extends ParameterizedObject,
    infer TGuard extends ParameterizedObject,
    infer TDelay extends string,
    infer TStateValue extends StateValue,
    infer TTag extends string,
    infer TInput,
    infer TOutput,
    infer TEmitted extends EventObject,
    infer TStateMeta extends MetaObject,
    infer TStateSchema extends StateSchema,
    infer TTransitionMeta extends MetaObject
  >
    ? StateMachine<
        TContext,
        TEvent | InvokeOutcomeEvent<TActor> | DelayEvent<TDelay>,
        TChildren,
        TActor,
        TAction,
        TGuard,
        TDelay,
        TStateValue,
        TTag,
        TInput,
        TOutput,
        TEmitted,
        TStateMeta,
        TStateSchema,
        TTransitionMeta
      >
    : never;

type PlainStateConfig = Record<string, unknown>;

const invokeOutcomes = [
  ['onDone', invokeDoneEventType],
  ['onError', invokeErrorEventType],
  ['onSnapshot', invokeSnapshotEventType],
] as const;

function addTransition(
  on: Record<string, unknown>,
  eventType: string,
  transition: unknown,
  node: AnyStateNode,
): void {
  if (eventType in on) {
    throw new Error(
      `State '${node.id}' already handles '${eventType}', the event the test machine needs for its ` +
        'invocation or delay; rename one of them.',
    );
  }
  on[eventType] = transition;
}

function deriveStateConfig(node: AnyStateNode): PlainStateConfig {
  // `invoke` and `after` are replaced by plain transitions; everything else is kept by reference,
  // so guards, actions and targets are literally the chart's own.
  const { invoke: _invoke, after, on, states: _states, ...kept } = node.config;
  const derivedOn: Record<string, unknown> = { ...(on ?? {}) };

  const seenSources = new Set<string>();
  for (const invocation of node.invoke) {
    if (typeof invocation.src !== 'string' || invocation.src.startsWith('xstate.invoke.')) {
      throw new Error(
        `State '${node.id}' invokes inline logic; name the actor in setup({ actors }) so that its ` +
          'outcomes have readable test events.',
      );
    }
    if (seenSources.has(invocation.src)) {
      throw new Error(
        `State '${node.id}' invokes '${invocation.src}' twice; its test events would be ambiguous.`,
      );
    }
    seenSources.add(invocation.src);
    for (const [key, toEventType] of invokeOutcomes) {
      const transition: unknown = invocation[key];
      if (transition !== undefined) {
        addTransition(derivedOn, toEventType(invocation.src), transition, node);
      }
    }
  }

  for (const [delay, transition] of Object.entries(after ?? {})) {
    addTransition(derivedOn, delayEventType(delay), transition, node);
  }

  const derived: PlainStateConfig = { ...kept };
  if (Object.keys(derivedOn).length > 0) derived.on = derivedOn;
  const childEntries = Object.entries(node.states);
  if (childEntries.length > 0) {
    derived.states = Object.fromEntries(
      childEntries.map(([key, child]) => [key, deriveStateConfig(child)]),
    );
  }
  return derived;
}

/**
 * Derives the test machine of `machine`: same states, same transitions, but every invoke outcome
 * and every delayed transition is a plain event (see the module comment for the names). Throws if
 * the derived chart's states or transitions differ from the original's. Delayed `raise`/`sendTo`
 * actions are not translated: write such waits as `after` transitions with a named delay.
 */
export function toTestMachine<TMachine extends AnyStateMachine>(
  machine: TMachine,
): TestMachineOf<TMachine> {
  const config = deriveStateConfig(machine.root);
  const testMachine = new StateMachine(
    config as AnyStateMachine['config'],
    machine.implementations,
  );
  const differences = compareCharts(machine, testMachine);
  if (differences.length > 0) {
    throw new Error(
      `The test machine of '${machine.id}' differs from the chart:\n${differences.join('\n')}`,
    );
  }
  // The runtime config was derived above and verified by compareCharts; this only restates that
  // result at the type level (the event union gains the derived events).
  return testMachine as unknown as TestMachineOf<TMachine>;
}

/** Every state node of a machine, the root included. */
function allStateNodes(machine: AnyStateMachine): AnyStateNode[] {
  return [machine.root, ...getStateNodes(machine.root)];
}

function guardLabel(guard: unknown): string {
  if (guard === undefined) return '';
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return String(guard.type);
  if (typeof guard === 'function') {
    // Built-in combinators (`not`, `and`, `or`) are functions carrying their operands in `guards`.
    const operands: unknown = 'guards' in guard ? guard.guards : undefined;
    return Array.isArray(operands)
      ? `${guard.name}(${operands.map(guardLabel).join(', ')})`
      : `inline:${guard.name}`;
  }
  return 'unknown';
}

type TransitionLike = {
  eventType: string;
  target?: ReadonlyArray<AnyStateNode> | undefined;
  guard?: unknown;
  actions: readonly unknown[];
  reenter: boolean;
};

function describeTransition(
  sourceId: string,
  eventType: string,
  transition: TransitionLike,
): string {
  const targets = transition.target?.map((target) => target.id).join(',') ?? '(none)';
  const guard = guardLabel(transition.guard);
  return (
    `${sourceId} --${eventType}${guard ? ` [${guard}]` : ''}--> ${targets}` +
    `${transition.reenter ? ' (reenter)' : ''} actions:${transition.actions.length}`
  );
}

type ChartTransition = { eventType: string; line: string };

/**
 * Every transition of `machine`, named as the test machine names it: invoke outcomes and delays
 * get their derived event types, everything else keeps its own.
 */
function chartTransitions(machine: AnyStateMachine): ChartTransition[] {
  const result: ChartTransition[] = [];
  for (const node of allStateNodes(machine)) {
    const renamed = new Map<string, string>();
    for (const invocation of node.invoke) {
      // StateNode.invoke resolves `src` to the actor's name (or `xstate.invoke.<id>` for inline logic).
      const src = String(invocation.src);
      renamed.set(`xstate.done.actor.${invocation.id}`, invokeDoneEventType(src));
      renamed.set(`xstate.error.actor.${invocation.id}`, invokeErrorEventType(src));
      renamed.set(`xstate.snapshot.${invocation.id}`, invokeSnapshotEventType(src));
    }
    for (const delayed of node.after) {
      // `after` keys are names or milliseconds; a delay expression only exists on delayed actions.
      const delay = typeof delayed.delay === 'function' ? 'expression' : delayed.delay;
      renamed.set(String(delayed.eventType), delayEventType(delay));
    }
    for (const [ownEventType, transitions] of node.transitions) {
      const eventType = renamed.get(ownEventType) ?? ownEventType;
      for (const transition of transitions) {
        result.push({ eventType, line: describeTransition(node.id, eventType, transition) });
      }
    }
    for (const transition of node.always ?? []) {
      result.push({ eventType: '', line: describeTransition(node.id, '(always)', transition) });
    }
  }
  return result;
}

/** One line per transition of `machine` (as the test machine names its event), sorted. */
export function describeChartTransitions(machine: AnyStateMachine): string[] {
  return chartTransitions(machine)
    .map((transition) => transition.line)
    .sort();
}

/** State ids of a machine, sorted. */
export function describeChartStates(machine: AnyStateMachine): string[] {
  return allStateNodes(machine)
    .map((node) => node.id)
    .sort();
}

/** Event types a machine reacts to, as the test machine names them, sorted and unique. */
export function describeChartEvents(machine: AnyStateMachine): string[] {
  const types = chartTransitions(machine)
    .map((transition) => transition.eventType)
    .filter((type) => type !== '');
  return [...new Set(types)].sort();
}

/**
 * Differences between a chart and its test machine (empty when they match): the state ids must be
 * identical, and every transition (source, event as renamed, guard, targets, reentry, number of
 * actions) must appear in both. So the events are exactly the original's own events plus one per
 * invoke outcome and delay.
 */
export function compareCharts(original: AnyStateMachine, testMachine: AnyStateMachine): string[] {
  const differences: string[] = [];
  const diff = (label: string, expected: string[], actual: string[]) => {
    const remaining = [...actual];
    for (const line of expected) {
      const index = remaining.indexOf(line);
      if (index === -1) differences.push(`${label} missing in the test machine: ${line}`);
      else remaining.splice(index, 1);
    }
    for (const line of remaining) differences.push(`${label} only in the test machine: ${line}`);
  };
  diff('state', describeChartStates(original), describeChartStates(testMachine));
  diff('transition', describeChartTransitions(original), describeChartTransitions(testMachine));
  return differences;
}

/** What the generated paths leave unvisited (both lists empty means full coverage). */
export type ChartCoverage = { unvisitedStates: string[]; unvisitedTransitions: string[] };

/**
 * Replays `paths` on `testMachine` and reports which state nodes were never active and which
 * transitions were never taken. Eventless (`always`) transitions are not tracked.
 */
export function chartCoverage(
  testMachine: AnyStateMachine,
  paths: ReadonlyArray<StatePath<AnyMachineSnapshot, EventObject>>,
): ChartCoverage {
  const visitedStates = new Set<string>();
  const visitedTransitions = new Set<string>();
  for (const path of paths) {
    let previous: AnyMachineSnapshot | undefined;
    for (const step of path.steps) {
      for (const node of step.state._nodes) visitedStates.add(node.id);
      if (previous !== undefined) {
        for (const transition of testMachine.getTransitionData(previous, step.event)) {
          visitedTransitions.add(
            describeTransition(transition.source.id, String(transition.eventType), transition),
          );
        }
      }
      previous = step.state;
    }
  }
  const allTransitions = allStateNodes(testMachine).flatMap((node) =>
    [...node.transitions].flatMap(([eventType, transitions]) =>
      transitions.map((transition) => describeTransition(node.id, eventType, transition)),
    ),
  );
  return {
    unvisitedStates: describeChartStates(testMachine).filter((id) => !visitedStates.has(id)),
    unvisitedTransitions: [...new Set(allTransitions)].filter(
      (line) => !visitedTransitions.has(line),
    ),
  };
}

/** One run of a controlled promise actor, as started by the machine. */
export type ControlledRun<TInput> = { input: TInput; signal: AbortSignal; settled: boolean };

/** A stand-in for a `fromPromise` actor whose runs the test settles by hand. */
export type PromiseActorController<TOutput, TInput> = {
  /** Provide this as the actor's implementation (`machine.provide({ actors: { x: logic } })`). */
  logic: PromiseActorLogic<TOutput, TInput>;
  /** Every run the machine started, oldest first. */
  readonly runs: ReadonlyArray<ControlledRun<TInput>>;
  /** Resolves the latest unsettled run and waits until the machine has received the outcome. */
  resolve: (output: TOutput) => Promise<void>;
  /** Rejects the latest unsettled run and waits until the machine has received the outcome. */
  reject: (error: unknown) => Promise<void>;
};

/**
 * Creates a promise actor the test controls: each run waits until `resolve` or `reject` is called,
 * which is how a path's `<src>.done` / `<src>.error` step is performed on the real machine.
 */
export function createPromiseActorController<TOutput, TInput>(): PromiseActorController<
  TOutput,
  TInput
> {
  type PendingRun = ControlledRun<TInput> & {
    promise: Promise<TOutput>;
    settle: (outcome: { output: TOutput } | { error: unknown }) => void;
  };
  const runs: PendingRun[] = [];

  const settleLatest = async (outcome: { output: TOutput } | { error: unknown }) => {
    const run = runs.findLast((candidate) => !candidate.settled);
    if (run === undefined) throw new Error('No run of this actor is waiting to be settled.');
    run.settled = true;
    run.settle(outcome);
    // fromPromise subscribed to this very promise when the run started, so its handler (which
    // delivers the done/error event to the machine synchronously) runs before this await resumes.
    await run.promise.then(
      () => undefined,
      () => undefined,
    );
  };

  const logic = fromPromise<TOutput, TInput>(({ input, signal }) => {
    let settle: PendingRun['settle'] = () => undefined;
    const promise = new Promise<TOutput>((resolve, reject) => {
      settle = (outcome) => ('output' in outcome ? resolve(outcome.output) : reject(outcome.error));
    });
    runs.push({ input, signal, settled: false, promise, settle });
    return promise;
  });

  return {
    logic,
    runs,
    resolve: (output) => settleLatest({ output }),
    reject: (error) => settleLatest({ error }),
  };
}

/**
 * Milliseconds of a delay event's delay (`after.spinner` -> `setup({ delays: { spinner } })`,
 * `after.1500` -> 1500), so a test can let exactly that much (fake) time pass.
 */
export function delayMilliseconds(machine: AnyStateMachine, eventType: string): number {
  const delay = eventType.replace(/^after\./, '');
  const named: unknown = machine.implementations.delays[delay];
  const milliseconds = named === undefined ? Number(delay) : named;
  if (typeof milliseconds !== 'number' || Number.isNaN(milliseconds)) {
    throw new Error(`'${eventType}' has no fixed number of milliseconds in '${machine.id}'.`);
  }
  return milliseconds;
}

/**
 * Walks one generated path on the system under test: `check` the initial state, then for every
 * step `perform` its event (send it, settle the promise, let the delay pass) and `check` that the
 * system is in the step's state.
 */
export async function followPath<TSnapshot extends AnyMachineSnapshot, TEvent extends EventObject>(
  path: StatePath<TSnapshot, TEvent>,
  perform: (event: TEvent) => void | Promise<void>,
  check: (expected: TSnapshot) => void,
): Promise<void> {
  for (const [index, step] of path.steps.entries()) {
    // The first step is the model's `xstate.init`: the system under test is already started.
    if (index > 0) await perform(step.event);
    check(step.state);
  }
}
