import { describe, expect, it, vi } from 'vitest';
import { createActor, type EventFromLogic } from 'xstate';
import { createTestModel } from 'xstate/graph';
import {
  bannerText,
  OFFLINE_WITH_CACHE_TEXT,
  OFFLINE_WITHOUT_CACHE_TEXT,
  type OfflineEvent,
  offlineMachine,
} from './offline.ts';
import { describePath, expectFullCoverage, followPathOnActor } from './testing/modelTests.ts';
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

describe('offline banner model', () => {
  const testMachine = toTestMachine(offlineMachine);
  const model = createTestModel(testMachine, {
    events: (): EventFromLogic<typeof testMachine>[] => [
      { type: 'browser.offline' },
      { type: 'browser.online' },
      { type: 'cache.changed', hasCache: true },
      { type: 'cache.changed', hasCache: false },
    ],
  });
  const paths = model.getShortestPaths();
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

  it('is the reviewed chart (SPEC 4 "Offline")', () => {
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
      await followPathOnActor(path, actor, (event) => {
        const before = actor.getSnapshot();
        actor.send(event as OfflineEvent);
        const after = actor.getSnapshot();
        // Only coming back from offline sends what waited; staying online does not.
        if (event.type === 'browser.online') {
          expect(reconnected).toHaveBeenCalledTimes(before.matches('offline') ? 1 : 0);
          reconnected.mockClear();
        }
        // The banner's text is the state's, word for word.
        const expected = after.matches('online')
          ? null
          : after.context.hasCache
            ? OFFLINE_WITH_CACHE_TEXT
            : OFFLINE_WITHOUT_CACHE_TEXT;
        expect(bannerText(after)).toBe(expected);
      });
    },
  );
});

describe('offline banner', () => {
  it('says cached content is shown when going offline with a cache', () => {
    const { actor } = startOffline(true);
    expect(bannerText(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'browser.offline' });
    expect(bannerText(actor.getSnapshot())).toBe('Showing previously loaded content');
  });

  it('says content is limited when going offline without a cache', () => {
    const { actor } = startOffline(false);
    actor.send({ type: 'browser.offline' });
    expect(bannerText(actor.getSnapshot())).toBe('Limited content available without internet');
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
