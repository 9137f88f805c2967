import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type EventFromLogic } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { Event } from '../contract/events.ts';
import { eventFixture } from '../src/test/fixtures.ts';
import {
  AUTO_SHAKE_DELAY_MS,
  SHAKE_SPINNER_MS,
  type ShakeEvent,
  type ShakeSnapshot,
  shakeMachine,
} from './shake.ts';
import {
  describeModel,
  describePath,
  expectEffectsToBeProvided,
  expectFullCoverage,
  followPathWithOracle,
} from './testing/modelTests.ts';
import {
  delayMilliseconds,
  describeChartEvents,
  describeChartTransitions,
  toTestMachine,
} from './testing/testModel.ts';

const picnic = eventFixture({ id: 'e1', title: 'Family Jazz Picnic' });
const storyTime = eventFixture({ id: 'e2', title: 'Story Time' });
const someEvents: readonly Event[] = [picnic, storyTime];

function startShake(events: readonly Event[] | null = null) {
  const openEvent = vi.fn((_args: unknown, _params: { event: Event }) => undefined);
  const actor = createActor(shakeMachine.provide({ actions: { openEvent } }), {
    input: { events },
  });
  actor.start();
  return { actor, openEvent };
}

beforeEach(() => {
  vi.useFakeTimers();
  // The model needs a deterministic pick to know the next state's context (the first event);
  // randomness has its own test below.
  vi.spyOn(Math, 'random').mockReturnValue(0);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describeModel('shake model', () => {
  const testMachine = toTestMachine(shakeMachine);
  const model = createTestModel(testMachine, {
    events: (): EventFromLogic<typeof testMachine>[] => [
      { type: 'user.shake' },
      { type: 'device.motion' },
      { type: 'route.autoShake' },
      { type: 'data.events', events: null },
      { type: 'data.events', events: [] },
      { type: 'data.events', events: someEvents },
      { type: 'user.letsGo' },
      { type: 'user.tryAgain' },
      { type: 'user.dismiss' },
      { type: 'after.spinner' },
      { type: 'after.autoShake' },
    ],
  });
  // Built while the tests are collected, before beforeEach's mock: pin the pick here too.
  const random = vi.spyOn(Math, 'random').mockReturnValue(0);
  const paths = model.getShortestPaths();
  random.mockRestore();
  const describeShakePath = (path: (typeof paths)[number]) =>
    describePath(path, (event) =>
      event.type === 'data.events'
        ? `data.events(${event.events === null ? 'loading' : event.events.length})`
        : event.type,
    );

  it('has the chart events plus one per named delay', () => {
    expect(describeChartEvents(testMachine)).toEqual([
      'after.autoShake',
      'after.spinner',
      'data.events',
      'device.motion',
      'route.autoShake',
      'user.dismiss',
      'user.letsGo',
      'user.shake',
      'user.tryAgain',
    ]);
  });

  it('is the reviewed chart (docs/product.md#spec-4-shake-flow)', () => {
    expect(describeChartTransitions(shakeMachine)).toEqual([
      'shake --data.events--> (none) actions:1',
      'shake.autoShakePending --after.autoShake [eventsLoading]--> shake.waitingForEvents actions:0',
      'shake.autoShakePending --after.autoShake [hasEvents]--> shake.discovering actions:0',
      'shake.autoShakePending --after.autoShake--> shake.idle actions:0',
      'shake.discovering --after.spinner [hasEvents]--> shake.found actions:1',
      'shake.discovering --after.spinner--> shake.idle actions:0',
      'shake.found --user.dismiss--> shake.idle actions:1',
      'shake.found --user.letsGo--> shake.idle actions:2',
      'shake.found --user.tryAgain--> shake.idle actions:1',
      'shake.idle --device.motion [hasEvents]--> shake.discovering actions:0',
      'shake.idle --route.autoShake--> shake.autoShakePending actions:0',
      'shake.idle --user.shake [hasEvents]--> shake.discovering actions:0',
      'shake.waitingForEvents --data.events [arrivedEmpty]--> shake.idle actions:1',
      'shake.waitingForEvents --data.events [arrivedWithEvents]--> shake.discovering actions:1',
      'shake.waitingForEvents --data.events--> (none) actions:1',
    ]);
  });

  it('generates paths through every state and every transition', () => {
    expectFullCoverage(testMachine, paths);
  });

  it.each(paths.map((path) => [describeShakePath(path), path] as const))(
    'the real flow follows: %s',
    async (_description, path) => {
      const { actor, openEvent } = startShake();
      await followPathWithOracle(
        path,
        actor,
        (event) => {
          if (event.type === 'after.spinner' || event.type === 'after.autoShake') {
            vi.advanceTimersByTime(delayMilliseconds(shakeMachine, event.type));
            return;
          }
          // Delay events were handled above; the rest are the chart's own.
          actor.send(event as ShakeEvent);
        },
        {
          initial: { state: 'idle', events: null, selected: null, opened: [] },
          next: expectAfter,
          check: (snapshot, expected) => {
            expect(snapshot.value).toBe(expected.state);
            expect(snapshot.context).toEqual({
              events: expected.events,
              selected: expected.selected,
            });
            expect(openEvent.mock.calls.map(([, params]) => params.event)).toEqual(expected.opened);
            expectAccepts(snapshot, acceptedIn(expected));
          },
        },
      );
    },
  );
});

/** What the test expects of the shake flow, worked out here and not by the machine. */
interface ExpectedShake {
  state: 'idle' | 'autoShakePending' | 'waitingForEvents' | 'discovering' | 'found';
  events: readonly Event[] | null;
  selected: Event | null;
  /** The event of each openEvent call. */
  opened: readonly Event[];
}

/** docs/product.md#spec-4-shake-flow step by step (Math.random is 0 here: the pick is the first event). */
function expectAfter(
  expected: ExpectedShake,
  event: EventFromLogic<ReturnType<typeof toTestMachine<typeof shakeMachine>>>,
): ExpectedShake {
  const some = (events: readonly Event[] | null) => (events?.length ?? 0) > 0;
  const idle = { ...expected, state: 'idle', selected: null } as const;
  switch (event.type) {
    case 'data.events': {
      // The list is kept in every state; the cold-start wait ends when it arrives.
      const withList = { ...expected, events: event.events };
      if (expected.state !== 'waitingForEvents' || event.events === null) return withList;
      return { ...withList, state: event.events.length > 0 ? 'discovering' : 'idle' };
    }
    case 'user.shake':
    case 'device.motion':
      return expected.state === 'idle' && some(expected.events)
        ? { ...expected, state: 'discovering' }
        : expected;
    case 'route.autoShake':
      return expected.state === 'idle' ? { ...expected, state: 'autoShakePending' } : expected;
    case 'after.autoShake':
      if (expected.state !== 'autoShakePending') return expected;
      if (some(expected.events)) return { ...expected, state: 'discovering' };
      return { ...expected, state: expected.events === null ? 'waitingForEvents' : 'idle' };
    case 'after.spinner':
      if (expected.state !== 'discovering') return expected;
      return expected.events?.[0] === undefined
        ? idle
        : { ...expected, state: 'found', selected: expected.events[0] };
    case 'user.letsGo':
      return expected.state === 'found' && expected.selected !== null
        ? { ...idle, opened: [...expected.opened, expected.selected] }
        : expected;
    case 'user.tryAgain':
    case 'user.dismiss':
      return expected.state === 'found' ? idle : expected;
    default:
      return expected;
  }
}

/** What each state accepts: a shake only when idle with events, the dialog's buttons in found. */
function acceptedIn(expected: ExpectedShake): ShakeEvent['type'][] {
  switch (expected.state) {
    case 'idle':
      return [
        'data.events',
        'route.autoShake',
        ...((expected.events?.length ?? 0) > 0 ? (['user.shake', 'device.motion'] as const) : []),
      ];
    case 'found':
      return ['data.events', 'user.letsGo', 'user.tryAgain', 'user.dismiss'];
    default:
      return ['data.events'];
  }
}

const everyEvent: readonly ShakeEvent[] = [
  { type: 'user.shake' },
  { type: 'device.motion' },
  { type: 'route.autoShake' },
  { type: 'data.events', events: null },
  { type: 'user.letsGo' },
  { type: 'user.tryAgain' },
  { type: 'user.dismiss' },
];

function expectAccepts(snapshot: ShakeSnapshot, accepted: readonly string[]): void {
  const actual = everyEvent.filter((event) => snapshot.can(event)).map((event) => event.type);
  expect(actual.sort()).toEqual([...accepted].sort());
}

describe('shake details', () => {
  it("every effect is the route's to provide, and says so when missing", async () => {
    await expectEffectsToBeProvided(shakeMachine, 'the route', { actions: ['openEvent'] });
  });

  it('does nothing when there are no events (docs/product.md#spec-4 step 2)', () => {
    const { actor } = startShake([]);
    actor.send({ type: 'user.shake' });
    actor.send({ type: 'device.motion' });
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('shows the spinner for exactly 1.5 s, then the pick', () => {
    const { actor } = startShake(someEvents);
    actor.send({ type: 'user.shake' });
    vi.advanceTimersByTime(SHAKE_SPINNER_MS - 1);
    expect(actor.getSnapshot().value).toBe('discovering');
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toBe('found');
    expect(actor.getSnapshot().context.selected).toEqual(picnic);
  });

  it('picks at random from the list as it is when the spinner ends', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.99);
    const { actor } = startShake([picnic]);
    actor.send({ type: 'device.motion' });
    // Family mode switched during the spinner: the pick comes from the new list.
    actor.send({ type: 'data.events', events: someEvents });
    vi.advanceTimersByTime(SHAKE_SPINNER_MS);
    expect(actor.getSnapshot().context.selected).toEqual(storyTime);
  });

  it('ignores shakes while the spinner runs or the result is open', () => {
    const { actor } = startShake(someEvents);
    actor.send({ type: 'user.shake' });
    vi.advanceTimersByTime(SHAKE_SPINNER_MS / 2);
    actor.send({ type: 'device.motion' });
    vi.advanceTimersByTime(SHAKE_SPINNER_MS / 2);
    expect(actor.getSnapshot().value).toBe('found');
    actor.send({ type: 'user.shake' });
    expect(actor.getSnapshot().value).toBe('found');
  });

  it("Let's Go hands the pick to the route; Try Again clears it", () => {
    const { actor, openEvent } = startShake(someEvents);
    actor.send({ type: 'user.shake' });
    vi.advanceTimersByTime(SHAKE_SPINNER_MS);
    actor.send({ type: 'user.tryAgain' });
    expect(actor.getSnapshot().context.selected).toBeNull();
    expect(openEvent).not.toHaveBeenCalled();

    actor.send({ type: 'user.shake' });
    vi.advanceTimersByTime(SHAKE_SPINNER_MS);
    actor.send({ type: 'user.letsGo' });
    expect(openEvent).toHaveBeenCalledOnce();
    expect(openEvent).toHaveBeenCalledWith(expect.anything(), { event: picnic });
  });

  it('/?shake=true waits 0.5 s, and for the list when it is still loading', () => {
    const { actor } = startShake(null);
    actor.send({ type: 'route.autoShake' });
    vi.advanceTimersByTime(AUTO_SHAKE_DELAY_MS - 1);
    expect(actor.getSnapshot().value).toBe('autoShakePending');
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toBe('waitingForEvents');
    actor.send({ type: 'data.events', events: someEvents });
    expect(actor.getSnapshot().value).toBe('discovering');
  });

  it('fails loudly when the route forgot to supply openEvent', () => {
    const actor = createActor(shakeMachine, { input: { events: someEvents } });
    const errors: unknown[] = [];
    actor.subscribe({ error: (error) => errors.push(error) });
    actor.start();
    actor.send({ type: 'user.shake' });
    vi.advanceTimersByTime(SHAKE_SPINNER_MS);
    actor.send({ type: 'user.letsGo' });
    expect(errors).toEqual([new Error('openEvent must be provided by the route')]);
  });
});
