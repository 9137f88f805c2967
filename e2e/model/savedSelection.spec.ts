import type { Page } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { Event } from '../../contract/events.ts';
import type { SavedSelectionEvent } from '../../machines/savedSelection.ts';
import { savedSelectionMachine } from '../../machines/savedSelection.ts';
import {
  emptySavedList,
  expect,
  listedEvents,
  seedSavedList,
  signedInTest as test,
} from '../fixtures.ts';
import { describeSteps, planChartPaths } from './chartPaths.ts';
import { type ChartUi, coverageReport, mappingGaps, walkPath } from './driveChart.ts';

/*
 * machines/savedSelection.ts on /saved (docs/machines/README.md, "Model-based e2e"). The list is
 * two real events and one the server no longer has: removing that one ('Remove it from the list')
 * is how the saved ids change under select mode. The model names the events 'first' and
 * 'second'; the test finds the real ones when it starts.
 */

type Name = 'first' | 'second';
const gone = 'seed:no-such-event';

/** What the events carry in the model; only the ids matter to the chart. */
const modelEvent = (name: Name) => ({ id: name }) as unknown as Event;

const plan = planChartPaths({
  machine: savedSelectionMachine,
  maxSteps: 12,
  // The list is shorter afterwards (or the organiser-removed event already gone): the model's
  // 'browsing' says nothing of that, so nothing is planned after them.
  endsPath: (event) => ['user.delete', 'user.confirmClear', 'data.ids'].includes(event.type),
  events: (snapshot): SavedSelectionEvent[] => {
    if (snapshot.matches('browsing')) {
      return [
        { type: 'user.open', event: modelEvent('first') },
        { type: 'user.select' },
        { type: 'user.clearAll' },
        // The organiser-removed event taken off the list, then every event unsaved.
        { type: 'data.ids', ids: ['first', 'second'] },
        { type: 'data.ids', ids: [] },
      ];
    }
    if (snapshot.matches('selecting')) {
      return [
        { type: 'user.toggle', id: 'first' },
        { type: 'user.toggle', id: 'second' },
        { type: 'user.cancel' },
        { type: 'user.delete' },
        { type: 'data.ids', ids: ['first', 'second'] },
      ];
    }
    return [{ type: 'user.confirmClear' }, { type: 'user.cancelClear' }];
  },
});

interface Ctx {
  page: Page;
  events: Record<Name, Event>;
  /** The organiser-removed id is still in the list. */
  goneLeft: boolean;
}

const isName = (id: string): id is Name => id === 'first' || id === 'second';
const real = (ctx: Ctx, id: string): Event => {
  if (!isName(id)) throw new Error(`the model's event ids are first and second, not ${id}`);
  return ctx.events[id];
};
const cards = (page: Page) => page.getByRole('list', { name: 'Saved events' }).getByRole('article');
const selected = (snapshot: AnyMachineSnapshot): string[] => snapshot.context.selected;

const ui: ChartUi<Ctx, SavedSelectionEvent> = {
  start: async (ctx) => {
    const seeded = [ctx.events.first.id, ctx.events.second.id, gone];
    await seedSavedList(ctx.page, seeded);
    // The account's synced list, as another device that still lists the vanished event keeps
    // it (the server's own copy only names events it has).
    let synced = seeded;
    await ctx.page.route(
      (url) => url.pathname === '/api/me/saved',
      async (route) => {
        if (route.request().method() === 'PUT') {
          synced = (route.request().postDataJSON() as { ids: string[] }).ids;
        }
        await route.fulfill({ json: { ids: synced } });
      },
    );
    await ctx.page.goto('/saved');
    await expect(cards(ctx.page)).toHaveCount(2);
  },
  states: {
    browsing: async ({ page }) => {
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
      await expect(page.getByRole('checkbox')).toHaveCount(0);
      await expect(page.getByRole('button', { name: /^Delete \(/ })).toHaveCount(0);
      await expect(
        page
          .getByRole('button', { name: 'Select' })
          .or(page.getByRole('heading', { name: 'No saved events yet' })),
      ).toBeVisible();
    },
    selecting: async (ctx, snapshot) => {
      const { page } = ctx;
      const ticked = selected(snapshot);
      const remove = page.getByRole('button', { name: `Delete (${ticked.length})` });
      await expect(remove).toBeVisible();
      if (ticked.length === 0) await expect(remove).toBeDisabled();
      else await expect(remove).toBeEnabled();
      for (const name of ['first', 'second'] as const) {
        const box = page.getByRole('checkbox', { name: `Select ${ctx.events[name].title}` });
        if (ticked.includes(name)) await expect(box).toBeChecked();
        else await expect(box).not.toBeChecked();
      }
    },
    confirmingClear: async ({ page }) => {
      await expect(
        page.getByRole('alertdialog', { name: 'Clear all saved events?' }),
      ).toBeVisible();
    },
  },
  events: {
    'user.open': async (ctx, event) => {
      const { title, id } = real(ctx, event.type === 'user.open' ? event.event.id : '');
      await ctx.page.getByRole('link', { name: title, exact: true }).click();
      await expect(ctx.page).toHaveURL(
        new RegExp(`/event-detail#event-${id.replace(/[.:]/g, '\\$&')}$`),
      );
      await expect(
        ctx.page.getByRole('heading', { level: 1, name: 'Event Details' }),
      ).toBeVisible();
      await expect(ctx.page.getByRole('article', { name: title })).toBeVisible();
      // Back on the list: the screen (and its chart) start again, in browsing.
      await ctx.page.goBack();
      await expect(cards(ctx.page)).toHaveCount(2);
    },
    'user.select': async ({ page }) => {
      await page.getByRole('button', { name: 'Select' }).click();
    },
    'user.toggle': async (ctx, event) => {
      const { title } = real(ctx, event.type === 'user.toggle' ? event.id : '');
      // A tap anywhere on the card ticks it.
      await cards(ctx.page)
        .filter({ hasText: title })
        .click({ position: { x: 180, y: 160 } });
    },
    'user.cancel': async ({ page }) => {
      await page.getByRole('button', { name: 'Cancel' }).click();
    },
    'user.delete': async ({ page }, _event, before) => {
      await page.getByRole('button', { name: `Delete (${selected(before).length})` }).click();
    },
    'user.clearAll': async ({ page }) => {
      await page.getByRole('button', { name: 'Clear All' }).click();
    },
    'user.confirmClear': async ({ page }) => {
      await page
        .getByRole('alertdialog')
        .getByRole('button', { name: /^Clear \d+ events?$/ })
        .click();
      await expect(page.getByRole('heading', { name: 'No saved events yet' })).toBeVisible();
    },
    'user.cancelClear': async ({ page }) => {
      await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    },
    'data.ids': async (ctx, event) => {
      const ids = event.type === 'data.ids' ? event.ids : [];
      if (ids.length === 0) {
        for (const name of ['first', 'second'] as const) {
          await ctx.page
            .getByRole('button', { name: `Remove ${ctx.events[name].title} from saved` })
            .click();
        }
      }
      if (!ctx.goneLeft) throw new Error('the organiser-removed event was already taken off');
      await ctx.page.getByRole('button', { name: 'Remove it from the list' }).click();
      ctx.goneLeft = false;
      await expect(ctx.page.getByText(/no longer available/)).toHaveCount(0);
    },
  },
};

const nameEvent = (event: EventObject) => {
  const e = event as SavedSelectionEvent;
  if (e.type === 'user.toggle') return `user.toggle(${e.id})`;
  if (e.type === 'data.ids') return `data.ids(${e.ids.join(',') || 'none'})`;
  return e.type;
};

test.describe('savedSelection chart on /saved', () => {
  test.describe.configure({ mode: 'serial' });
  const walked: (typeof plan.paths)[number]['path'][] = [];
  test.afterAll(() => {
    console.log(coverageReport(savedSelectionMachine, walked, plan.paths.length));
  });
  test.afterEach(({ page }) => emptySavedList(page));

  test('every state and event of the chart has a UI mapping, and the paths cover the chart', () => {
    expect(mappingGaps(plan, ui)).toEqual([]);
    expect([...plan.states.missing, ...plan.transitions.missing]).toEqual([]);
  });

  for (const planned of plan.paths) {
    test(describeSteps(planned.path, nameEvent), async ({ page }) => {
      const [first, second] = await listedEvents(page.request, 2);
      if (!first || !second) throw new Error('the seeded stack lists fewer than 2 events');
      const ctx: Ctx = { page, events: { first, second }, goneLeft: true };
      await walkPath(ctx, plan.machineId, ui, planned, (title, body) => test.step(title, body));
      walked.push(planned.path);
    });
  }
});
