import type { Page, Route } from '@playwright/test';
import type { EventObject } from 'xstate';
import type { CategoryCounts } from '../../contract/events.ts';
import {
  type ResultsViewEvent,
  type ResultsViewName,
  resultsViewMachine,
} from '../../machines/resultsView.ts';
import { expect, signedInTest as test } from '../fixtures.ts';
import {
  bareSpotOfTheMap,
  busiestCategories,
  expectMapReady,
  mapRegion,
  pinCard,
  pins,
  searchThisArea,
  viewButton,
} from '../mapHelpers.ts';
import { describeSteps, planChartPaths } from './chartPaths.ts';
import { type ChartUi, coverageReport, mappingGaps, walkPath } from './driveChart.ts';

/*
 * machines/resultsView.ts on /search (docs/machines/README.md, "Model-based e2e"), for the
 * busiest San Francisco category, so the map has pins and clusters. Every map tile is held with
 * `page.route` while the map loads: `map.ready` lets them through, `map.failed` refuses them (no
 * network to the tile server), so a busy machine cannot skip 'Loading the map…'. The model's
 * pin 'first' is the first single pin the fitted map shows; 'elsewhere' stands for results that
 * are not the open pin's.
 *
 * What the planner may offer depends on what the page can do there:
 * - `url.view` is Back: offered only where the entry before is the other view (a path that
 *   started on the list and pressed Map, or started on the map and pressed List).
 * - 'Search this area', a refit (the category filter removed) and the results changing under an
 *   open card (another category chosen) put another search in the address and the page's
 *   results change with it: a path ends with them.
 * - Once drawn, the map is not left: shown again, its tiles come from the page's memory.
 */

type PinName = 'first';
type Category = CategoryCounts['categories'][number];
/** What the failed map says (ResultsViewControls' MAP_FAILED_TEXT; that module loads styles). */
const MAP_FAILED_TEXT = 'The map could not load. Every event is still in the list.';
type TileMode = 'hold' | 'pass' | 'abort';

const plan = planChartPaths({
  machine: resultsViewMachine,
  starts: [
    { name: 'list', input: { view: 'list' } },
    { name: 'map', input: { view: 'map' } },
  ],
  maxSteps: 14,
  endsPath: (event) => ['user.searchArea', 'map.fitted', 'data.ids'].includes(event.type),
  events: (snapshot): ResultsViewEvent[] => {
    const { startView, moved } = snapshot.context as { startView: ResultsViewName; moved: boolean };
    if (snapshot.matches('list')) {
      const offered: ResultsViewEvent[] = [{ type: 'user.showMap' }];
      if (startView === 'map') offered.push({ type: 'url.view', view: 'map' });
      return offered;
    }
    const offered: ResultsViewEvent[] = [];
    // Once its tiles were drawn, a map shown again in the same page load takes them from the
    // page's memory of images, past the held requests, and is ready before 'Loading the map…'
    // can be seen: the paths leave the map only before it is drawn (or when it failed).
    if (!snapshot.matches({ map: 'ready' })) {
      offered.push({ type: 'user.showList' });
      if (startView === 'list') offered.push({ type: 'url.view', view: 'list' });
    }
    if (snapshot.matches({ map: 'loading' })) {
      offered.push({ type: 'map.ready' }, { type: 'map.failed' });
    }
    if (snapshot.matches({ map: 'ready' })) {
      offered.push({ type: 'map.moved' });
      if (snapshot.matches({ map: { ready: 'browsing' } })) {
        offered.push({ type: 'user.selectPin', ids: ['first'] });
        if (moved) {
          offered.push({ type: 'user.searchArea', bbox: 'the map box' }, { type: 'map.fitted' });
        }
      } else {
        offered.push({ type: 'user.closePin' });
        // The open pin tapped again (the fitted map of the seed's busiest category shows one
        // single pin beside its clusters; a cluster's tap zooms, a move of its own).
        offered.push({ type: 'user.selectPin', ids: ['first'] });
        // Another category's results (they refit the map too: only while nothing moved does
        // that leave the chart's `moved` as the model has it).
        if (!moved) offered.push({ type: 'data.ids', ids: ['elsewhere'] });
      }
    }
    return offered;
  },
});

interface Ctx {
  page: Page;
  category: Category;
  /** Another category with events, for results that are not the open pin's. */
  otherCategory: Category;
  /** The tab's history on /search as the test made it: which view each entry holds. */
  history: ResultsViewName[];
  at: number;
  tiles: { mode: TileMode; held: Route[] };
  /** The pin's name (its accessible name), found when the map first shows it. */
  pinNames: Partial<Record<PinName, string>>;
}

const resultCards = (page: Page) => page.locator('#search-results-list article');
const failedMessage = (page: Page) => page.getByRole('alert').filter({ hasText: MAP_FAILED_TEXT });
const removeCategory = (ctx: Ctx) =>
  ctx.page.getByRole('button', { name: `Remove filter ${ctx.category.label}` });

/** Every tile request goes through here; while the map loads they wait for the chart's verdict. */
async function routeTiles(ctx: Ctx): Promise<void> {
  await ctx.page.route('**/tiles/**', async (route) => {
    if (ctx.tiles.mode === 'hold') ctx.tiles.held.push(route);
    else if (ctx.tiles.mode === 'abort') await route.abort();
    else await route.fallback();
  });
}

/** Lets the held first view's tiles through (ready) or refuses them (failed). */
async function decideTiles(ctx: Ctx, mode: 'pass' | 'abort'): Promise<void> {
  await expect
    .poll(() => ctx.tiles.held.length, { message: "the map's first tiles were requested" })
    .toBeGreaterThan(0);
  ctx.tiles.mode = mode;
  for (const route of ctx.tiles.held.splice(0)) {
    if (mode === 'pass') await route.fallback();
    else await route.abort();
  }
}

/** Back or Forward to the neighbouring entry that holds `view`. */
async function historyTo(ctx: Ctx, view: ResultsViewName): Promise<void> {
  if (view === 'map') ctx.tiles.mode = 'hold';
  if (ctx.history[ctx.at - 1] === view) {
    ctx.at -= 1;
    await ctx.page.goBack();
  } else if (ctx.history[ctx.at + 1] === view) {
    ctx.at += 1;
    await ctx.page.goForward();
  } else {
    throw new Error(`no neighbouring history entry shows the ${view}: ${ctx.history.join(',')}`);
  }
}

/** Pressing the switch pushes an entry (writeView). */
function pushed(ctx: Ctx, view: ResultsViewName): void {
  ctx.history = [...ctx.history.slice(0, ctx.at + 1), view];
  ctx.at = ctx.history.length - 1;
}

/** The model's pin `name`: the first single pin the map shows, remembered by its name. */
async function pinFor(ctx: Ctx, name: PinName) {
  const known = ctx.pinNames[name];
  if (known !== undefined) {
    return mapRegion(ctx.page).getByRole('button', { name: known, exact: true });
  }
  await expect(pins(ctx.page).first()).toBeVisible();
  const label = await pins(ctx.page).first().getAttribute('aria-label');
  if (!label) throw new Error(`pin ${name} has no name`);
  ctx.pinNames[name] = label;
  return mapRegion(ctx.page).getByRole('button', { name: label, exact: true });
}

const ui: ChartUi<Ctx, ResultsViewEvent> = {
  start: async (ctx, start) => {
    const view = (start.input as { view: ResultsViewName }).view;
    ctx.history = [view];
    ctx.at = 0;
    ctx.tiles.mode = view === 'map' ? 'hold' : 'pass';
    await routeTiles(ctx);
    await ctx.page.goto(`/search?category=${ctx.category.id}${view === 'map' ? '&view=map' : ''}`);
    await expect(ctx.page.getByText(/^\d+ event\(s\) found/)).toBeVisible();
  },
  states: {
    // Left before the first render: nothing of it is ever on screen.
    start: async () => {},
    list: async ({ page }) => {
      await expect(viewButton(page, 'List')).toHaveAttribute('aria-pressed', 'true');
      await expect(mapRegion(page)).toHaveCount(0);
      await expect(failedMessage(page)).toHaveCount(0);
      await expect(page).not.toHaveURL(/[?&]view=map/);
      await expect(resultCards(page).first()).toBeVisible();
    },
    map: async ({ page }) => {
      await expect(viewButton(page, 'Map')).toHaveAttribute('aria-pressed', 'true');
      await expect(page).toHaveURL(/[?&]view=map/);
      // The list stays whole below the map, or below why there is none.
      await expect(resultCards(page).first()).toBeVisible();
    },
    'map.loading': async ({ page }) => {
      // The pins may already stand on it; the tiles, held, have not answered.
      await expect(page.getByText('Loading the map…')).toBeVisible();
      await expect(searchThisArea(page)).toHaveCount(0);
      await expect(failedMessage(page)).toHaveCount(0);
    },
    'map.ready': async ({ page }, snapshot) => {
      await expectMapReady(page);
      // Offered only once the family moved the map away from the results.
      if (snapshot.context.moved) await expect(searchThisArea(page)).toBeVisible();
      else await expect(searchThisArea(page)).toHaveCount(0);
    },
    'map.ready.browsing': async ({ page }) => {
      await expect(pinCard(page)).toHaveCount(0);
      await expect(mapRegion(page).getByRole('button', { name: 'Close' })).toHaveCount(0);
    },
    'map.ready.pinSelected': async (ctx, snapshot) => {
      const selected = snapshot.context.selected as PinName[];
      const card = pinCard(ctx.page);
      await expect(card).toBeVisible();
      for (const name of selected) {
        const label = ctx.pinNames[name];
        if (label === undefined) throw new Error(`pin ${name} was never tapped`);
        // The pin's name starts with its event's title.
        const title = label.split(', ')[0] ?? label;
        await expect(card.getByRole('heading', { name: title })).toBeVisible();
      }
    },
    'map.failed': async ({ page }) => {
      await expect(failedMessage(page)).toBeVisible();
      await expect(failedMessage(page).getByRole('button', { name: 'Show list' })).toBeVisible();
      await expect(mapRegion(page)).toHaveCount(0);
    },
  },
  events: {
    'user.showMap': async (ctx) => {
      ctx.tiles.mode = 'hold';
      await viewButton(ctx.page, 'Map').click();
      pushed(ctx, 'map');
    },
    'user.showList': async (ctx, _event, before) => {
      // From a failed map, the message's own way back; else the switch.
      if (before.matches({ map: 'failed' })) {
        await failedMessage(ctx.page).getByRole('button', { name: 'Show list' }).click();
      } else {
        await viewButton(ctx.page, 'List').click();
      }
      pushed(ctx, 'list');
    },
    'url.view': async (ctx, event) => {
      await historyTo(ctx, event.type === 'url.view' ? event.view : 'list');
    },
    'map.ready': async (ctx) => decideTiles(ctx, 'pass'),
    'map.failed': async (ctx) => decideTiles(ctx, 'abort'),
    'map.moved': async ({ page }) => {
      // A drag from a bare spot of the map (pins are buttons of their own, not its handle).
      const start = await bareSpotOfTheMap(page);
      await page.mouse.move(start.x, start.y);
      await page.mouse.down();
      // Right and up: the seed's lone pin sits at the map's left, and stays on it.
      await page.mouse.move(start.x + 50, start.y - 30, { steps: 8 });
      await page.mouse.up();
    },
    'map.fitted': async (ctx) => {
      // A new search (the category dropped) fits the map to its results again.
      await removeCategory(ctx).click();
      await expect(removeCategory(ctx)).toHaveCount(0);
    },
    'user.searchArea': async ({ page }) => {
      await searchThisArea(page).click();
      await expect(page).toHaveURL(/[?&]bbox=/);
      await expect(page.getByRole('button', { name: 'Remove filter Map area' })).toBeVisible();
    },
    'user.selectPin': async (ctx, event, before) => {
      const [name] = event.type === 'user.selectPin' ? event.ids : [];
      if (name !== 'first') throw new Error(`no model pin ${name}`);
      const pin = await pinFor(ctx, name);
      // With the card open over it, the pin is reached as a keyboard user reaches it.
      if (before.matches({ map: { ready: 'pinSelected' } })) await pin.press('Enter');
      else await pin.click();
    },
    'user.closePin': async ({ page }) => {
      await pinCard(page).getByRole('button', { name: 'Close' }).click();
    },
    'data.ids': async (ctx) => {
      // Another category: none of its events is the open pin's.
      await ctx.page
        .getByRole('group', { name: 'Categories' })
        .first()
        .getByText(ctx.otherCategory.label, { exact: true })
        .click();
      await expect(ctx.page).toHaveURL(new RegExp(`category=${ctx.otherCategory.id}`));
      await expect(resultCards(ctx.page).first()).toBeVisible();
    },
  },
};

const nameEvent = (event: EventObject) => {
  const e = event as ResultsViewEvent;
  if (e.type === 'url.view') return `url.view(${e.view})`;
  if (e.type === 'user.selectPin') return `user.selectPin(${e.ids.join(',')})`;
  if (e.type === 'data.ids') return `data.ids(${e.ids.join(',')})`;
  return e.type;
};

/** The busiest San Francisco categories: enough events to cluster, and a second one. */
async function busyCategories(page: Page): Promise<[Category, Category]> {
  const [busiest, next] = await busiestCategories(page.request);
  if (!busiest || !next || busiest.count < 6 || next.count < 1) {
    throw new Error('the seed has no two busy categories near SF');
  }
  return [busiest, next];
}

test.describe('resultsView chart on /search', () => {
  test.describe.configure({ mode: 'serial' });
  const walked: (typeof plan.paths)[number]['path'][] = [];
  test.afterAll(() => {
    console.log(coverageReport(resultsViewMachine, walked, plan.paths.length));
  });

  test('every state and event of the chart has a UI mapping; the paths cover it but the always step', () => {
    expect(mappingGaps(plan, ui)).toEqual([]);
    // `start` only chooses list or map from the address (always), before anything renders.
    expect(plan.states.missing).toEqual(['resultsView.start']);
    // Results that change and still hold the open pin's event: the only way from the page is a
    // wider search (the category dropped), whose first page need not hold that event, so the
    // card may close; machines/resultsView.test.ts covers the pruning.
    expect(plan.transitions.missing).toEqual([
      'resultsView.map.ready.pinSelected --data.ids--> (none) actions:1',
    ]);
  });

  for (const planned of plan.paths) {
    test(`from the ${planned.start.name}: ${describeSteps(planned.path, nameEvent)}`, async ({
      page,
      allowConsoleError,
    }) => {
      // Refused tiles are logged by the browser.
      allowConsoleError(/Failed to load resource: net::ERR_FAILED/);
      const [category, otherCategory] = await busyCategories(page);
      const ctx: Ctx = {
        page,
        category,
        otherCategory,
        history: [],
        at: 0,
        tiles: { mode: 'pass', held: [] },
        pinNames: {},
      };
      await walkPath(ctx, plan.machineId, ui, planned, (title, body) => test.step(title, body));
      walked.push(planned.path);
      // A path may end while the map loads: its held tiles go through, so the page settles for
      // the suite's closing accessibility check.
      ctx.tiles.mode = 'pass';
      for (const route of ctx.tiles.held.splice(0)) await route.fallback();
    });
  }
});
