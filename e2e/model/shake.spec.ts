import type { Page, Route } from '@playwright/test';
import type { EventPage } from '../../contract/events.ts';
import { type ShakeEvent, shakeMachine } from '../../machines/shake.ts';
import { expect, signedInTest as test } from '../fixtures.ts';
import { describeSteps, planChartPaths } from './chartPaths.ts';
import { type ChartUi, coverageReport, mappingGaps, walkPath } from './driveChart.ts';

/*
 * machines/shake.ts on home (docs/machines/README.md, "Model-based e2e"). The list the shake picks
 * from is home's event search: the test holds each request for it and answers when the chart's
 * `data.events` says (the list as the server gave it at the start, or an empty one); a new date
 * chip starts a new request, the list "loading" again. The spinner's 1.5 s run on Playwright's
 * clock, paused while the spinner is checked and let run for the `after.spinner` step, so a busy
 * machine cannot miss the spinner.
 */

type DataEvents = Extract<ShakeEvent, { type: 'data.events' }>;
/** "The list arrived with events": one stands for them, the chart only counts them. */
const loaded = { type: 'data.events', events: [{ id: 'model-event' }] } as unknown as DataEvents;

const plan = planChartPaths({
  machine: shakeMachine,
  maxSteps: 14,
  events: (snapshot): ShakeEvent[] => {
    const events = snapshot.context.events as DataEvents['events'];
    // /?shake=true's half second runs by itself: nothing is planned inside it.
    if (snapshot.matches('autoShakePending')) return [{ type: 'after.autoShake' } as never];
    const offered: ShakeEvent[] = [
      { type: 'user.shake' },
      { type: 'device.motion' },
      { type: 'user.letsGo' },
      { type: 'user.tryAgain' },
      { type: 'user.dismiss' },
      { type: 'after.spinner' } as never,
    ];
    if (events === null) {
      // A request is waiting: its answer, with events or none.
      offered.push(loaded, { type: 'data.events', events: [] });
      if (snapshot.matches('idle') && snapshot.context.selected === null) {
        offered.push({ type: 'route.autoShake' });
      }
    } else if (!snapshot.matches('discovering') && !snapshot.matches('found')) {
      // Another date chip: the list loads again (the dialogs cover the chips).
      offered.push({ type: 'data.events', events: null });
    }
    return offered;
  },
  // Let's Go leaves home for the event's page.
  endsPath: (event) => event.type === 'user.letsGo',
});

interface Ctx {
  page: Page;
  /** Requests for home's list, waiting for the chart's data.events. */
  held: Route[];
  /** The list the server gave for the first request, served for every "with events" answer. */
  serverList: EventPage | null;
  chips: string[];
}

const dateChips = ['Today', 'Tomorrow', 'This Weekend', 'Next Week'];
const resultDialog = (page: Page) => page.getByRole('dialog', { name: 'FamJam Found This!' });
const spinner = (page: Page) => page.getByText('Finding something fun near you…');

async function holdHomeList(ctx: Ctx): Promise<void> {
  await ctx.page.route(
    (url) => url.pathname === '/api/events/search',
    async (route) => {
      if (ctx.serverList === null) {
        const response = await route.fetch();
        ctx.serverList = (await response.json()) as EventPage;
      }
      ctx.held.push(route);
    },
  );
}

/** Answers every held request once one is there (the app may not have asked yet). */
async function answerHeld(ctx: Ctx, page: EventPage): Promise<void> {
  await expect
    .poll(() => ctx.held.length, { message: "home's list was requested" })
    .toBeGreaterThan(0);
  for (const route of ctx.held.splice(0)) await route.fulfill({ json: page });
}

/**
 * Stops the page's clock (a second ahead of its time: pausing must not go back in time, and the
 * page's clock runs on while the test asks for it), so the spinner started next waits for
 * after.spinner.
 */
async function pauseClock(page: Page): Promise<void> {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1_000);
}

async function noDialog(page: Page): Promise<void> {
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Tap to Shake' })).toBeEnabled();
}

const ui: ChartUi<Ctx, ShakeEvent> = {
  start: async (ctx) => {
    await ctx.page.clock.install();
    await holdHomeList(ctx);
    await ctx.page.goto('/');
    await expect(
      ctx.page.getByRole('heading', { level: 1, name: 'What should we do today?' }),
    ).toBeVisible();
  },
  states: {
    idle: async ({ page }) => noDialog(page),
    // Half a second of home as it was: nothing a person sees tells it from idle.
    autoShakePending: async ({ page }) => {
      await expect(page).toHaveURL(/\/(\?shake=true)?$/);
      await expect(resultDialog(page)).toHaveCount(0);
    },
    // The list is still loading after the half second: home as it was, the pick still to come.
    waitingForEvents: async ({ page }) => {
      await expect(page).toHaveURL(/\/$/);
      await noDialog(page);
    },
    discovering: async ({ page }) => {
      await expect(spinner(page)).toBeVisible();
      await expect(page.getByRole('dialog', { name: 'Shaking things up…' })).toBeVisible();
    },
    found: async ({ page }) => {
      await expect(spinner(page)).toHaveCount(0);
      await expect(resultDialog(page).getByRole('heading', { level: 3 })).not.toBeEmpty();
      await expect(resultDialog(page).getByRole('button', { name: "Let's Go!" })).toBeVisible();
    },
  },
  events: {
    'user.shake': async ({ page }) => {
      // The spinner waits on the paused clock until after.spinner lets it run.
      await pauseClock(page);
      await page.getByRole('button', { name: 'Tap to Shake' }).click();
    },
    'device.motion': async ({ page }) => {
      await pauseClock(page);
      await page.evaluate(() => {
        window.dispatchEvent(
          new DeviceMotionEvent('devicemotion', {
            accelerationIncludingGravity: { x: 14, y: 3, z: 9.8 },
          }),
        );
      });
    },
    'route.autoShake': async (ctx) => {
      // Onboarding's 'Shake to Discover' opens home so; here on a fresh load, the list held.
      ctx.held.splice(0);
      await ctx.page.goto('/?shake=true');
    },
    'after.autoShake': async () => {
      // It runs by itself; the next state's check waits for it.
    },
    'after.spinner': async ({ page }) => {
      await page.clock.resume();
    },
    'data.events': async (ctx, event) => {
      const events = event.type === 'data.events' ? event.events : null;
      if (events === null) {
        const chip = dateChips.find((name) => !ctx.chips.includes(name));
        if (chip === undefined) throw new Error('every date chip was used: plan shorter paths');
        ctx.chips.push(chip);
        await ctx.page.getByRole('button', { name: chip }).click();
        await expect(ctx.page.getByRole('button', { name: chip })).toHaveAttribute(
          'aria-pressed',
          'true',
        );
        await expect.poll(() => ctx.held.length).toBeGreaterThan(0);
        return;
      }
      await expect
        .poll(() => ctx.held.length, { message: "home's list was requested" })
        .toBeGreaterThan(0);
      const list = ctx.serverList;
      if (list === null) throw new Error('the held request has no server answer');
      await answerHeld(ctx, events.length === 0 ? { events: [], nextCursor: null } : list);
      const picks = ctx.page.getByRole('region', { name: 'FamJam Picks', exact: true });
      if (events.length === 0) {
        await expect(picks.getByText('No events found. Try adjusting your filters!')).toBeVisible();
      } else {
        await expect(picks.getByRole('article')).toHaveCount(1);
      }
    },
    'user.letsGo': async ({ page }) => {
      const title = await resultDialog(page).getByRole('heading', { level: 3 }).textContent();
      await resultDialog(page).getByRole('button', { name: "Let's Go!" }).click();
      await expect(page).toHaveURL(/\/event-detail$/);
      // Home stays on screen until the details page has rendered, and its deals may show the
      // same event (twice, from two venues): wait for home to go before naming the article.
      await expect(
        page.getByRole('heading', { level: 1, name: 'What should we do today?' }),
      ).toHaveCount(0);
      await expect(page.getByRole('article', { name: title ?? '' })).toBeVisible();
      // Back home (the path ends here: home starts a new chart).
      await page.goBack();
      await expect(
        page.getByRole('heading', { level: 1, name: 'What should we do today?' }),
      ).toBeVisible();
    },
    'user.tryAgain': async ({ page }) => {
      await resultDialog(page).getByRole('button', { name: 'Try Again' }).click();
    },
    'user.dismiss': async ({ page }) => {
      await page.keyboard.press('Escape');
    },
  },
};

const nameEvent = (event: { type: string }) => {
  const e = event as ShakeEvent;
  if (e.type !== 'data.events') return e.type;
  return `data.events(${e.events === null ? 'loading' : e.events.length === 0 ? 'none' : 'some'})`;
};

test.describe('shake chart on home', () => {
  test.describe.configure({ mode: 'serial' });
  const walked: (typeof plan.paths)[number]['path'][] = [];
  test.afterAll(() => {
    console.log(coverageReport(shakeMachine, walked, plan.paths.length));
  });

  test('every state and event of the chart has a UI mapping; the paths cover all but the half-second races', () => {
    expect(mappingGaps(plan, ui)).toEqual([]);
    expect(plan.states.missing).toEqual([]);
    // A list that arrives (or empties) inside /?shake=true's half second, or empties under the
    // spinner, cannot be timed from outside the page, and home never says "loading" twice in a
    // row: the unit model test (machines/shake.test.ts) covers these four.
    expect(plan.transitions.missing).toEqual([
      'shake.autoShakePending --after.autoShake [hasEvents]--> shake.discovering actions:0',
      'shake.autoShakePending --after.autoShake--> shake.idle actions:0',
      'shake.waitingForEvents --data.events--> (none) actions:1',
      'shake.discovering --after.spinner--> shake.idle actions:0',
    ]);
  });

  for (const planned of plan.paths) {
    test(describeSteps(planned.path, nameEvent), async ({ page }) => {
      const ctx: Ctx = { page, held: [], serverList: null, chips: [] };
      await walkPath(ctx, plan.machineId, ui, planned, (title, body) => test.step(title, body));
      walked.push(planned.path);
    });
  }
});
