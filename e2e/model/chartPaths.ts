/**
 * Paths through a chart for the browser (docs/machines/README.md, "Model-based e2e"). The same
 * test machine the unit model tests walk (machines/testing/testModel.ts: every invoke outcome and
 * delay is a plain event) gives, through xstate/graph's `createTestModel`, the shortest path to
 * every state it can reach with the events offered; each of those is also extended by one step
 * for every event accepted at its end, so a transition that changes nothing visible (a self
 * transition, a step back to a state already reached) is taken once too. From those candidates
 * the fewest paths that together visit every state and take every transition are kept (greedy
 * set cover, longest gain first), none over `maxSteps`: each path is one page load in Chromium.
 *
 * Pure (no Playwright): the planning runs when a spec file is collected.
 */
import {
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
  getInitialSnapshot,
  getNextSnapshot,
} from 'xstate';
import { createTestModel, type StatePath, serializeSnapshot } from 'xstate/graph';
import {
  chartCoverage,
  describeChartEvents,
  describeChartStates,
  toTestMachine,
} from '../../machines/testing/testModel.ts';

export type ChartPath = StatePath<AnyMachineSnapshot, EventObject>;

/** Where a path starts: the machine's input, named for the test titles. */
export interface ChartStart {
  name: string;
  input?: unknown;
}

export interface PlannedPath {
  start: ChartStart;
  path: ChartPath;
}

export interface ChartPlanOptions {
  machine: AnyStateMachine;
  /**
   * The events the UI can produce in a state, with payloads it can produce: the model only plans
   * what a person (or the browser) can do on the real page.
   */
  events: (snapshot: AnyMachineSnapshot, start: ChartStart) => readonly EventObject[];
  starts?: readonly ChartStart[];
  /** The longest path kept, in events (each one a UI action). */
  maxSteps: number;
}

export interface Tally {
  covered: number;
  total: number;
  missing: string[];
}

export interface ChartPlan {
  machineId: string;
  /** The state node ids (root excluded) and event types the UI mapping must name. */
  stateKeys: string[];
  eventTypes: string[];
  paths: PlannedPath[];
  states: Tally;
  transitions: Tally;
}

/** A state node's key in a UI mapping: its path below the root ('offline.withCache'). */
export function stateKey(machineId: string, nodeId: string): string {
  return nodeId.slice(machineId.length + 1);
}

/** The states a path visits and the transitions it takes, in chartCoverage's words. */
function coverageOf(testMachine: AnyStateMachine, paths: readonly ChartPath[], all: Set<string>) {
  const { unvisitedStates, unvisitedTransitions } = chartCoverage(testMachine, paths);
  const unvisited = new Set([
    ...unvisitedStates.map((id) => `state ${id}`),
    ...unvisitedTransitions.map((line) => `transition ${line}`),
  ]);
  return new Set([...all].filter((item) => !unvisited.has(item)));
}

const sameEvent = (a: EventObject, b: EventObject) => JSON.stringify(a) === JSON.stringify(b);

export function planChartPaths({
  machine,
  events,
  starts = [{ name: 'default' }],
  maxSteps,
}: ChartPlanOptions): ChartPlan {
  const testMachine = toTestMachine(machine);
  const everything = chartCoverage(testMachine, []);
  const all = new Set([
    ...everything.unvisitedStates.map((id) => `state ${id}`),
    ...everything.unvisitedTransitions.map((line) => `transition ${line}`),
  ]);

  const candidates: PlannedPath[] = [];
  for (const start of starts) {
    const offered = (snapshot: AnyMachineSnapshot) => events(snapshot, start);
    const model = createTestModel(testMachine, {
      events: offered,
      // createTestModel adds a bare `{ type }` for every event a state accepts that `events` did
      // not offer; those are not things the UI was said to be able to do there.
      filterEvents: (snapshot, event) =>
        offered(snapshot).some((candidate) => sameEvent(candidate, event)),
      input: start.input,
      // One vertex per snapshot (state and context), not per way into it as createTestModel's
      // default: a path ends where it reaches a snapshot another path already reaches, so what
      // follows a step back (a list emptied, a page left) is never planned on stale ground.
      serializeState: (snapshot) => serializeSnapshot(snapshot),
    });
    // getShortestPaths leaves out the empty path to the initial snapshot; what can be done
    // right at the start is extended from it too.
    const initial = getInitialSnapshot(testMachine, start.input);
    const atStart: ChartPath = {
      state: initial,
      steps: [{ event: { type: 'xstate.init' }, state: initial }],
      weight: 0,
    };
    for (const path of [atStart, ...model.getShortestPaths()]) {
      candidates.push({ start, path });
      for (const event of offered(path.state)) {
        if (testMachine.getTransitionData(path.state, event).length === 0) continue;
        const state = getNextSnapshot(testMachine, path.state, event);
        candidates.push({
          start,
          path: { state, steps: [...path.steps, { event, state }], weight: path.weight + 1 },
        });
      }
    }
  }
  const within = candidates.filter(({ path }) => path.steps.length - 1 <= maxSteps);
  const gains = within.map((candidate) => coverageOf(testMachine, [candidate.path], all));

  const chosen: PlannedPath[] = [];
  const covered = new Set<string>();
  for (;;) {
    let best = -1;
    let bestGain = 0;
    for (const [index, gain] of gains.entries()) {
      const fresh = [...gain].filter((item) => !covered.has(item)).length;
      const candidate = within[index];
      const incumbent = within[best];
      if (
        candidate !== undefined &&
        (fresh > bestGain ||
          (fresh === bestGain &&
            fresh > 0 &&
            incumbent !== undefined &&
            candidate.path.steps.length < incumbent.path.steps.length))
      ) {
        best = index;
        bestGain = fresh;
      }
    }
    const pick = within[best];
    const gain = gains[best];
    if (pick === undefined || gain === undefined || bestGain === 0) break;
    chosen.push(pick);
    for (const item of gain) covered.add(item);
  }

  const tally = (kind: 'state' | 'transition'): Tally => {
    // The root is active in every state: counting it would only pad the numbers.
    const items = [...all].filter(
      (item) => item.startsWith(`${kind} `) && item !== `state ${machine.id}`,
    );
    const missing = items
      .filter((item) => !covered.has(item))
      .map((item) => item.slice(kind.length + 1));
    return { covered: items.length - missing.length, total: items.length, missing };
  };

  return {
    machineId: machine.id,
    stateKeys: describeChartStates(testMachine)
      .filter((id) => id !== machine.id)
      .map((id) => stateKey(machine.id, id)),
    eventTypes: describeChartEvents(testMachine),
    paths: chosen,
    states: tally('state'),
    transitions: tally('transition'),
  };
}

/** What a walked path covered, for the printout (same words as the plan). */
export function walkedCoverage(
  machine: AnyStateMachine,
  paths: readonly ChartPath[],
): { states: Tally; transitions: Tally } {
  const testMachine = toTestMachine(machine);
  const everything = chartCoverage(testMachine, []);
  const { unvisitedStates, unvisitedTransitions } = chartCoverage(testMachine, paths);
  const allStates = everything.unvisitedStates.filter((id) => id !== machine.id);
  return {
    states: {
      covered: allStates.length - unvisitedStates.length,
      total: allStates.length,
      missing: unvisitedStates,
    },
    transitions: {
      covered: everything.unvisitedTransitions.length - unvisitedTransitions.length,
      total: everything.unvisitedTransitions.length,
      missing: unvisitedTransitions,
    },
  };
}

/** 'user.select → user.toggle(…) ⇒ selecting', for a test title. */
export function describeSteps(path: ChartPath, name: (event: EventObject) => string): string {
  const steps = path.steps.slice(1).map(({ event }) => name(event));
  return `${steps.length === 0 ? '(start)' : steps.join(' → ')} ⇒ ${JSON.stringify(path.state.value)}`;
}
