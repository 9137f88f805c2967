import { describe, expect, it, vi } from 'vitest';
import { createActor, type EventFromLogic } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { Event } from '../contract/events.ts';
import { eventFixture } from '../src/test/fixtures.ts';
import {
  type SavedSelectionEvent,
  type SavedSelectionSnapshot,
  savedSelectionMachine,
} from './savedSelection.ts';
import {
  describeModel,
  describePath,
  expectEffectsToBeProvided,
  expectFullCoverage,
  followPathWithOracle,
} from './testing/modelTests.ts';
import {
  describeChartEvents,
  describeChartTransitions,
  toTestMachine,
} from './testing/testModel.ts';

const picnic = eventFixture({ id: 'e1', title: 'Family Jazz Picnic' });

function startSelection() {
  const selectEvent = vi.fn((_args: unknown, _params: { event: Event }) => undefined);
  const deleteSaved = vi.fn((_args: unknown, _params: { ids: readonly string[] }) => undefined);
  const clearSaved = vi.fn();
  const actor = createActor(
    savedSelectionMachine.provide({ actions: { selectEvent, deleteSaved, clearSaved } }),
  );
  actor.start();
  return { actor, selectEvent, deleteSaved, clearSaved };
}

describeModel('saved selection model', () => {
  const testMachine = toTestMachine(savedSelectionMachine);
  const model = createTestModel(testMachine, {
    events: (): EventFromLogic<typeof testMachine>[] => [
      { type: 'user.open', event: picnic },
      { type: 'user.select' },
      { type: 'user.toggle', id: 'e1' },
      { type: 'user.toggle', id: 'e2' },
      { type: 'user.cancel' },
      { type: 'user.delete' },
      { type: 'user.clearAll' },
      { type: 'user.confirmClear' },
      { type: 'user.cancelClear' },
      { type: 'data.ids', ids: ['e2'] },
      { type: 'data.ids', ids: [] },
    ],
  });
  // Opening an event changes neither state nor context, so no shortest path takes that
  // transition; one explicit path walks it. Unticking returns to a state a shorter path already
  // reached, so no shortest path unticks either: another explicit path does.
  const paths = [
    ...model.getShortestPaths(),
    ...model.getPathsFromEvents([{ type: 'user.open', event: picnic }]),
    ...model.getPathsFromEvents([
      { type: 'user.select' },
      { type: 'user.toggle', id: 'e1' },
      { type: 'user.toggle', id: 'e2' },
      { type: 'user.toggle', id: 'e1' },
    ]),
  ];
  const describeSelectionPath = (path: (typeof paths)[number]) =>
    describePath(
      path,
      (event) =>
        event.type === 'user.toggle'
          ? `user.toggle(${event.id})`
          : event.type === 'data.ids'
            ? `data.ids(${event.ids.join(',') || 'none'})`
            : event.type,
      (state) => JSON.stringify(state.context.selected),
    );

  it('has exactly the chart events', () => {
    expect(describeChartEvents(testMachine)).toEqual([
      'data.ids',
      'user.cancel',
      'user.cancelClear',
      'user.clearAll',
      'user.confirmClear',
      'user.delete',
      'user.open',
      'user.select',
      'user.toggle',
    ]);
  });

  it('is the reviewed chart (docs/product.md#spec-4-saved-screen)', () => {
    expect(describeChartTransitions(savedSelectionMachine)).toEqual([
      'savedSelection --data.ids [noneLeft]--> savedSelection.browsing actions:1',
      'savedSelection --data.ids--> (none) actions:1',
      'savedSelection.browsing --user.clearAll--> savedSelection.confirmingClear actions:0',
      'savedSelection.browsing --user.open--> (none) actions:1',
      'savedSelection.browsing --user.select--> savedSelection.selecting actions:0',
      'savedSelection.confirmingClear --user.cancelClear--> savedSelection.browsing actions:0',
      'savedSelection.confirmingClear --user.confirmClear--> savedSelection.browsing actions:1',
      'savedSelection.selecting --user.cancel--> savedSelection.browsing actions:1',
      'savedSelection.selecting --user.delete [hasSelection]--> savedSelection.browsing actions:2',
      'savedSelection.selecting --user.toggle--> (none) actions:1',
    ]);
  });

  it('generates paths through every state and every transition', () => {
    expectFullCoverage(testMachine, paths);
  });

  it.each(paths.map((path) => [describeSelectionPath(path), path] as const))(
    'the real flow follows: %s',
    async (_description, path) => {
      const { actor, selectEvent, deleteSaved, clearSaved } = startSelection();
      await followPathWithOracle(
        path,
        actor,
        (event) => {
          actor.send(event as SavedSelectionEvent);
        },
        {
          initial: { state: 'browsing', selected: [], opened: 0, deleted: [], cleared: 0 },
          next: expectAfter,
          check: (snapshot, expected) => {
            expect(snapshot.value).toBe(expected.state);
            expect(snapshot.context.selected).toEqual(expected.selected);
            // The effects the route supplies ran exactly on the transitions that name them.
            expect(selectEvent).toHaveBeenCalledTimes(expected.opened);
            if (expected.opened > 0) {
              expect(selectEvent).toHaveBeenLastCalledWith(expect.anything(), { event: picnic });
            }
            expect(deleteSaved.mock.calls.map(([, params]) => params.ids)).toEqual(
              expected.deleted,
            );
            expect(clearSaved).toHaveBeenCalledTimes(expected.cleared);
            expectAccepts(snapshot, acceptedIn(expected));
          },
        },
      );
    },
  );
});

/** What the test expects of the Saved screen, worked out here and not by the machine. */
interface ExpectedSelection {
  state: 'browsing' | 'selecting' | 'confirmingClear';
  selected: readonly string[];
  /** selectEvent calls. */
  opened: number;
  /** The ids of each deleteSaved call. */
  deleted: readonly (readonly string[])[];
  /** clearSaved calls. */
  cleared: number;
}

/** docs/product.md#spec-4-saved-screen, step by step (see the chart's comment for the decisions). */
function expectAfter(
  expected: ExpectedSelection,
  event: EventFromLogic<ReturnType<typeof toTestMachine<typeof savedSelectionMachine>>>,
): ExpectedSelection {
  const browsing = { ...expected, state: 'browsing', selected: [] } as const;
  switch (event.type) {
    case 'data.ids':
      // A list emptied elsewhere ends select mode and a pending Clear All; otherwise the ticks
      // on events no longer saved go.
      return event.ids.length === 0
        ? browsing
        : { ...expected, selected: expected.selected.filter((id) => event.ids.includes(id)) };
    case 'user.open':
      return expected.state === 'browsing'
        ? { ...expected, opened: expected.opened + 1 }
        : expected;
    case 'user.select':
      return expected.state === 'browsing' ? { ...expected, state: 'selecting' } : expected;
    case 'user.clearAll':
      return expected.state === 'browsing' ? { ...expected, state: 'confirmingClear' } : expected;
    case 'user.toggle': {
      if (expected.state !== 'selecting') return expected;
      const ticked = expected.selected.includes(event.id);
      return {
        ...expected,
        selected: ticked
          ? expected.selected.filter((id) => id !== event.id)
          : [...expected.selected, event.id],
      };
    }
    case 'user.cancel':
      return expected.state === 'selecting' ? browsing : expected;
    case 'user.delete':
      return expected.state === 'selecting' && expected.selected.length > 0
        ? { ...browsing, deleted: [...expected.deleted, expected.selected] }
        : expected;
    case 'user.confirmClear':
      return expected.state === 'confirmingClear'
        ? { ...browsing, cleared: expected.cleared + 1 }
        : expected;
    case 'user.cancelClear':
      return expected.state === 'confirmingClear' ? browsing : expected;
    default:
      return expected;
  }
}

/** The buttons each state offers (docs/product.md#spec-4): what the chart must accept there, and nothing else. */
function acceptedIn(expected: ExpectedSelection): SavedSelectionEvent['type'][] {
  switch (expected.state) {
    case 'browsing':
      return ['data.ids', 'user.open', 'user.select', 'user.clearAll'];
    case 'selecting':
      // 'Delete (n)' only with a selection.
      return [
        'data.ids',
        'user.toggle',
        'user.cancel',
        ...(expected.selected.length > 0 ? (['user.delete'] as const) : []),
      ];
    case 'confirmingClear':
      return ['data.ids', 'user.confirmClear', 'user.cancelClear'];
  }
}

const everyEvent: readonly SavedSelectionEvent[] = [
  { type: 'data.ids', ids: ['e1'] },
  { type: 'user.open', event: picnic },
  { type: 'user.select' },
  { type: 'user.toggle', id: 'e1' },
  { type: 'user.cancel' },
  { type: 'user.delete' },
  { type: 'user.clearAll' },
  { type: 'user.confirmClear' },
  { type: 'user.cancelClear' },
];

function expectAccepts(snapshot: SavedSelectionSnapshot, accepted: readonly string[]): void {
  const actual = everyEvent.filter((event) => snapshot.can(event)).map((event) => event.type);
  expect(actual.sort()).toEqual([...accepted].sort());
}

describe('saved selection details', () => {
  it("every effect is the route's to provide, and says so when missing", async () => {
    await expectEffectsToBeProvided(savedSelectionMachine, 'the route', {
      actions: ['selectEvent', 'deleteSaved', 'clearSaved'],
    });
  });

  it('Delete with nothing selected stays in select mode and deletes nothing (docs/product.md#spec-5)', () => {
    const { actor, deleteSaved } = startSelection();
    actor.send({ type: 'user.select' });
    actor.send({ type: 'user.delete' });
    expect(actor.getSnapshot().value).toBe('selecting');
    expect(deleteSaved).not.toHaveBeenCalled();
  });

  it('Delete hands the ticked ids to the route, then leaves select mode cleared', () => {
    const { actor, deleteSaved } = startSelection();
    actor.send({ type: 'user.select' });
    actor.send({ type: 'user.toggle', id: 'e2' });
    actor.send({ type: 'user.toggle', id: 'e1' });
    actor.send({ type: 'user.toggle', id: 'e3' });
    actor.send({ type: 'user.toggle', id: 'e3' });
    actor.send({ type: 'user.delete' });
    expect(deleteSaved).toHaveBeenCalledExactlyOnceWith(expect.anything(), { ids: ['e2', 'e1'] });
    expect(actor.getSnapshot().value).toBe('browsing');
    expect(actor.getSnapshot().context.selected).toEqual([]);
  });

  it('Cancel clears the selection: select mode starts empty next time', () => {
    const { actor } = startSelection();
    actor.send({ type: 'user.select' });
    actor.send({ type: 'user.toggle', id: 'e1' });
    actor.send({ type: 'user.cancel' });
    actor.send({ type: 'user.select' });
    expect(actor.getSnapshot().context.selected).toEqual([]);
  });

  it('Clear All only empties the list once confirmed', () => {
    const { actor, clearSaved } = startSelection();
    actor.send({ type: 'user.clearAll' });
    actor.send({ type: 'user.cancelClear' });
    expect(clearSaved).not.toHaveBeenCalled();
    actor.send({ type: 'user.clearAll' });
    actor.send({ type: 'user.confirmClear' });
    expect(clearSaved).toHaveBeenCalledOnce();
  });

  it('a card opens the event only outside select mode; inside it ticks the box', () => {
    const { actor, selectEvent } = startSelection();
    actor.send({ type: 'user.select' });
    actor.send({ type: 'user.open', event: picnic });
    expect(selectEvent).not.toHaveBeenCalled();
    actor.send({ type: 'user.cancel' });
    actor.send({ type: 'user.open', event: picnic });
    expect(selectEvent).toHaveBeenCalledExactlyOnceWith(expect.anything(), { event: picnic });
  });

  it('an event unsaved elsewhere drops out of the selection', () => {
    const { actor } = startSelection();
    actor.send({ type: 'user.select' });
    actor.send({ type: 'user.toggle', id: 'e1' });
    actor.send({ type: 'user.toggle', id: 'e2' });
    actor.send({ type: 'data.ids', ids: ['e2', 'e3'] });
    expect(actor.getSnapshot().context.selected).toEqual(['e2']);
    expect(actor.getSnapshot().value).toBe('selecting');
  });

  it('fails loudly when the route forgot an effect', () => {
    const actor = createActor(savedSelectionMachine);
    const errors: unknown[] = [];
    actor.subscribe({ error: (error) => errors.push(error) });
    actor.start();
    actor.send({ type: 'user.clearAll' });
    actor.send({ type: 'user.confirmClear' });
    expect(errors).toEqual([new Error('clearSaved must be provided by the route')]);
  });
});
