/**
 * Search's and Saved's results as a list or on a map (issue 33).
 *
 *   start        --[input view map]-->                     map.loading
 *   start        --otherwise-->                            list
 *   list         --user.showMap-->                         map.loading   (writeView(map): the URL)
 *   list         --url.view(map)-->                        map.loading   (Back, Forward, a link)
 *   map          --user.showList-->                        list          (writeView(list))
 *   map          --url.view(list)-->                       list
 *   map.loading  --map.ready-->                            map.ready.browsing
 *   map.loading  --map.failed-->                           map.failed    (the list stays, said so)
 *   map.ready    --map.moved-->                            (stays)       ('Search this area' shows)
 *   map.ready    --map.fitted-->                           (stays)       (the map is the results' again)
 *   map.ready    --user.searchArea(bbox) [moved]-->        (stays)       (searchArea(bbox): the URL)
 *   browsing     --user.selectPin(ids)-->                  pinSelected   (the compact card)
 *   pinSelected  --user.selectPin(ids)-->                  pinSelected   (another pin)
 *   pinSelected  --user.closePin-->                        browsing
 *   pinSelected  --data.ids [none of the pin's left]-->    browsing
 *   pinSelected  --data.ids-->                             (stays)       (the pin's ids pruned)
 *
 * The address (`?view=map`) is the source of truth: the route starts the chart with the view the
 * URL holds, the switch's buttons write it (writeView) and any other change of it (Back, a shared
 * link after sign-in) arrives as `url.view`. The chart decides what the address cannot: whether
 * the map could be drawn, which pin is open, and whether the family moved the map away from the
 * results (only then is 'Search this area' offered).
 *
 * Decisions where the issue is silent:
 * - A pin selects one event; a cluster whose events share one venue (it cannot be split by
 *   zooming in) selects all of them, and the card lists them.
 * - A map that failed stays failed until the family goes back to the list: Map again is the
 *   retry, and it loads anew.
 * - Going to the list closes the card and forgets the move: the map opens fitted next time.
 * - 'Search this area' without a move is refused by the chart, not only hidden: the area would
 *   be the results' own.
 *
 * Pure: the route supplies `writeView` and `searchArea` with `.provide()`.
 */
import { assign, type SnapshotFrom, setup } from 'xstate';

/** What the address says: `?view=map`, or nothing (the list). */
export type ResultsViewName = 'list' | 'map';

type ResultsViewContext = {
  /** The view the address held when the screen opened. */
  startView: ResultsViewName;
  /** The events of the open pin (one, or a venue's several); empty with no card open. */
  selected: readonly string[];
  /** The family panned or zoomed since the map was fitted to the results. */
  moved: boolean;
};

export type ResultsViewEvent =
  /** The switch's 'Map' and 'List' (and the failure message's 'Show list'). */
  | { type: 'user.showMap' }
  | { type: 'user.showList' }
  /** The address's view changed without the switch (Back, Forward, a link). */
  | { type: 'url.view'; view: ResultsViewName }
  /** The map's code loaded and its first view drew tiles; or either failed. */
  | { type: 'map.ready' }
  | { type: 'map.failed' }
  /** A pin (one event) or a cluster the map cannot split (a venue's events). */
  | { type: 'user.selectPin'; ids: readonly string[] }
  | { type: 'user.closePin' }
  /** The family panned or zoomed (or recentred on their location). */
  | { type: 'map.moved' }
  /** The map fitted itself to new results. */
  | { type: 'map.fitted' }
  /** 'Search this area', with the box the map shows ('west,south,east,north'). */
  | { type: 'user.searchArea'; bbox: string }
  /** The results the screen shows now, by id. */
  | { type: 'data.ids'; ids: readonly string[] };

export const resultsViewMachine = setup({
  // Stryker disable next-line ObjectLiteral: types exist only for TypeScript; nothing reads them.
  types: {
    context: {} as ResultsViewContext,
    events: {} as ResultsViewEvent,
    input: {} as { view: ResultsViewName },
  },
  actions: {
    writeView: (_, _params: { view: ResultsViewName }) => {
      throw new Error('writeView must be provided by the route');
    },
    searchArea: (_, _params: { bbox: string }) => {
      throw new Error('searchArea must be provided by the route');
    },
    select: assign({
      selected: ({ context, event }) =>
        event.type === 'user.selectPin' ? event.ids : context.selected,
    }),
    clearSelection: assign({ selected: [] }),
    pruneSelection: assign({
      selected: ({ context, event }) =>
        event.type === 'data.ids'
          ? context.selected.filter((id) => event.ids.includes(id))
          : context.selected,
    }),
    rememberMove: assign({ moved: true }),
    forgetMove: assign({ moved: false }),
  },
  guards: {
    startsOnMap: ({ context }) => context.startView === 'map',
    toMap: ({ event }) => event.type === 'url.view' && event.view === 'map',
    toList: ({ event }) => event.type === 'url.view' && event.view === 'list',
    moved: ({ context }) => context.moved,
    noneLeft: ({ context, event }) =>
      event.type === 'data.ids' && !context.selected.some((id) => event.ids.includes(id)),
  },
}).createMachine({
  id: 'resultsView',
  initial: 'start',
  context: ({ input }) => ({ startView: input.view, selected: [], moved: false }),
  states: {
    /** Left at once, for the view the address held when the screen opened. */
    start: {
      always: [{ guard: 'startsOnMap', target: 'map' }, { target: 'list' }],
    },
    list: {
      on: {
        'user.showMap': {
          target: 'map',
          actions: { type: 'writeView', params: { view: 'map' } },
        },
        'url.view': { guard: 'toMap', target: 'map' },
      },
    },
    map: {
      initial: 'loading',
      // The card closes on its own way out (pinSelected's exit); the move is the map's.
      exit: 'forgetMove',
      on: {
        'user.showList': {
          target: 'list',
          actions: { type: 'writeView', params: { view: 'list' } },
        },
        'url.view': { guard: 'toList', target: 'list' },
      },
      states: {
        loading: {
          on: {
            'map.ready': { target: 'ready' },
            'map.failed': { target: 'failed' },
          },
        },
        ready: {
          initial: 'browsing',
          on: {
            'map.moved': { actions: 'rememberMove' },
            'map.fitted': { actions: 'forgetMove' },
            'user.searchArea': {
              guard: 'moved',
              actions: [
                { type: 'searchArea', params: ({ event }) => ({ bbox: event.bbox }) },
                'forgetMove',
              ],
            },
          },
          states: {
            browsing: {
              on: { 'user.selectPin': { target: 'pinSelected', actions: 'select' } },
            },
            pinSelected: {
              exit: 'clearSelection',
              on: {
                'user.selectPin': { target: 'pinSelected', reenter: true, actions: 'select' },
                'user.closePin': { target: 'browsing' },
                'data.ids': [
                  { guard: 'noneLeft', target: 'browsing' },
                  { actions: 'pruneSelection' },
                ],
              },
            },
          },
        },
        failed: {},
      },
    },
  },
});

export type ResultsViewSnapshot = SnapshotFrom<typeof resultsViewMachine>;
