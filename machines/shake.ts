/**
 * Shake to discover (docs/product.md#spec-4-shake-flow, section 9 "Shake").
 *
 *   idle             --user.shake / device.motion [has events]--> discovering
 *   idle             --route.autoShake-->                          autoShakePending  (/?shake=true)
 *   autoShakePending --after autoShake (0.5 s) [has events]-->     discovering
 *   autoShakePending --after autoShake [events still loading]-->   waitingForEvents
 *   autoShakePending --after autoShake [no events]-->              idle
 *   waitingForEvents --data.events [some]--> discovering; [none]--> idle
 *   discovering      --after spinner (1.5 s) [has events]-->       found   (a random pick)
 *   discovering      --after spinner [no events]-->                idle
 *   found            --user.letsGo-->                              idle    (openEvent: the route
 *                                                                           stores it and opens /event-detail)
 *   found            --user.tryAgain / user.dismiss-->             idle    (cleared)
 *
 * `data.events` keeps the family-filtered list in context in every state: the route sends it
 * whenever the list it shows changes (null while it loads).
 *
 * Decisions where the spec is silent:
 * - The pick is made when the spinner ends, from the list as it is then (a family-mode switch
 *   during the spinner is honoured); a list emptied meanwhile ends the flow quietly, like "no
 *   events" at the start.
 * - `/?shake=true` on a cold start: the list may still be loading after 0.5 s, so the flow waits
 *   for it instead of deciding on an empty list; a list that arrives empty ends it.
 * - Shakes while the spinner runs or the result is open are ignored (one pick at a time).
 * - Closing the dialog (Escape, outside press) is the same as 'Try Again': closed and cleared.
 *
 * Pure: the route supplies `openEvent` (and tests may supply `pickEvent`) with `.provide()`.
 */
import { assign, type SnapshotFrom, setup } from 'xstate';
import type { Event } from '../contract/events.ts';

/** docs/product.md#spec-9: the spinner shows for 1.5 s; `/?shake=true` fires after 0.5 s. */
export const SHAKE_SPINNER_MS = 1500;
export const AUTO_SHAKE_DELAY_MS = 500;

type ShakeContext = {
  /** The family-filtered events the screen shows; null while they load. */
  events: readonly Event[] | null;
  /** The pick shown in the result dialog. */
  selected: Event | null;
};

export type ShakeEvent =
  /** The 'Tap to Shake' button. */
  | { type: 'user.shake' }
  /** The device was shaken past the threshold (useShakeDetector). */
  | { type: 'device.motion' }
  /** The route was opened with ?shake=true. */
  | { type: 'route.autoShake' }
  /** The list the screen shows changed (null: loading). */
  | { type: 'data.events'; events: readonly Event[] | null }
  | { type: 'user.letsGo' }
  | { type: 'user.tryAgain' }
  /** The result dialog was closed without a choice. */
  | { type: 'user.dismiss' };

export const shakeMachine = setup({
  // Stryker disable next-line ObjectLiteral: types exist only for TypeScript; nothing reads them.
  types: {
    context: {} as ShakeContext,
    events: {} as ShakeEvent,
    input: {} as { events?: readonly Event[] | null } | undefined,
  },
  actions: {
    openEvent: (_, _params: { event: Event }) => {
      throw new Error('openEvent must be provided by the route');
    },
    rememberEvents: assign({
      events: ({ context, event }) =>
        event.type === 'data.events' ? event.events : context.events,
    }),
    pickEvent: assign({
      selected: ({ context }) => {
        // Stryker disable next-line ArrayDeclaration: runs only after hasEvents, so the list is never null here.
        const events = context.events ?? [];
        return events[Math.floor(Math.random() * events.length)] ?? null;
      },
    }),
    clearSelected: assign({ selected: null }),
  },
  guards: {
    hasEvents: ({ context }) => (context.events?.length ?? 0) > 0,
    eventsLoading: ({ context }) => context.events === null,
    arrivedWithEvents: ({ event }) =>
      event.type === 'data.events' && (event.events?.length ?? 0) > 0,
    arrivedEmpty: ({ event }) => event.type === 'data.events' && event.events?.length === 0,
  },
  delays: {
    spinner: SHAKE_SPINNER_MS,
    autoShake: AUTO_SHAKE_DELAY_MS,
  },
}).createMachine({
  id: 'shake',
  initial: 'idle',
  context: ({ input }) => ({ events: input?.events ?? null, selected: null }),
  on: {
    'data.events': { actions: 'rememberEvents' },
  },
  states: {
    idle: {
      on: {
        'user.shake': { guard: 'hasEvents', target: 'discovering' },
        'device.motion': { guard: 'hasEvents', target: 'discovering' },
        'route.autoShake': { target: 'autoShakePending' },
      },
    },
    autoShakePending: {
      after: {
        autoShake: [
          { guard: 'hasEvents', target: 'discovering' },
          { guard: 'eventsLoading', target: 'waitingForEvents' },
          { target: 'idle' },
        ],
      },
    },
    waitingForEvents: {
      on: {
        'data.events': [
          { guard: 'arrivedWithEvents', target: 'discovering', actions: 'rememberEvents' },
          { guard: 'arrivedEmpty', target: 'idle', actions: 'rememberEvents' },
          // Still loading (null again): keep waiting.
          // Stryker disable next-line StringLiteral: waiting means the list is null, and this branch only ever remembers null again.
          { actions: 'rememberEvents' },
        ],
      },
    },
    discovering: {
      after: {
        spinner: [
          { guard: 'hasEvents', target: 'found', actions: 'pickEvent' },
          { target: 'idle' },
        ],
      },
    },
    found: {
      on: {
        'user.letsGo': {
          target: 'idle',
          actions: [
            {
              type: 'openEvent',
              params: ({ context }) => {
                // Stryker disable next-line StringLiteral: found is entered only with a pick, so this never throws.
                if (context.selected === null) throw new Error('found always has a pick');
                return { event: context.selected };
              },
            },
            'clearSelected',
          ],
        },
        'user.tryAgain': { target: 'idle', actions: 'clearSelected' },
        'user.dismiss': { target: 'idle', actions: 'clearSelected' },
      },
    },
  },
});

export type ShakeSnapshot = SnapshotFrom<typeof shakeMachine>;
