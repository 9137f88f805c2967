/**
 * The machines' charts as Mermaid `stateDiagram-v2` pages (docs/machines/<id>.md), generated from
 * the machine objects themselves, so a chart can never describe a machine that no longer exists.
 * Read by scripts/charts.ts (`npm run charts`, `-- --check`) and machines/charts.test.ts.
 *
 * What a chart shows, read from each StateNode (XState v5): `states` (nested, parallel),
 * `initial` (`[*] -->`), final states (`--> [*]`), `transitions` (event, guard by name, actions),
 * `after` (delays, with their milliseconds), `invoke` (the actor's `src` name; its done and error
 * transitions are labelled `<src>.done` / `<src>.error`, as the model tests name them), `always`,
 * and entry/exit actions. Transitions without a target (they only run actions) are written inside
 * their state as `event / action` lines; the machine's own top-level handlers hang off an
 * "(any state)" box. Everything is in the order the machine's config declares it, so the output
 * is stable.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AnyStateMachine, AnyStateNode } from 'xstate';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** One entry of stately.config.json. */
export interface MachineEntry {
  id: string;
  path: string;
  export: string;
  test: string;
  description: string;
  /** The generated chart, e.g. docs/machines/shake.md. */
  chart: string;
}

export function readMachineEntries(): MachineEntry[] {
  const config = JSON.parse(readFileSync(join(repoRoot, 'stately.config.json'), 'utf8')) as {
    machines: MachineEntry[];
  };
  return config.machines;
}

/** Imports every machine stately.config.json lists, checking that its id is the entry's. */
async function loadMachines(): Promise<{ entry: MachineEntry; machine: AnyStateMachine }[]> {
  return Promise.all(
    readMachineEntries().map(async (entry) => {
      const module = (await import(join(repoRoot, entry.path))) as Record<string, unknown>;
      const machine = module[entry.export] as AnyStateMachine | undefined;
      if (machine === undefined || machine.id !== entry.id) {
        throw new Error(
          `stately.config.json: ${entry.path} has no export '${entry.export}' with id '${entry.id}'.`,
        );
      }
      return { entry, machine };
    }),
  );
}

/** A Mermaid-safe identifier for a state node: its path joined with underscores. */
function nodeName(node: AnyStateNode): string {
  return node.path.length === 0 ? node.machine.id : node.path.join('_');
}

/** Text Mermaid prints as is: no characters that end a statement or start a comment. */
function text(value: string): string {
  return value.replace(/[;#:]/g, ' ').replace(/\s+/g, ' ').trim();
}

/** A guard by name; `not`, `and`, `or` with their operands; inline functions as `inline`. */
function guardName(guard: unknown): string {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return String(guard.type);
  if (typeof guard === 'function') {
    const operands: unknown = 'guards' in guard ? guard.guards : undefined;
    return Array.isArray(operands)
      ? `${guard.name}(${operands.map(guardName).join(', ')})`
      : 'inline';
  }
  return 'unknown';
}

function actionName(action: unknown): string {
  if (typeof action === 'string') return action;
  if (typeof action === 'object' && action !== null && 'type' in action) return String(action.type);
  if (typeof action === 'function') return action.name || 'inline';
  return 'unknown';
}

function actionList(actions: unknown): string[] {
  if (actions === undefined) return [];
  return (Array.isArray(actions) ? actions : [actions]).map(actionName);
}

function formatDelay(name: string, ms: unknown): string {
  if (typeof ms !== 'number') return `after ${name}`;
  const amount = ms >= 1000 ? `${ms / 1000} s` : `${ms} ms`;
  return String(ms) === name ? `after ${amount}` : `after ${name} (${amount})`;
}

interface Transition {
  eventType: string;
  target?: ReadonlyArray<AnyStateNode> | undefined;
  guard?: unknown;
  actions: readonly unknown[];
  reenter: boolean;
}

/** The label of a transition: `event [guard] / action, action`. */
function transitionLabel(event: string, transition: Transition): string {
  const guard = transition.guard === undefined ? '' : ` [${guardName(transition.guard)}]`;
  const actions = transition.actions.map(actionName);
  const effect = actions.length > 0 ? ` / ${actions.join(', ')}` : '';
  const reenter = transition.reenter ? ' (reenter)' : '';
  return text(`${event}${guard}${effect}${reenter}`);
}

/** Readable names for a node's invoke outcomes and delays (XState's own are internal ids). */
function eventNames(node: AnyStateNode): Map<string, string> {
  const names = new Map<string, string>();
  for (const invocation of node.invoke) {
    const src = String(invocation.src);
    names.set(`xstate.done.actor.${invocation.id}`, `${src}.done`);
    names.set(`xstate.error.actor.${invocation.id}`, `${src}.error`);
    names.set(`xstate.snapshot.${invocation.id}`, `${src}.snapshot`);
  }
  for (const delayed of node.after) {
    const delay = typeof delayed.delay === 'function' ? 'expression' : String(delayed.delay);
    const ms = node.machine.implementations.delays[delay] ?? Number(delay);
    names.set(String(delayed.eventType), formatDelay(delay, ms));
  }
  return names;
}

const anyState = 'anyState';

/**
 * What happens inside `node` (entry/exit actions, invoked actors, tags, targetless transitions)
 * as description lines; its transitions with a target go to `edges`, drawn from `from`.
 */
function describeNode(node: AnyStateNode, from: string, edges: string[]): string[] {
  const notes: string[] = [];
  for (const action of actionList(node.config.entry)) notes.push(`entry / ${action}`);
  for (const action of actionList(node.config.exit)) notes.push(`exit / ${action}`);
  for (const invocation of node.invoke) notes.push(`invoke ${String(invocation.src)}`);
  if (node.tags.length > 0) notes.push(`tags ${[...node.tags].sort().join(', ')}`);
  const names = eventNames(node);
  const outgoing: [string, Transition][] = [
    ...[...node.transitions].flatMap(([eventType, transitions]) =>
      transitions.map((transition): [string, Transition] => [
        names.get(eventType) ?? eventType,
        transition,
      ]),
    ),
    ...(node.always ?? []).map((transition): [string, Transition] => ['always', transition]),
  ];
  for (const [event, transition] of outgoing) {
    const label = transitionLabel(event, transition);
    const targets = transition.target ?? [];
    if (targets.length === 0) notes.push(label);
    for (const target of targets) edges.push(`${from} --> ${nodeName(target)} : ${label}`);
  }
  if (node.type === 'final') edges.push(`${from} --> [*]`);
  return notes.map(text);
}

/** The lines of the states in `parent` (nested ones inside their parent's block). */
function renderChildren(parent: AnyStateNode, indent: string, edges: string[]): string[] {
  const lines: string[] = [];
  if (parent.type === 'compound' && parent.initial.target[0] !== undefined) {
    lines.push(`${indent}[*] --> ${nodeName(parent.initial.target[0])}`);
  }
  (Object.values(parent.states) as AnyStateNode[]).forEach((node, index) => {
    // Mermaid separates the regions of a parallel state with `--`.
    if (parent.type === 'parallel' && index > 0) lines.push(`${indent}--`);
    const name = nodeName(node);
    if (node.key !== name) lines.push(`${indent}state "${node.key}" as ${name}`);
    const notes = describeNode(node, name, edges);
    if (Object.keys(node.states).length === 0) {
      for (const note of notes) lines.push(`${indent}${name} : ${note}`);
      return;
    }
    lines.push(`${indent}state ${name} {`, ...renderChildren(node, `${indent}  `, edges));
    lines.push(`${indent}}`);
    // A composite state's box holds no description lines: they go in a note beside it.
    if (notes.length > 0) {
      lines.push(`${indent}note right of ${name}`, ...notes.map((note) => `${indent}  ${note}`));
      lines.push(`${indent}end note`);
    }
  });
  return lines;
}

/** The Mermaid diagram of `machine` (without the ``` fence). */
function mermaidChart(machine: AnyStateMachine): string {
  const edges: string[] = [];
  const lines = ['stateDiagram-v2', ...renderChildren(machine.root, '  ', edges)];
  // The root is not drawn as a box: what it handles in every state hangs off "(any state)".
  const rootEdges: string[] = [];
  const rootNotes = describeNode(machine.root, anyState, rootEdges);
  if (rootNotes.length > 0 || rootEdges.length > 0) {
    lines.push(`  state "(any state)" as ${anyState}`);
    for (const note of rootNotes) lines.push(`  ${anyState} : ${note}`);
  }
  lines.push(...[...edges, ...rootEdges].map((edge) => `  ${edge}`));
  return lines.join('\n');
}

/** The whole docs/machines/<id>.md page. */
function chartPage(entry: MachineEntry, machine: AnyStateMachine): string {
  return [
    `# ${entry.id}: the \`${entry.export}\` chart`,
    '',
    `<!-- Generated from ${entry.path} by \`npm run charts\`; do not edit by hand. -->`,
    '',
    entry.description,
    '',
    `Defined in [${entry.path}](../../${entry.path}), tested by [${entry.test}](../../${entry.test}).`,
    '',
    '```mermaid',
    mermaidChart(machine),
    '```',
    '',
  ].join('\n');
}

/** Every chart page, keyed by its path from the repository root. */
export async function generateChartPages(): Promise<Map<string, string>> {
  const machines = await loadMachines();
  return new Map(machines.map(({ entry, machine }) => [entry.chart, chartPage(entry, machine)]));
}
