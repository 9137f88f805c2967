import { describe, expect, it, vi } from 'vitest';
import { createActor, type EventFromLogic } from 'xstate';
import { createTestModel } from 'xstate/graph';
import {
  type ResultsViewEvent,
  type ResultsViewName,
  type ResultsViewSnapshot,
  resultsViewMachine,
} from './resultsView.ts';
import {
  describeModel,
  describePath,
  expectEffectsToBeProvided,
  followPathWithOracle,
} from './testing/modelTests.ts';
import {
  chartCoverage,
  describeChartEvents,
  describeChartTransitions,
  toTestMachine,
} from './testing/testModel.ts';

const oakland = '-122.30000,37.75000,-122.20000,37.85000';

function startView(view: ResultsViewName) {
  const writeView = vi.fn((_args: unknown, _params: { view: ResultsViewName }) => undefined);
  const searchArea = vi.fn((_args: unknown, _params: { bbox: string }) => undefined);
  const actor = createActor(resultsViewMachine.provide({ actions: { writeView, searchArea } }), {
    input: { view },
  });
  actor.start();
  return { actor, writeView, searchArea };
}

/** 'map.ready.pinSelected', 'list': the active leaf as one dotted name. */
function stateName(snapshot: ResultsViewSnapshot): string {
  const flatten = (value: unknown): string =>
    typeof value === 'string'
      ? value
      : Object.entries(value as Record<string, unknown>)
          .map(([key, child]) => `${key}.${flatten(child)}`)
          .join('');
  return flatten(snapshot.value);
}

describeModel('results view model', () => {
  const testMachine = toTestMachine(resultsViewMachine);
  type TestEvent = EventFromLogic<typeof testMachine>;
  const events = (): TestEvent[] => [
    { type: 'user.showMap' },
    { type: 'user.showList' },
    { type: 'url.view', view: 'map' },
    { type: 'url.view', view: 'list' },
    { type: 'map.ready' },
    { type: 'map.failed' },
    { type: 'user.selectPin', ids: ['e1'] },
    { type: 'user.selectPin', ids: ['e2', 'e3'] },
    { type: 'user.closePin' },
    { type: 'map.moved' },
    { type: 'map.fitted' },
    { type: 'user.searchArea', bbox: oakland },
    { type: 'data.ids', ids: ['e2'] },
    { type: 'data.ids', ids: [] },
  ];
  const runs = (['list', 'map'] as const).flatMap((view) => {
    const model = createTestModel(testMachine, { events, input: { view } });
    // Forgetting a move (a refit, or 'Search this area' itself) returns to a snapshot a shorter
    // path already reached, so no shortest path takes them: explicit paths do.
    const moveAndForget = [{ type: 'map.ready' }, { type: 'map.moved' }] as const;
    // getPathsFromEvents starts from the machine's initial snapshot without the model's input
    // (xstate/graph's own TODO): given the snapshot an actor with this input starts in.
    const fromState = createActor(testMachine, { input: { view } }).getSnapshot();
    const opened = view === 'list' ? [{ type: 'user.showMap' } as const] : [];
    return [
      ...model.getShortestPaths(),
      ...model.getPathsFromEvents([...opened, ...moveAndForget, { type: 'map.fitted' }], {
        fromState,
      }),
      ...model.getPathsFromEvents(
        [
          ...opened,
          ...moveAndForget,
          { type: 'user.searchArea', bbox: oakland },
          // Refused: nothing moved since.
          { type: 'user.searchArea', bbox: oakland },
        ],
        { fromState },
      ),
    ].map((path) => ({ view, path }));
  });

  const nameEvent = (event: TestEvent): string => {
    switch (event.type) {
      case 'url.view':
        return `url.view(${event.view})`;
      case 'user.selectPin':
        return `user.selectPin(${event.ids.join(',')})`;
      case 'data.ids':
        return `data.ids(${event.ids.join(',') || 'none'})`;
      default:
        return event.type;
    }
  };

  it('has exactly the chart events', () => {
    expect(describeChartEvents(testMachine)).toEqual([
      'data.ids',
      'map.failed',
      'map.fitted',
      'map.moved',
      'map.ready',
      'url.view',
      'user.closePin',
      'user.searchArea',
      'user.selectPin',
      'user.showList',
      'user.showMap',
    ]);
  });

  it('is the reviewed chart (issue 33: list, map loading, ready, failed, pin selected)', () => {
    expect(describeChartTransitions(resultsViewMachine)).toEqual([
      'resultsView.list --url.view [toMap]--> resultsView.map actions:0',
      'resultsView.list --user.showMap--> resultsView.map actions:1',
      'resultsView.map --url.view [toList]--> resultsView.list actions:0',
      'resultsView.map --user.showList--> resultsView.list actions:1',
      'resultsView.map.loading --map.failed--> resultsView.map.failed actions:0',
      'resultsView.map.loading --map.ready--> resultsView.map.ready actions:0',
      'resultsView.map.ready --map.fitted--> (none) actions:1',
      'resultsView.map.ready --map.moved--> (none) actions:1',
      'resultsView.map.ready --user.searchArea [moved]--> (none) actions:2',
      'resultsView.map.ready.browsing --user.selectPin--> resultsView.map.ready.pinSelected actions:1',
      'resultsView.map.ready.pinSelected --data.ids [noneLeft]--> resultsView.map.ready.browsing actions:0',
      'resultsView.map.ready.pinSelected --data.ids--> (none) actions:1',
      'resultsView.map.ready.pinSelected --user.closePin--> resultsView.map.ready.browsing actions:0',
      'resultsView.map.ready.pinSelected --user.selectPin--> resultsView.map.ready.pinSelected (reenter) actions:1',
      'resultsView.start --(always) [startsOnMap]--> resultsView.map actions:0',
      'resultsView.start --(always)--> resultsView.list actions:0',
    ]);
  });

  it('generates paths through every state and every transition (both ways in together)', () => {
    expect(
      chartCoverage(
        testMachine,
        runs.map(({ path }) => path),
      ),
    ).toEqual({
      // A transient state: its `always` picks the list or the map before any snapshot exists.
      unvisitedStates: ['resultsView.start'],
      unvisitedTransitions: [],
    });
  });

  it.each(runs.map((run) => [`from ${run.view}: ${describePath(run.path, nameEvent)}`, run]))(
    'the real flow follows: %s',
    async (_description, { view, path }) => {
      const { actor, writeView, searchArea } = startView(view);
      await followPathWithOracle(
        path,
        actor,
        (event) => {
          actor.send(event as ResultsViewEvent);
        },
        {
          initial: startsAs(view),
          next: expectAfter,
          check: (snapshot, expected) => {
            expect(stateName(snapshot)).toBe(expected.state);
            expect(snapshot.context.selected).toEqual(expected.selected);
            expect(snapshot.context.moved).toBe(expected.moved);
            // The address changed exactly when the switch was used, never for Back or a link.
            expect(writeView.mock.calls.map(([, params]) => params.view)).toEqual(expected.written);
            expect(searchArea.mock.calls.map(([, params]) => params.bbox)).toEqual(
              expected.searched,
            );
            expectAccepts(snapshot, acceptedIn(expected));
          },
        },
      );
    },
  );
});

/** What the test expects of the results' view, worked out here and not by the machine. */
interface ExpectedView {
  state: 'list' | 'map.loading' | 'map.ready.browsing' | 'map.ready.pinSelected' | 'map.failed';
  selected: readonly string[];
  moved: boolean;
  /** The views writeView put in the address, in order. */
  written: readonly ResultsViewName[];
  /** The boxes 'Search this area' asked for, in order. */
  searched: readonly string[];
}

function startsAs(view: ResultsViewName): ExpectedView {
  return {
    state: view === 'map' ? 'map.loading' : 'list',
    selected: [],
    moved: false,
    written: [],
    searched: [],
  };
}

const onMap = (state: ExpectedView['state']) => state.startsWith('map.');
const mapReady = (state: ExpectedView['state']) => state.startsWith('map.ready.');

/** Issue 33's list and map, step by step (see the chart's comment for the decisions). */
function expectAfter(
  expected: ExpectedView,
  event: EventFromLogic<ReturnType<typeof toTestMachine<typeof resultsViewMachine>>>,
): ExpectedView {
  // Leaving the map closes the card and forgets the move.
  const toList = { ...expected, state: 'list', selected: [], moved: false } as const;
  const toMap = { ...expected, state: 'map.loading' } as const;
  switch (event.type) {
    case 'user.showMap':
      return expected.state === 'list'
        ? { ...toMap, written: [...expected.written, 'map'] }
        : expected;
    case 'user.showList':
      return onMap(expected.state)
        ? { ...toList, written: [...expected.written, 'list'] }
        : expected;
    case 'url.view':
      if (event.view === 'map') return expected.state === 'list' ? toMap : expected;
      return onMap(expected.state) ? toList : expected;
    case 'map.ready':
      return expected.state === 'map.loading'
        ? { ...expected, state: 'map.ready.browsing' }
        : expected;
    case 'map.failed':
      return expected.state === 'map.loading' ? { ...expected, state: 'map.failed' } : expected;
    case 'map.moved':
      return mapReady(expected.state) ? { ...expected, moved: true } : expected;
    case 'map.fitted':
      return mapReady(expected.state) ? { ...expected, moved: false } : expected;
    case 'user.searchArea':
      return mapReady(expected.state) && expected.moved
        ? { ...expected, moved: false, searched: [...expected.searched, event.bbox] }
        : expected;
    case 'user.selectPin':
      return mapReady(expected.state)
        ? { ...expected, state: 'map.ready.pinSelected', selected: event.ids }
        : expected;
    case 'user.closePin':
      return expected.state === 'map.ready.pinSelected'
        ? { ...expected, state: 'map.ready.browsing', selected: [] }
        : expected;
    case 'data.ids': {
      if (expected.state !== 'map.ready.pinSelected') return expected;
      const left = expected.selected.filter((id) => event.ids.includes(id));
      return left.length === 0
        ? { ...expected, state: 'map.ready.browsing', selected: [] }
        : { ...expected, selected: left };
    }
    default:
      return expected;
  }
}

/** What each state offers: the chart must accept exactly these there. */
function acceptedIn(expected: ExpectedView): ResultsViewEvent['type'][] {
  const ready = ['map.moved', 'map.fitted', 'user.selectPin'] as const;
  switch (expected.state) {
    case 'list':
      return ['user.showMap', 'url.view'];
    case 'map.loading':
      return ['user.showList', 'url.view', 'map.ready', 'map.failed'];
    case 'map.failed':
      return ['user.showList', 'url.view'];
    case 'map.ready.browsing':
      return ['user.showList', 'url.view', ...ready, ...searchIfMoved(expected)];
    case 'map.ready.pinSelected':
      return [
        'user.showList',
        'url.view',
        ...ready,
        'user.closePin',
        'data.ids',
        ...searchIfMoved(expected),
      ];
  }
}

const searchIfMoved = (expected: ExpectedView) =>
  expected.moved ? (['user.searchArea'] as const) : [];

/** Each event in the form the state it is tried in would take, where a guard reads it. */
function everyEvent(state: ExpectedView['state']): ResultsViewEvent[] {
  return [
    { type: 'user.showMap' },
    { type: 'user.showList' },
    // The view the screen is not showing: the one a state can be asked to go to.
    { type: 'url.view', view: onMap(state) ? 'list' : 'map' },
    { type: 'map.ready' },
    { type: 'map.failed' },
    { type: 'user.selectPin', ids: ['e9'] },
    { type: 'user.closePin' },
    { type: 'map.moved' },
    { type: 'map.fitted' },
    { type: 'user.searchArea', bbox: oakland },
    { type: 'data.ids', ids: ['e9'] },
  ];
}

function expectAccepts(snapshot: ResultsViewSnapshot, accepted: readonly string[]): void {
  const actual = everyEvent(stateName(snapshot) as ExpectedView['state'])
    .filter((event) => snapshot.can(event))
    .map((event) => event.type);
  expect(actual.sort()).toEqual([...accepted].sort());
}

describe('results view details', () => {
  it("every effect is the route's to provide, and says so when missing", async () => {
    await expectEffectsToBeProvided(resultsViewMachine, 'the route', {
      actions: ['writeView', 'searchArea'],
    });
  });

  it('a shared ?view=map link opens on the map, loading; a plain one on the list', () => {
    expect(startView('map').actor.getSnapshot().matches({ map: 'loading' })).toBe(true);
    expect(startView('list').actor.getSnapshot().matches('list')).toBe(true);
  });

  it('the address is written only by the switch: Back to the list writes nothing', () => {
    const { actor, writeView } = startView('list');
    actor.send({ type: 'user.showMap' });
    actor.send({ type: 'url.view', view: 'map' });
    actor.send({ type: 'url.view', view: 'list' });
    expect(writeView.mock.calls.map(([, params]) => params)).toEqual([{ view: 'map' }]);
    expect(actor.getSnapshot().matches('list')).toBe(true);
  });

  it('a map that failed keeps the list one tap away, and Map again loads anew', () => {
    const { actor } = startView('map');
    actor.send({ type: 'map.failed' });
    expect(actor.getSnapshot().matches({ map: 'failed' })).toBe(true);
    actor.send({ type: 'map.ready' });
    expect(actor.getSnapshot().matches({ map: 'failed' })).toBe(true);
    actor.send({ type: 'user.showList' });
    actor.send({ type: 'user.showMap' });
    expect(actor.getSnapshot().matches({ map: 'loading' })).toBe(true);
  });

  it("'Search this area' hands the box to the route once, after a move, and not again", () => {
    const { actor, searchArea } = startView('map');
    actor.send({ type: 'map.ready' });
    actor.send({ type: 'user.searchArea', bbox: oakland });
    expect(searchArea).not.toHaveBeenCalled();
    actor.send({ type: 'map.moved' });
    actor.send({ type: 'user.searchArea', bbox: oakland });
    actor.send({ type: 'user.searchArea', bbox: oakland });
    expect(searchArea).toHaveBeenCalledExactlyOnceWith(expect.anything(), { bbox: oakland });
  });

  it('a venue of several events stays open while any of them is still a result', () => {
    const { actor } = startView('map');
    actor.send({ type: 'map.ready' });
    actor.send({ type: 'user.selectPin', ids: ['e1', 'e2'] });
    actor.send({ type: 'data.ids', ids: ['e2', 'e5'] });
    expect(actor.getSnapshot().context.selected).toEqual(['e2']);
    actor.send({ type: 'data.ids', ids: ['e5'] });
    expect(actor.getSnapshot().matches({ map: { ready: 'browsing' } })).toBe(true);
    expect(actor.getSnapshot().context.selected).toEqual([]);
  });

  it('going to the list and back opens the map fitted, with no card', () => {
    const { actor } = startView('map');
    actor.send({ type: 'map.ready' });
    actor.send({ type: 'map.moved' });
    actor.send({ type: 'user.selectPin', ids: ['e1'] });
    actor.send({ type: 'user.showList' });
    actor.send({ type: 'user.showMap' });
    actor.send({ type: 'map.ready' });
    expect(actor.getSnapshot().context).toMatchObject({ selected: [], moved: false });
    expect(actor.getSnapshot().can({ type: 'user.searchArea', bbox: oakland })).toBe(false);
  });

  it('fails loudly when the route forgot an effect', () => {
    const actor = createActor(resultsViewMachine, { input: { view: 'list' } });
    const errors: unknown[] = [];
    actor.subscribe({ error: (error) => errors.push(error) });
    actor.start();
    actor.send({ type: 'user.showMap' });
    expect(errors).toEqual([new Error('writeView must be provided by the route')]);
  });
});
