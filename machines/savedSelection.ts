/**
 * The Saved screen's select mode (docs/product.md#spec-2-saved, 4 "Saved screen", 5 "Saved").
 *
 *   browsing        --user.open(event)-->            browsing        (selectEvent: the route stores
 *                                                                    it in app state; the card's link
 *                                                                    opens /event-detail#event-{id})
 *   browsing        --user.select-->                 selecting
 *   browsing        --user.clearAll-->               confirmingClear (the in-app confirmation)
 *   selecting       --user.toggle(id)-->             selecting       (checked ⇄ unchecked)
 *   selecting       --user.cancel-->                 browsing        (selection cleared)
 *   selecting       --user.delete [has selection]--> browsing        (deleteSaved(ids), cleared)
 *   confirmingClear --user.confirmClear-->           browsing        (clearSaved)
 *   confirmingClear --user.cancelClear-->            browsing        (the list stays)
 *   (any)           --data.ids [none left]-->        browsing        (selection pruned)
 *   (any)           --data.ids-->                    (stays)         (selection pruned)
 *
 * `data.ids` is the saved list as app state holds it now: the route sends it whenever it changes
 * (a heart on another screen, another tab, the account's sync), so a selection never names an
 * event that is no longer saved and 'Delete (n)' counts only what Delete would remove.
 *
 * Decisions where the spec is silent:
 * - Clear All asks first (it cannot be undone) and is offered outside select mode only; in select
 *   mode the toolbar is Cancel and Delete (n), so the two destructive actions never sit together.
 * - Delete with nothing selected is refused by the chart, not only by the disabled button.
 * - The selection keeps the order the person ticked the events in.
 * - A list emptied from elsewhere ends select mode and any pending Clear All confirmation: there
 *   is nothing left to select or clear.
 *
 * Pure: the route supplies `selectEvent`, `deleteSaved` and `clearSaved` with `.provide()`.
 */
import { assign, type SnapshotFrom, setup } from 'xstate';
import type { Event } from '../contract/events.ts';

type SavedSelectionContext = {
  /** The ticked event ids, in the order they were ticked. */
  selected: readonly string[];
};

export type SavedSelectionEvent =
  /** A card was clicked outside select mode. */
  | { type: 'user.open'; event: Event }
  /** The 'Select' button. */
  | { type: 'user.select' }
  /** A card's checkbox (or the card itself) in select mode. */
  | { type: 'user.toggle'; id: string }
  | { type: 'user.cancel' }
  /** 'Delete (n)'. */
  | { type: 'user.delete' }
  /** 'Clear All', then the confirmation's two answers. */
  | { type: 'user.clearAll' }
  | { type: 'user.confirmClear' }
  | { type: 'user.cancelClear' }
  /** The saved ids in app state changed. */
  | { type: 'data.ids'; ids: readonly string[] };

export const savedSelectionMachine = setup({
  // Stryker disable next-line ObjectLiteral: types exist only for TypeScript; nothing reads them.
  types: {
    context: {} as SavedSelectionContext,
    events: {} as SavedSelectionEvent,
  },
  actions: {
    selectEvent: (_, _params: { event: Event }) => {
      throw new Error('selectEvent must be provided by the route');
    },
    deleteSaved: (_, _params: { ids: readonly string[] }) => {
      throw new Error('deleteSaved must be provided by the route');
    },
    clearSaved: () => {
      throw new Error('clearSaved must be provided by the route');
    },
    toggle: assign({
      selected: ({ context, event }) => {
        if (event.type !== 'user.toggle') return context.selected;
        return context.selected.includes(event.id)
          ? context.selected.filter((id) => id !== event.id)
          : [...context.selected, event.id];
      },
    }),
    clearSelection: assign({ selected: [] }),
    pruneSelection: assign({
      selected: ({ context, event }) =>
        event.type === 'data.ids'
          ? context.selected.filter((id) => event.ids.includes(id))
          : context.selected,
    }),
  },
  guards: {
    hasSelection: ({ context }) => context.selected.length > 0,
    noneLeft: ({ event }) => event.type === 'data.ids' && event.ids.length === 0,
  },
}).createMachine({
  id: 'savedSelection',
  initial: 'browsing',
  context: { selected: [] },
  on: {
    'data.ids': [
      { guard: 'noneLeft', target: '.browsing', actions: 'clearSelection' },
      { actions: 'pruneSelection' },
    ],
  },
  states: {
    browsing: {
      on: {
        'user.open': {
          actions: {
            type: 'selectEvent',
            params: ({ event }) => ({ event: event.event }),
          },
        },
        'user.select': { target: 'selecting' },
        'user.clearAll': { target: 'confirmingClear' },
      },
    },
    selecting: {
      on: {
        'user.toggle': { actions: 'toggle' },
        'user.cancel': { target: 'browsing', actions: 'clearSelection' },
        'user.delete': {
          guard: 'hasSelection',
          target: 'browsing',
          actions: [
            { type: 'deleteSaved', params: ({ context }) => ({ ids: context.selected }) },
            'clearSelection',
          ],
        },
      },
    },
    confirmingClear: {
      on: {
        'user.confirmClear': { target: 'browsing', actions: 'clearSaved' },
        'user.cancelClear': { target: 'browsing' },
      },
    },
  },
});

export type SavedSelectionSnapshot = SnapshotFrom<typeof savedSelectionMachine>;
