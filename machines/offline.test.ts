import { describe, expect, it, vi } from 'vitest';
import { createActor, type EventFromLogic } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { bannerKind, type OfflineEvent, offlineMachine } from './offline.ts';
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

function startOffline(hasCache = false) {
  const reconnected = vi.fn();
  const actor = createActor(offlineMachine.provide({ actions: { reconnected } }), {
    input: { hasCache },
  });
  actor.start();
  return { actor, reconnected };
}

describeModel('offline banner model', () => {
  const testMachine = toTestMachine(offlineMachine);
  const model = createTestModel(testMachine, {
    events: (): EventFromLogic<typeof testMachine>[] => [
      { type: 'browser.offline' },
      { type: 'browser.online' },
      { type: 'cache.changed', hasCache: true },
      { type: 'cache.changed', hasCache: false },
    ],
  });
  // A cache written while online changes no state, only context, so the shortest paths reach
  // 'online with a cache' but never show that it counts once the browser goes offline: this
  // explicit path does.
  const paths = [
    ...model.getShortestPaths(),
    ...model.getPathsFromEvents([
      { type: 'cache.changed', hasCache: true },
      { type: 'cache.changed', hasCache: false },
      { type: 'browser.offline' },
    ]),
  ];
  const describeOfflinePath = (path: (typeof paths)[number]) =>
    describePath(
      path,
      (event) =>
        event.type === 'cache.changed' ? `cache.changed(${String(event.hasCache)})` : event.type,
      (state) => `hasCache=${String(state.context.hasCache)}`,
    );

  it('has exactly the chart events', () => {
    expect(describeChartEvents(testMachine)).toEqual([
      'browser.offline',
      'browser.online',
      'cache.changed',
    ]);
  });

  it('is the reviewed chart (docs/product.md#spec-4-offline)', () => {
    expect(describeChartTransitions(offlineMachine)).toEqual([
      'offline --cache.changed--> (none) actions:1',
      'offline.offline --browser.online--> offline.online actions:1',
      'offline.offline.withCache --cache.changed [cacheGone]--> offline.offline.withoutCache actions:1',
      'offline.offline.withCache --cache.changed--> (none) actions:1',
      'offline.offline.withoutCache --cache.changed [cacheArrived]--> offline.offline.withCache actions:1',
      'offline.offline.withoutCache --cache.changed--> (none) actions:1',
      'offline.online --browser.offline [hasCache]--> offline.offline.withCache actions:0',
      'offline.online --browser.offline--> offline.offline.withoutCache actions:0',
    ]);
  });

  it('generates paths through every state and every transition', () => {
    expectFullCoverage(testMachine, paths);
  });

  it.each(paths.map((path) => [describeOfflinePath(path), path] as const))(
    'the real flow follows: %s',
    async (_description, path) => {
      const { actor, reconnected } = startOffline();
      await followPathWithOracle(
        path,
        actor,
        (event) => {
          actor.send(event as OfflineEvent);
        },
        {
          initial: { banner: 'none', hasCache: false, reconnected: 0 },
          next: expectAfter,
          check: (snapshot, expected) => {
            expect(snapshot.value).toEqual(
              expected.banner === 'none' ? 'online' : { offline: expected.banner },
            );
            expect(snapshot.context.hasCache).toBe(expected.hasCache);
            // Only coming back from offline refreshes the cached lists; staying online does not.
            expect(reconnected).toHaveBeenCalledTimes(expected.reconnected);
            // The banner's text is the state's (its words are the shell's catalogue's).
            expect(bannerKind(snapshot)).toBe(expected.banner === 'none' ? null : expected.banner);
            // Online waits for the browser to go offline; offline, for it to come back.
            expect(snapshot.can({ type: 'browser.offline' })).toBe(expected.banner === 'none');
            expect(snapshot.can({ type: 'browser.online' })).toBe(expected.banner !== 'none');
            expect(snapshot.can({ type: 'cache.changed', hasCache: true })).toBe(true);
          },
        },
      );
    },
  );
});

/** What the test expects of the banner, worked out here and not by the machine. */
interface ExpectedBanner {
  banner: 'none' | 'withCache' | 'withoutCache';
  hasCache: boolean;
  /** reconnected calls. */
  reconnected: number;
}

/** docs/product.md#spec-4-offline: the banner follows the browser and whether a cache exists. */
function expectAfter(
  expected: ExpectedBanner,
  event: EventFromLogic<ReturnType<typeof toTestMachine<typeof offlineMachine>>>,
): ExpectedBanner {
  const offlineBanner = (hasCache: boolean) => (hasCache ? 'withCache' : 'withoutCache');
  switch (event.type) {
    case 'browser.offline':
      return expected.banner === 'none'
        ? { ...expected, banner: offlineBanner(expected.hasCache) }
        : expected;
    case 'browser.online':
      return expected.banner === 'none'
        ? expected
        : { ...expected, banner: 'none', reconnected: expected.reconnected + 1 };
    case 'cache.changed':
      return {
        ...expected,
        hasCache: event.hasCache,
        banner: expected.banner === 'none' ? 'none' : offlineBanner(event.hasCache),
      };
    default:
      return expected;
  }
}

describe('offline banner', () => {
  it("every effect is the shell's to provide, and says so when missing", async () => {
    await expectEffectsToBeProvided(offlineMachine, 'the shell', { actions: ['reconnected'] });
  });

  it('says cached content is shown when going offline with a cache', () => {
    const { actor } = startOffline(true);
    expect(bannerKind(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'browser.offline' });
    expect(bannerKind(actor.getSnapshot())).toBe('withCache');
  });

  it('says content is limited when going offline without a cache', () => {
    const { actor } = startOffline(false);
    actor.send({ type: 'browser.offline' });
    expect(bannerKind(actor.getSnapshot())).toBe('withoutCache');
  });

  it('fails loudly when the shell does not supply reconnected', () => {
    const actor = createActor(offlineMachine, { input: { hasCache: false } });
    const errors: unknown[] = [];
    actor.subscribe({ error: (error) => errors.push(error) });
    actor.start();
    actor.send({ type: 'browser.offline' });
    actor.send({ type: 'browser.online' });
    expect(String(errors[0])).toContain('reconnected must be provided by the shell');
  });
});
