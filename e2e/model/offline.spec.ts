import type { BrowserContext, Page } from '@playwright/test';
import type { Event } from '../../contract/events.ts';
import { type OfflineEvent, offlineMachine } from '../../machines/offline.ts';
import { storageKeys } from '../../src/domain/constants.ts';
import { expect, listedEvents, signedInTest as test } from '../fixtures.ts';
import { describeSteps, planChartPaths } from './chartPaths.ts';
import { type ChartUi, coverageReport, mappingGaps, walkPath } from './driveChart.ts';

/*
 * machines/offline.ts, the shell's offline banner (docs/machines/README.md, "Model-based e2e").
 * The browser goes offline and back with context.setOffline (navigator.onLine and the
 * online/offline events, as a phone losing its signal). The device's cache changes the way it
 * does behind the app's back: another tab of the same site writes or removes the cached events
 * (the app hears the `storage` event). The page is /privacy-policy, signed in: the shell shows
 * the banner there and no list of its own writes the cache meanwhile.
 */

/** The banner's English (locales/en/shell.po): the machine says which, the shell words it. */
const OFFLINE_WITH_CACHE_TEXT = 'Showing previously loaded content';
const OFFLINE_WITHOUT_CACHE_TEXT = 'Limited content available without internet';

const plan = planChartPaths({
  machine: offlineMachine,
  maxSteps: 12,
  events: (): OfflineEvent[] => [
    { type: 'browser.offline' },
    { type: 'browser.online' },
    { type: 'cache.changed', hasCache: true },
    { type: 'cache.changed', hasCache: false },
  ],
});

interface Ctx {
  page: Page;
  context: BrowserContext;
  /** A second tab of the site: a plain file of the same origin, no app in it. */
  otherTab: Page;
  someEvent: Event;
  writes: number;
}

/** What the browser logs for each request made while offline. */
const offlineRequest = /Failed to load resource: net::ERR_INTERNET_DISCONNECTED/;
/** The banner's live region; empty (and so not in the accessibility tree) while online. */
const connection = (page: Page) =>
  page.getByRole('status', { name: 'Connection', includeHidden: true });

const ui: ChartUi<Ctx, OfflineEvent> = {
  start: async ({ page }) => {
    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    // The banner's code loads just after the first paint; it must be there before the network
    // goes, as on a phone.
    await expect(connection(page)).toBeAttached();
  },
  states: {
    online: async ({ page }) => {
      await expect(connection(page)).toHaveText('');
      await expect(page.getByText(OFFLINE_WITH_CACHE_TEXT)).toHaveCount(0);
      await expect(page.getByText(OFFLINE_WITHOUT_CACHE_TEXT)).toHaveCount(0);
    },
    offline: async ({ page }) => {
      await expect(connection(page)).toContainText(
        new RegExp(`${OFFLINE_WITH_CACHE_TEXT}|${OFFLINE_WITHOUT_CACHE_TEXT}`),
      );
    },
    'offline.withCache': async ({ page }) => {
      await expect(connection(page)).toHaveText(OFFLINE_WITH_CACHE_TEXT);
    },
    'offline.withoutCache': async ({ page }) => {
      await expect(connection(page)).toHaveText(OFFLINE_WITHOUT_CACHE_TEXT);
    },
  },
  events: {
    'browser.offline': async ({ context }) => {
      await context.setOffline(true);
    },
    'browser.online': async ({ context }) => {
      await context.setOffline(false);
    },
    'cache.changed': async (ctx, event) => {
      const hasCache = event.type === 'cache.changed' && event.hasCache;
      ctx.writes += 1;
      await ctx.otherTab.evaluate(
        ({ keys, hasCache, list, write }) => {
          if (hasCache) {
            // A new value each time: an unchanged value fires no storage event.
            localStorage.setItem(keys.events, JSON.stringify(list.map((e) => ({ ...e, write }))));
          } else if (localStorage.getItem(keys.events) !== null) {
            localStorage.removeItem(keys.events);
          } else {
            // Still no cache, and the app hears of a change in the site's storage all the same.
            localStorage.setItem('famjam-e2e-other-tab', String(write));
          }
        },
        {
          keys: { events: storageKeys.events },
          hasCache,
          list: [ctx.someEvent],
          write: ctx.writes,
        },
      );
    },
  },
};

const nameEvent = (event: { type: string }) => {
  const e = event as OfflineEvent;
  return e.type === 'cache.changed' ? `cache.changed(${e.hasCache ? 'some' : 'none'})` : e.type;
};

test.describe('offline chart in the shell', () => {
  test.describe.configure({ mode: 'serial' });
  const walked: (typeof plan.paths)[number]['path'][] = [];
  test.afterAll(() => {
    console.log(coverageReport(offlineMachine, walked, plan.paths.length));
  });

  test('every state and event of the chart has a UI mapping, and the paths cover the chart', () => {
    expect(mappingGaps(plan, ui)).toEqual([]);
    expect([...plan.states.missing, ...plan.transitions.missing]).toEqual([]);
  });

  for (const planned of plan.paths) {
    test(describeSteps(planned.path, nameEvent), async ({ page, context, allowConsoleError }) => {
      allowConsoleError(offlineRequest);
      const [someEvent] = await listedEvents(page.request, 1);
      if (!someEvent) throw new Error('the seeded stack lists no event');
      const otherTab = await context.newPage();
      await otherTab.goto('/robots.txt');
      const ctx: Ctx = { page, context, otherTab, someEvent, writes: 0 };
      await walkPath(ctx, plan.machineId, ui, planned, (title, body) => test.step(title, body));
      await otherTab.close();
      walked.push(planned.path);
    });
  }
});
