/**
 * Walks a planned chart path (./chartPaths.ts) in the real app: the start opens the page where
 * the machine starts, each event is done the way a person (or the browser) does it, and after
 * every step each state the chart is in is held to what a person sees in it. The mapping from
 * chart to UI is written by hand, one per machine (e2e/model/<id>.spec.ts); a state or event of
 * the chart without one fails the suite (mappingGaps, and walkPath throws when it meets one).
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  type ChartPath,
  type ChartPlan,
  type ChartStart,
  type PlannedPath,
  stateKey,
  type Tally,
  walkedCoverage,
} from './chartPaths.ts';

export interface ChartUi<TCtx, TEvent extends EventObject = EventObject> {
  /** Opens the app where the machine starts (the path is given for what it must prepare). */
  start: (ctx: TCtx, start: ChartStart, path: ChartPath) => Promise<void>;
  /**
   * For every state of the chart (its path below the root: 'offline.withCache'): what a person
   * sees while the machine is in it. `snapshot` is the model's, for what the context decides
   * ('Delete (2)').
   */
  states: Record<string, (ctx: TCtx, snapshot: AnyMachineSnapshot) => Promise<void>>;
  /**
   * For every event the chart reacts to (invoke outcomes and delays as the test machine names
   * them: 'fetchTaste.done', 'after.spinner'): what makes it happen in the app.
   */
  events: Record<
    string,
    (
      ctx: TCtx,
      event: TEvent,
      before: AnyMachineSnapshot,
      next: EventObject | undefined,
    ) => Promise<void>
  >;
  /**
   * Events the app sends itself the moment it enters a state (a popup the browser refused): the
   * state before them lasts no time a person could see, so it is not checked.
   */
  immediate?: (event: EventObject) => boolean;
}

/** Chart states and events without a UI mapping, and mappings for what the chart lacks. */
export function mappingGaps<TCtx, TEvent extends EventObject>(
  plan: ChartPlan,
  ui: ChartUi<TCtx, TEvent>,
): string[] {
  const gaps: string[] = [];
  for (const key of plan.stateKeys) {
    if (!(key in ui.states)) gaps.push(`state '${key}' has no assertion of what a person sees`);
  }
  for (const type of plan.eventTypes) {
    if (!(type in ui.events)) gaps.push(`event '${type}' has no UI action`);
  }
  for (const key of Object.keys(ui.states)) {
    if (!plan.stateKeys.includes(key)) gaps.push(`'${key}' is not a state of ${plan.machineId}`);
  }
  for (const type of Object.keys(ui.events)) {
    if (!plan.eventTypes.includes(type))
      gaps.push(`'${type}' is not an event of ${plan.machineId}`);
  }
  return gaps;
}

/** The states a snapshot is in, outermost first (the root left out). */
function activeStateKeys(machineId: string, snapshot: AnyMachineSnapshot): string[] {
  return snapshot._nodes
    .filter((node) => node.id !== machineId)
    .sort((a, b) => a.path.length - b.path.length)
    .map((node) => stateKey(machineId, node.id));
}

async function checkStates<TCtx, TEvent extends EventObject>(
  ctx: TCtx,
  machineId: string,
  ui: ChartUi<TCtx, TEvent>,
  snapshot: AnyMachineSnapshot,
): Promise<void> {
  for (const key of activeStateKeys(machineId, snapshot)) {
    const check = ui.states[key];
    if (check === undefined) throw new Error(`${machineId}: state '${key}' has no UI assertion`);
    await check(ctx, snapshot);
  }
}

/**
 * Follows one planned path: the start, then each step's event, checking every state after each.
 * `step` wraps each action and check (test.step) so a failure names the step it was on.
 */
export async function walkPath<TCtx, TEvent extends EventObject>(
  ctx: TCtx,
  machineId: string,
  ui: ChartUi<TCtx, TEvent>,
  { start, path }: PlannedPath,
  step: (title: string, body: () => Promise<void>) => Promise<void>,
): Promise<void> {
  let before: AnyMachineSnapshot | undefined;
  for (const [index, { event, state }] of path.steps.entries()) {
    const where = JSON.stringify(state.value);
    const next = path.steps[index + 1]?.event;
    const check = async () => {
      if (next !== undefined && ui.immediate?.(next)) return;
      await checkStates(ctx, machineId, ui, state);
    };
    if (index === 0 || before === undefined) {
      await step(`start (${start.name}) ⇒ ${where}`, async () => {
        await ui.start(ctx, start, path);
        await check();
      });
    } else {
      const from = before;
      const act = ui.events[event.type];
      if (act === undefined)
        throw new Error(`${machineId}: event '${event.type}' has no UI action`);
      await step(`${event.type} ⇒ ${where}`, async () => {
        await act(ctx, event as TEvent, from, next);
        await check();
      });
    }
    before = state;
  }
}

function line(label: string, { covered, total }: Tally): string {
  return `${label} ${covered}/${total}`;
}

/**
 * The printout of a machine's run: states and transitions the walked paths covered out of the
 * chart's, and what stayed uncovered (eventless `always` transitions are not counted).
 */
export function coverageReport(
  machine: Parameters<typeof walkedCoverage>[0],
  walked: readonly ChartPath[],
  planned: number,
): string {
  const { states, transitions } = walkedCoverage(machine, walked);
  const missing = [
    ...states.missing.map((id) => `  state not covered: ${id}`),
    ...transitions.missing.map((transition) => `  transition not covered: ${transition}`),
  ];
  return [
    `[model e2e] ${machine.id}: ${line('states', states)}, ${line('transitions', transitions)} ` +
      `(${walked.length} of ${planned} paths walked, ` +
      `${walked.reduce((sum, path) => sum + path.steps.length - 1, 0)} UI steps)`,
    ...missing,
  ].join('\n');
}
