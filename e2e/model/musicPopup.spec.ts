import type { Page, Route } from '@playwright/test';
import type { EventObject } from 'xstate';
import {
  SPOTIFY_AUTH_ERROR,
  SPOTIFY_AUTH_SUCCESS,
  SPOTIFY_FAILURE_MESSAGE,
} from '../../contract/music.ts';
import { type MusicPopupEvent, musicPopupMachine } from '../../machines/musicPopup.ts';
import { STAND_IN_DISPLAY_NAME } from '../../server/test/musicProviderStandIn.ts';
import { expect, signedInTest as test } from '../fixtures.ts';
import { describeSteps, planChartPaths } from './chartPaths.ts';
import { type ChartUi, coverageReport, mappingGaps, walkPath } from './driveChart.ts';

/*
 * machines/musicPopup.ts on onboarding's Music step (docs/machines/README.md, "Model-based e2e"),
 * against the stand-in Spotify the e2e stack runs: the popup is a real window, Agree and Cancel
 * on its authorize page make the callback page post the real success or error message. The API
 * calls the chart invokes (the auth URL, then the profile and top artists) are held until the
 * chart's `.done` or `.error` step: let through to the server, or answered 500. A popup the
 * browser refuses is window.open answering null, as a popup blocker does.
 */

/** The outcomes of the invoked calls, as the test machine names them. */
type ChartOutcome =
  | { type: 'fetchAuthUrl.done'; output: { authUrl: string; state: string } }
  | { type: 'fetchTaste.done'; output: { displayName: string; artists: [] } }
  | { type: 'fetchAuthUrl.error' | 'fetchTaste.error'; error: Error };

const appOrigin = 'app';
const attempt = 'model-state';
const plan = planChartPaths({
  machine: musicPopupMachine,
  starts: [{ name: 'Music step', input: { appOrigin } }],
  maxSteps: 24,
  events: (snapshot) => {
    const state = snapshot.context.state as string | null;
    const offered: (MusicPopupEvent | ChartOutcome)[] = [
      { type: 'user.connect' },
      { type: 'fetchAuthUrl.done', output: { authUrl: 'stand-in', state: attempt } },
      { type: 'fetchAuthUrl.error', error: new Error('500') },
      {
        type: 'popup.message',
        origin: appOrigin,
        data: { type: SPOTIFY_AUTH_SUCCESS, state, tokens: { access_token: 'stand-in' } },
      },
      {
        type: 'popup.message',
        origin: appOrigin,
        data: { type: SPOTIFY_AUTH_ERROR, state, error: 'access_denied' },
      },
      { type: 'popup.closed' },
      { type: 'popup.blocked' },
      { type: 'fetchTaste.done', output: { displayName: STAND_IN_DISPLAY_NAME, artists: [] } },
      { type: 'fetchTaste.error', error: new Error('500') },
    ];
    return offered;
  },
});

type Held = 'auth-url' | 'taste';
interface Ctx {
  page: Page;
  popup: Page | null;
  held: Record<Held, Route[]>;
  /** A connection made earlier on this step: the status keeps showing it (see endedQuietly). */
  connected: boolean;
}

const connect = (page: Page) => page.getByRole('button', { name: /^(Re)?[Cc]onnect Spotify$/ });
const waiting = 'Finish connecting in the Spotify window.';

/** Lets the held calls of `kind` through, or answers them 500; waits for one to be there. */
async function release(ctx: Ctx, kind: Held, outcome: 'server' | 'fail'): Promise<void> {
  await expect
    .poll(() => ctx.held[kind].length, { message: `${kind} was asked for` })
    .toBeGreaterThan(0);
  // The taste is two calls (profile and top artists); wait for both when both go through.
  if (kind === 'taste' && outcome === 'server') {
    await expect.poll(() => ctx.held.taste.length).toBe(2);
  }
  for (const route of ctx.held[kind].splice(0)) {
    if (outcome === 'server') await route.continue();
    else
      await route.fulfill({
        status: 500,
        json: { error: 'stand-in', message: 'Model test failure' },
      });
  }
}

/**
 * A reconnect that was cancelled or blocked: its sentence, or, when an earlier connection stands,
 * that connection (the step shows what is connected rather than the attempt that was dropped).
 */
async function endedQuietly(ctx: Ctx, sentence: string): Promise<void> {
  await expect(connect(ctx.page)).toBeEnabled();
  if (ctx.connected) {
    await expect(ctx.page.getByText(`Connected as ${STAND_IN_DISPLAY_NAME}`)).toBeVisible();
    await expect(ctx.page.getByText(sentence, { exact: false })).toHaveCount(0);
  } else {
    await expect(ctx.page.getByText(sentence, { exact: false })).toBeVisible();
  }
}

const busy = async ({ page }: Ctx) => {
  await expect(connect(page)).toBeDisabled();
  await expect(page.getByText(waiting)).toHaveCount(0);
};

const ui: ChartUi<Ctx, EventObject> = {
  start: async (ctx) => {
    const { page } = ctx;
    await page.route(
      (url) => url.pathname === '/api/spotify/auth-url',
      (route) => void ctx.held['auth-url'].push(route),
    );
    await page.route(
      (url) => /^\/api\/spotify\/(user-profile|top-artists)$/.test(url.pathname),
      (route) => void ctx.held.taste.push(route),
    );
    await page.goto('/onboarding');
    const next = page.getByRole('button', { name: 'Next' });
    await next.click();
    await page
      .locator('label')
      .filter({ has: page.getByRole('radio', { name: '36-45' }) })
      .click();
    await next.click();
    await page
      .locator('label')
      .filter({ has: page.getByRole('checkbox', { name: /Young kids/ }) })
      .click();
    await next.click();
    await expect(page.getByRole('heading', { name: 'What music do you enjoy?' })).toBeVisible();
  },
  states: {
    idle: async ({ page }) => {
      await expect(page.getByRole('button', { name: 'Connect Spotify' })).toBeEnabled();
      await expect(page.getByText(waiting)).toHaveCount(0);
    },
    fetchingAuthUrl: busy,
    authorizing: async (ctx) => {
      await expect(ctx.page.getByText(waiting)).toBeVisible();
      await expect(connect(ctx.page)).toBeDisabled();
      if (ctx.popup === null) throw new Error('authorizing, yet no popup opened');
      await expect(ctx.popup.getByRole('heading', { name: 'Stand-in Spotify' })).toBeVisible();
    },
    fetchingTaste: busy,
    connected: async ({ page }) => {
      await expect(page.getByText(`Connected as ${STAND_IN_DISPLAY_NAME}`)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Reconnect Spotify' })).toBeEnabled();
    },
    failed: async ({ page }) => {
      await expect(page.getByRole('alertdialog')).toContainText(SPOTIFY_FAILURE_MESSAGE);
    },
    cancelled: async (ctx) => endedQuietly(ctx, 'Spotify connection cancelled'),
    blocked: async (ctx) => endedQuietly(ctx, 'Your browser blocked the Spotify window.'),
  },
  // window.open answering null: the app says so in the same moment it asks.
  immediate: (event) => event.type === 'popup.blocked',
  events: {
    'user.connect': async ({ page }) => {
      const alert = page.getByRole('alertdialog');
      if ((await alert.count()) > 0) {
        // The failure's alert is closed first, as a person would.
        await alert.getByRole('button').first().click();
        await expect(alert).toHaveCount(0);
      }
      await connect(page).click();
    },
    'fetchAuthUrl.done': async (ctx, _event, _before, next) => {
      if (next?.type === 'popup.blocked') {
        await ctx.page.evaluate(() => {
          const open = window.open;
          window.open = () => {
            window.open = open;
            return null;
          };
        });
        await release(ctx, 'auth-url', 'server');
        return;
      }
      const opened = ctx.page.waitForEvent('popup');
      await release(ctx, 'auth-url', 'server');
      ctx.popup = await opened;
    },
    'fetchAuthUrl.error': async (ctx) => release(ctx, 'auth-url', 'fail'),
    'popup.blocked': async () => {
      // Arranged by the fetchAuthUrl.done before it (the popup is asked for on entering authorizing).
    },
    'popup.message': async (ctx, event) => {
      const { data } = event as unknown as { data: { type: string } };
      const popup = ctx.popup;
      if (popup === null) throw new Error('no popup is open');
      const closed = popup.waitForEvent('close');
      await popup
        .getByRole('button', { name: data.type === SPOTIFY_AUTH_SUCCESS ? 'Agree' : 'Cancel' })
        .click();
      // The callback page posts its message and closes the popup.
      await closed;
      ctx.popup = null;
    },
    'popup.closed': async (ctx) => {
      await ctx.popup?.close();
      ctx.popup = null;
    },
    'fetchTaste.done': async (ctx) => {
      await release(ctx, 'taste', 'server');
      ctx.connected = true;
    },
    'fetchTaste.error': async (ctx) => release(ctx, 'taste', 'fail'),
  },
};

const nameEvent = (event: EventObject) => {
  const e = event as MusicPopupEvent;
  if (e.type !== 'popup.message') return e.type;
  const data = e.data as { type: string };
  return data.type === SPOTIFY_AUTH_SUCCESS ? 'popup.message(Agree)' : 'popup.message(Cancel)';
};

test.describe('musicPopup chart on the Music step', () => {
  test.describe.configure({ mode: 'serial' });
  const walked: (typeof plan.paths)[number]['path'][] = [];
  test.afterAll(() => {
    console.log(coverageReport(musicPopupMachine, walked, plan.paths.length));
  });

  test('every state and event of the chart has a UI mapping, and the paths cover the chart', () => {
    expect(mappingGaps(plan, ui)).toEqual([]);
    expect([...plan.states.missing, ...plan.transitions.missing]).toEqual([]);
  });

  for (const planned of plan.paths) {
    test(describeSteps(planned.path, nameEvent), async ({ page, allowConsoleError }) => {
      allowConsoleError(/^Spotify connection failed/);
      allowConsoleError(/status of 500/);
      const ctx: Ctx = { page, popup: null, held: { 'auth-url': [], taste: [] }, connected: false };
      await walkPath(ctx, plan.machineId, ui, planned, (title, body) => test.step(title, body));
      walked.push(planned.path);
    });
  }
});
