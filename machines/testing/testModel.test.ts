import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assign, createActor, createMachine, fromPromise, setup, transition } from 'xstate';
import { createTestModel } from 'xstate/graph';
import {
  chartCoverage,
  compareCharts,
  createPromiseActorController,
  delayMilliseconds,
  describeChartEvents,
  describeChartStates,
  followPath,
  toTestMachine,
} from './testModel.ts';

// A tiny search flow with everything the helper must translate: a named delay, a numeric delay
// (a timeout racing the call), an invoke whose onDone is guarded and assigns from `event.output`,
// and an onError.
const searchSetup = setup({
  types: {
    context: {} as { result: string | null },
    events: {} as { type: 'SEARCH' } | { type: 'CANCEL' },
  },
  actors: {
    fetchResult: fromPromise<string, { query: string }>(async () => {
      throw new Error('fetchResult must be provided by the test');
    }),
  },
  delays: { spinner: 1500 },
  guards: {
    hasText: (_, params: { text: string }) => params.text.length > 0,
  },
});

const buildSearchMachine = (whenFetchFails: 'failed' | 'empty') =>
  searchSetup.createMachine({
    id: 'search',
    initial: 'idle',
    context: { result: null },
    states: {
      idle: { on: { SEARCH: 'spinning' } },
      spinning: {
        after: { spinner: 'loading' },
        on: { CANCEL: 'idle' },
      },
      loading: {
        invoke: {
          src: 'fetchResult',
          input: () => ({ query: 'jazz' }),
          onDone: [
            {
              guard: { type: 'hasText', params: ({ event }) => ({ text: event.output }) },
              target: 'shown',
              actions: assign({ result: ({ event }) => event.output }),
            },
            { target: 'empty' },
          ],
          onError: whenFetchFails,
        },
        after: { 5000: 'failed' },
      },
      shown: { on: { SEARCH: 'spinning' } },
      empty: {},
      failed: { on: { SEARCH: { target: 'spinning', actions: assign({ result: null }) } } },
    },
  });

const searchMachine = buildSearchMachine('failed');

describe('toTestMachine', () => {
  it('turns a chart that createTestModel refuses into one it accepts', () => {
    expect(() => createTestModel(searchMachine)).toThrow(
      /(Invocations|After events) on test machines are not supported/,
    );
    expect(() => createTestModel(toTestMachine(searchMachine))).not.toThrow();
  });

  it('keeps the states and adds one event per invoke outcome and delay', () => {
    const testMachine = toTestMachine(searchMachine);
    expect(describeChartStates(testMachine)).toEqual(describeChartStates(searchMachine));
    expect(describeChartStates(testMachine)).toEqual([
      'search',
      'search.empty',
      'search.failed',
      'search.idle',
      'search.loading',
      'search.shown',
      'search.spinning',
    ]);
    expect(describeChartEvents(testMachine)).toEqual([
      'CANCEL',
      'SEARCH',
      'after.5000',
      'after.spinner',
      'fetchResult.done',
      'fetchResult.error',
    ]);
    expect(compareCharts(searchMachine, testMachine)).toEqual([]);
  });

  it('keeps guards and actions working on the derived outcome events', () => {
    const testMachine = toTestMachine(searchMachine);
    const loading = testMachine.resolveState({ value: 'loading', context: { result: null } });

    const [found] = transition(testMachine, loading, {
      type: 'fetchResult.done',
      output: 'Jazz night',
    });
    expect(found.value).toBe('shown');
    expect(found.context.result).toBe('Jazz night');

    const [nothing] = transition(testMachine, loading, { type: 'fetchResult.done', output: '' });
    expect(nothing.value).toBe('empty');
    expect(nothing.context.result).toBeNull();
  });

  it('reports a chart that differs, naming the transition', () => {
    const changed = buildSearchMachine('empty');
    const differences = compareCharts(searchMachine, toTestMachine(changed));
    expect(differences).toContain(
      'transition missing in the test machine: search.loading --fetchResult.error--> search.failed actions:0',
    );
    expect(differences).toContain(
      'transition only in the test machine: search.loading --fetchResult.error--> search.empty actions:0',
    );
  });

  it('refuses invocations it cannot name and events that would collide', () => {
    const inline = createMachine({
      initial: 'a',
      states: { a: { invoke: { src: fromPromise(async () => 1), onDone: 'b' } }, b: {} },
    });
    expect(() => toTestMachine(inline)).toThrow(/invokes inline logic/);

    const colliding = createMachine({
      initial: 'loading',
      states: {
        loading: {
          invoke: { src: 'fetchResult', input: () => ({ query: 'x' }), onDone: 'done' },
          on: { 'fetchResult.done': 'done' },
        },
        done: {},
      },
    });
    expect(() => toTestMachine(colliding)).toThrow(/already handles 'fetchResult.done'/);
  });
});

describe('delayMilliseconds', () => {
  it('reads named delays from setup and numeric ones from the event', () => {
    expect(delayMilliseconds(searchMachine, 'after.spinner')).toBe(1500);
    expect(delayMilliseconds(searchMachine, 'after.5000')).toBe(5000);
    expect(() => delayMilliseconds(searchMachine, 'after.unknown')).toThrow(/no fixed number/);
  });
});

describe('model-based test of the tiny chart', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const testMachine = toTestMachine(searchMachine);
  const model = createTestModel(testMachine, {
    events: [
      { type: 'SEARCH' },
      { type: 'CANCEL' },
      { type: 'fetchResult.done', output: 'Jazz night' },
      { type: 'fetchResult.done', output: '' },
      { type: 'fetchResult.error', error: new Error('503: Service Unavailable') },
    ],
  });
  const paths = model.getShortestPaths();

  it('generates paths that visit every state and every transition', () => {
    expect(chartCoverage(testMachine, paths)).toEqual({
      unvisitedStates: [],
      unvisitedTransitions: [],
    });
  });

  it('reports what a subset of the paths leaves out', () => {
    const toNothingFound = model.getPathsFromEvents([
      { type: 'SEARCH' },
      { type: 'after.spinner' },
      { type: 'fetchResult.done', output: '' },
    ]);
    const coverage = chartCoverage(testMachine, toNothingFound);
    expect(coverage.unvisitedStates).toEqual(['search.failed', 'search.shown']);
    expect(coverage.unvisitedTransitions).toContain(
      'search.loading --fetchResult.error--> search.failed actions:0',
    );
  });

  it.each(paths.map((path) => [path.description, path] as const))(
    'the real machine follows: %s',
    async (_description, path) => {
      const fetchResult = createPromiseActorController<string, { query: string }>();
      const actor = createActor(
        searchMachine.provide({ actors: { fetchResult: fetchResult.logic } }),
      );
      actor.start();

      await followPath(
        path,
        async (event) => {
          switch (event.type) {
            case 'SEARCH':
            case 'CANCEL':
              actor.send(event);
              return;
            case 'fetchResult.done':
              return fetchResult.resolve(event.output);
            case 'fetchResult.error':
              return fetchResult.reject(event.error);
            default:
              vi.advanceTimersByTime(delayMilliseconds(searchMachine, event.type));
          }
        },
        (expected) => {
          expect(actor.getSnapshot().value).toEqual(expected.value);
          expect(actor.getSnapshot().context).toEqual(expected.context);
        },
      );

      for (const run of fetchResult.runs) expect(run.input).toEqual({ query: 'jazz' });
      actor.stop();
    },
  );

  it('a run that the machine abandoned is aborted and its late result ignored', async () => {
    const fetchResult = createPromiseActorController<string, { query: string }>();
    const actor = createActor(
      searchMachine.provide({ actors: { fetchResult: fetchResult.logic } }),
    );
    actor.start();
    actor.send({ type: 'SEARCH' });
    vi.advanceTimersByTime(1500);
    expect(actor.getSnapshot().value).toBe('loading');
    vi.advanceTimersByTime(5000);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(fetchResult.runs[0]?.signal.aborted).toBe(true);
    await fetchResult.resolve('too late');
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.result).toBeNull();
  });
});
