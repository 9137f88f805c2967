/**
 * Paths through a chart for the browser (docs/machines/README.md, "Model-based e2e"). The same
 * test machine the unit model tests walk (machines/testing/testModel.ts: every invoke outcome and
 * delay is a plain event) gives, through xstate/graph's `createTestModel(...).getAdjacencyMap()`,
 * the graph of every snapshot (state and context) reachable with the events the UI can produce,
 * and the transitions between them. A path then starts at the initial snapshot and keeps going to
 * the nearest transition or state not covered yet (breadth first), until nothing new is within
 * `maxSteps` or an event that ends a path (`endsPath`) was taken; the next path starts again
 * from the initial snapshot. Each path is one page load in Chromium, so few long paths are
 * cheaper than one short path per state.
 *
 * Pure (no Playwright): the planning runs when a spec file is collected.
 */
import {
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
  getInitialSnapshot,
} from 'xstate';
import {
  type AdjacencyMap,
  createTestModel,
  type StatePath,
  serializeSnapshot,
} from 'xstate/graph';
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

interface ChartPlanOptions {
  machine: AnyStateMachine;
  /**
   * The events the UI can produce in a state, with payloads it can produce: the model only plans
   * what a person (or the browser) can do on the real page.
   */
  events: (snapshot: AnyMachineSnapshot, start: ChartStart) => readonly EventObject[];
  starts?: readonly ChartStart[];
  /** The longest path, in events (each one a UI action). */
  maxSteps: number;
  /**
   * Events after which the real app is somewhere the chart's snapshot does not describe (a list
   * emptied, a once-only change made): a path ends with them.
   */
  endsPath?: (event: EventObject) => boolean;
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

interface Edge {
  event: EventObject;
  from: AnyMachineSnapshot;
  /** The serialized snapshot the event leads to. */
  to: string;
  state: AnyMachineSnapshot;
  /** The states and transitions taking this edge covers. */
  gain: Set<string>;
  /** After it the real app is somewhere the model does not describe (see `endsPath`). */
  ends: boolean;
}

/** A path of one step from `from` (or just `from` when `event` is null), to measure coverage. */
function twoSteps(
  from: AnyMachineSnapshot,
  event: EventObject | null,
  to: AnyMachineSnapshot,
): ChartPath {
  const steps: ChartPath['steps'] = [{ event: { type: 'xstate.init' }, state: from }];
  if (event !== null) steps.push({ event, state: to });
  return { state: to, steps, weight: steps.length - 1 };
}

/**
 * The fewest edges from `at` whose last one covers something `wanted`, within `room` steps
 * (breadth first; a path-ending edge only as the last one, and only if `mayEnd`). Null when
 * nothing wanted is in reach.
 */
function nearestGain(
  edges: ReadonlyMap<string, readonly Edge[]>,
  at: string,
  room: number,
  wanted: (item: string) => boolean,
  mayEnd: boolean,
): Edge[] | null {
  const seen = new Set([at]);
  let frontier: { key: string; route: Edge[] }[] = [{ key: at, route: [] }];
  for (let depth = 1; depth <= room && frontier.length > 0; depth++) {
    const next: typeof frontier = [];
    for (const { key, route } of frontier) {
      for (const edge of edges.get(key) ?? []) {
        if ((mayEnd || !edge.ends) && [...edge.gain].some(wanted)) return [...route, edge];
        if (edge.ends || seen.has(edge.to)) continue;
        seen.add(edge.to);
        next.push({ key: edge.to, route: [...route, edge] });
      }
    }
    frontier = next;
  }
  return null;
}

export function planChartPaths({
  machine,
  events,
  starts = [{ name: 'default' }],
  maxSteps,
  endsPath,
}: ChartPlanOptions): ChartPlan {
  const testMachine = toTestMachine(machine);
  const everything = chartCoverage(testMachine, []);
  const all = new Set([
    ...everything.unvisitedStates.map((id) => `state ${id}`),
    ...everything.unvisitedTransitions.map((line) => `transition ${line}`),
  ]);

  const covered = new Set<string>();
  const paths: PlannedPath[] = [];
  for (const start of starts) {
    const offered = (snapshot: AnyMachineSnapshot) => events(snapshot, start);
    const model = createTestModel(testMachine, {
      events: offered,
      // createTestModel adds a bare `{ type }` for every event a state accepts that `events` did
      // not offer: not something the UI was said to be able to do there. An offered event the
      // state ignores is no edge either.
      filterEvents: (snapshot, event) =>
        offered(snapshot).some((candidate) => sameEvent(candidate, event)) &&
        testMachine.getTransitionData(snapshot, event).length > 0,
      input: start.input,
      // One vertex per snapshot (state and context), not per way into it as by default.
      serializeState: (snapshot) => serializeSnapshot(snapshot),
    });
    const edges = new Map<string, Edge[]>();
    const adjacency: AdjacencyMap<AnyMachineSnapshot, EventObject> = model.getAdjacencyMap();
    for (const [from, { state, transitions }] of Object.entries(adjacency)) {
      const outgoing: { event: EventObject; state: AnyMachineSnapshot }[] =
        Object.values(transitions);
      edges.set(
        from,
        outgoing.map(({ event, state: next }) => ({
          event,
          from: state,
          to: serializeSnapshot(next),
          state: next,
          gain: coverageOf(testMachine, [twoSteps(state, event, next)], all),
          ends: endsPath?.(event) ?? false,
        })),
      );
    }
    const initial = getInitialSnapshot(testMachine, start.input);
    const initialKey: string = serializeSnapshot(initial);
    const initialGain = coverageOf(testMachine, [twoSteps(initial, null, initial)], all);

    for (;;) {
      const steps: ChartPath['steps'] = [{ event: { type: 'xstate.init' }, state: initial }];
      const gained = new Set(initialGain);
      let at: string = initialKey;
      for (;;) {
        const room = maxSteps - (steps.length - 1);
        const wanted = (item: string) => !covered.has(item) && !gained.has(item);
        // What lets the path go on first; an edge that ends it only when nothing else is left.
        const route =
          nearestGain(edges, at, room, wanted, false) ?? nearestGain(edges, at, room, wanted, true);
        if (route === null) break;
        for (const edge of route) {
          steps.push({ event: edge.event, state: edge.state });
          for (const item of edge.gain) gained.add(item);
          at = edge.to;
        }
        if (route.at(-1)?.ends) break;
      }
      const fresh = [...gained].filter((item) => !covered.has(item));
      if (fresh.length === 0) break;
      for (const item of fresh) covered.add(item);
      const last = steps.at(-1)?.state ?? initial;
      paths.push({ start, path: { state: last, steps, weight: steps.length - 1 } });
    }
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
    paths,
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
  const notRoot = (id: string) => id !== machine.id;
  const allStates = everything.unvisitedStates.filter(notRoot);
  const missingStates = unvisitedStates.filter(notRoot);
  return {
    states: {
      covered: allStates.length - missingStates.length,
      total: allStates.length,
      missing: missingStates,
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
