import type { Browser, Page, Request, Route } from '@playwright/test';
import type { EventObject } from 'xstate';
import type { UserRecord } from '../../contract/user.ts';
import { EmailNotVerifiedError, onboardingMachine } from '../../machines/onboarding.ts';
import { expect, signedOutContext, signedInTest as test } from '../fixtures.ts';
import { type ChartStart, describeSteps, planChartPaths } from './chartPaths.ts';
import { type ChartUi, coverageReport, mappingGaps, walkPath } from './driveChart.ts';

/*
 * machines/onboarding.ts on its three routes (docs/machines/README.md, "Model-based e2e"):
 * /onboarding signed in (the worker's account), /test-onboarding signed out, and /profile/edit
 * for a family with a profile. The worker's account keeps the profile its fixture gave it (other
 * specs share it), so the profile calls are answered by the test: the chart's saveProfile.done
 * with the record the server would return, .error with a 500 or the API's 403
 * "email_not_verified". The Auth emulator's calls behind 'Resend email' and "I've verified it"
 * are held the same way; "verified" is the emulator's own answer with emailVerified set.
 */

const starts = {
  signedIn: { name: 'signed in, /onboarding', input: { mode: 'create', postsProfile: true } },
  signedOut: {
    name: 'signed out, /test-onboarding',
    input: { mode: 'create', postsProfile: false },
  },
  editing: {
    name: 'a profile, /profile/edit',
    input: {
      mode: 'edit',
      postsProfile: true,
      answers: { familyGroups: ['young_kids'], genres: ['Pop'], location: 'San Francisco, CA' },
    },
  },
} satisfies Record<string, ChartStart>;

// The screen's sentences (src/features/onboarding/OnboardingScreen.tsx), as a person reads them.
const PROFILE_CREATE_FAILED = 'There was an error creating your profile. Please try again.';
const STILL_UNVERIFIED = /^Your email address isn't verified yet\./;
const VERIFICATION_CHECK_FAILED = /^We couldn't check your verification right now\./;

const serverError = new Error('500');
const plan = planChartPaths({
  machine: onboardingMachine,
  starts: Object.values(starts),
  maxSteps: 30,
  events: (): EventObject[] => [
    { type: 'user.next' },
    { type: 'user.back' },
    { type: 'user.chooseAge', ageRange: '36-45' } as EventObject,
    { type: 'user.toggleGroup', id: 'young_kids' } as EventObject,
    { type: 'user.toggleGenre', genre: 'Jazz' } as EventObject,
    { type: 'user.setLocation', location: 'Oakland, CA' } as EventObject,
    { type: 'user.setLocation', location: '' } as EventObject,
    { type: 'user.resend' },
    { type: 'user.checkVerified' },
    { type: 'saveProfile.done', output: { id: 'model' } } as EventObject,
    { type: 'saveProfile.error', error: serverError } as EventObject,
    { type: 'saveProfile.error', error: new EmailNotVerifiedError('unverified') } as EventObject,
    { type: 'resendVerification.done', output: undefined } as EventObject,
    { type: 'resendVerification.error', error: serverError } as EventObject,
    { type: 'checkVerified.done', output: true } as EventObject,
    { type: 'checkVerified.done', output: false } as EventObject,
    { type: 'checkVerified.error', error: serverError } as EventObject,
  ],
});

type Held = 'profile' | 'resend' | 'lookup';
interface Ctx {
  page: Page;
  email: string;
  held: Record<Held, Route[]>;
  /** Firebase's account lookups are held only while "I've verified it" runs. */
  holdLookups: boolean;
}

const record = (email: string, body: Partial<UserRecord>): UserRecord => ({
  id: 'model-e2e-user',
  email,
  name: 'Rivera Family',
  familySituation: 'young_kids',
  musicPreferences: ['Pop'],
  musicArtists: [],
  location: 'San Francisco, CA',
  photoUpdatedAt: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  ...body,
});

const isProfileWrite = (request: Request) => {
  const { pathname } = new URL(request.url());
  return (
    (request.method() === 'POST' && pathname === '/api/users') ||
    (request.method() === 'PUT' && pathname === '/api/users/me')
  );
};

async function holdCalls(ctx: Ctx): Promise<void> {
  const { page } = ctx;
  await page.route(
    (url) => url.pathname === '/api/users' || url.pathname === '/api/users/me',
    async (route) => {
      if (isProfileWrite(route.request())) ctx.held.profile.push(route);
      else await route.fallback();
    },
  );
  await page.route(/accounts:sendOobCode/, (route) => void ctx.held.resend.push(route));
  await page.route(/accounts:lookup/, async (route) => {
    if (ctx.holdLookups) ctx.held.lookup.push(route);
    else await route.fallback();
  });
}

async function waitHeld(ctx: Ctx, kind: Held): Promise<Route[]> {
  await expect
    .poll(() => ctx.held[kind].length, { message: `${kind} was asked for` })
    .toBeGreaterThan(0);
  return ctx.held[kind].splice(0);
}

/** An alert the transition raised: its text, then closed as a person would. */
async function closeAlert(page: Page, text: string | RegExp): Promise<void> {
  // By its name: a toast (also an alertdialog) may be showing beside it.
  const alert = page.getByRole('alertdialog', { name: text });
  await expect(alert).toBeVisible();
  await alert.getByRole('button').first().click();
  await expect(alert).toHaveCount(0);
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const tick = (page: Page, role: 'radio' | 'checkbox', name: string | RegExp) =>
  page
    .locator('label')
    .filter({ has: page.getByRole(role, { name }) })
    .click();

const ui: ChartUi<Ctx, EventObject> = {
  start: async (ctx, start) => {
    await holdCalls(ctx);
    if (start.name === starts.editing.name) {
      // A family with a profile: the gate's lookup finds one.
      await ctx.page.route(
        (url) => url.pathname.startsWith('/api/users/by-email/'),
        (route) => route.fulfill({ json: record(ctx.email, {}) }),
      );
      await ctx.page.goto('/profile/edit');
    } else {
      await ctx.page.goto(
        start.name === starts.signedOut.name ? '/test-onboarding' : '/onboarding',
      );
    }
  },
  states: {
    start: async () => {
      throw new Error('start is left before the first render (always): nothing to see');
    },
    welcome: async ({ page }) => {
      await expect(heading(page, "Welcome! Let's set up your FamJam")).toBeVisible();
    },
    age: async ({ page }, snapshot) => {
      await expect(heading(page, "What's your age range?")).toBeVisible();
      const radio = page.getByRole('radio', { name: '36-45' });
      if (snapshot.context.ageRange === '36-45') await expect(radio).toBeChecked();
      else await expect(radio).not.toBeChecked();
    },
    family: async ({ page }, snapshot) => {
      await expect(heading(page, 'Who are you exploring with?')).toBeVisible();
      const box = page.getByRole('checkbox', { name: /Young kids/ });
      if (snapshot.context.familyGroups.includes('young_kids')) await expect(box).toBeChecked();
      else await expect(box).not.toBeChecked();
    },
    music: async ({ page }, snapshot) => {
      await expect(heading(page, 'What music do you enjoy?')).toBeVisible();
      const box = page.getByRole('checkbox', { name: 'Jazz', exact: true });
      if (snapshot.context.genres.includes('Jazz')) await expect(box).toBeChecked();
      else await expect(box).not.toBeChecked();
    },
    location: async ({ page }, snapshot) => {
      await expect(heading(page, 'Where are you based?')).toBeVisible();
      await expect(page.getByRole('combobox', { name: 'Your city or ZIP code' })).toHaveValue(
        snapshot.context.location,
      );
      await expect(page.getByRole('button', { name: /^(Complete Setup|Save)$/ })).toBeVisible();
    },
    saving: async ({ page }) => {
      await expect(page.getByRole('button', { name: /^(Complete Setup|Save)$/ })).toBeDisabled();
      await expect(page.getByRole('button', { name: 'Back' })).toBeDisabled();
    },
    verifyEmail: async ({ page, email }) => {
      await expect(heading(page, 'Check your inbox')).toBeVisible();
      await expect(page.getByText(`The link goes to ${email}.`)).toBeVisible();
    },
    'verifyEmail.waiting': async ({ page }) => {
      await expect(page.getByRole('button', { name: "I've verified it" })).toBeEnabled();
      await expect(page.getByRole('button', { name: 'Resend email' })).toBeEnabled();
    },
    'verifyEmail.resending': async ({ page }) => {
      await expect(page.getByRole('button', { name: 'Resend email' })).toBeDisabled();
    },
    'verifyEmail.checking': async ({ page }) => {
      await expect(page.getByRole('button', { name: "I've verified it" })).toBeDisabled();
    },
    complete: async ({ page }) => {
      await expect(heading(page, "You're all set!")).toBeVisible();
      await expect(page.getByRole('button', { name: "Let's Find Adventures!" })).toBeVisible();
    },
    saved: async ({ page }) => {
      await expect(page).toHaveURL(/\/profile$/);
      await expect(page.getByText('Preferences saved', { exact: true })).toBeVisible();
    },
  },
  events: {
    'user.next': async ({ page }) => {
      await page.getByRole('button', { name: /^(Next|Complete Setup|Save)$/ }).click();
    },
    'user.back': async ({ page }) => {
      await page.getByRole('button', { name: 'Back' }).click();
    },
    'user.chooseAge': async ({ page }) => tick(page, 'radio', '36-45'),
    'user.toggleGroup': async ({ page }) => tick(page, 'checkbox', /Young kids/),
    'user.toggleGenre': async ({ page }) => tick(page, 'checkbox', 'Jazz'),
    'user.setLocation': async ({ page }, event) => {
      const box = page.getByRole('combobox', { name: 'Your city or ZIP code' });
      const { location } = event as unknown as { location: string };
      if (location === '') {
        await box.fill('');
        return;
      }
      await box.fill('Oakland');
      await page.getByRole('option', { name: location }).click();
    },
    'saveProfile.done': async (ctx) => {
      for (const route of await waitHeld(ctx, 'profile')) {
        const body = route.request().postDataJSON() as Partial<UserRecord>;
        await route.fulfill({ json: record(ctx.email, body) });
      }
    },
    'saveProfile.error': async (ctx, event, before) => {
      const { error } = event as unknown as { error: unknown };
      const unverified = error instanceof EmailNotVerifiedError;
      for (const route of await waitHeld(ctx, 'profile')) {
        await route.fulfill(
          unverified
            ? {
                status: 403,
                json: { error: 'email_not_verified', message: 'Verify your email address first.' },
              }
            : { status: 500, json: { error: 'internal', message: 'Model test failure' } },
        );
      }
      if (!unverified) {
        await closeAlert(
          ctx.page,
          // Editing, the API's own sentence is shown.
          before.context.mode === 'edit' ? 'Model test failure' : PROFILE_CREATE_FAILED,
        );
      }
    },
    'user.resend': async ({ page }) => {
      await page.getByRole('button', { name: 'Resend email' }).click();
    },
    'resendVerification.done': async (ctx) => {
      for (const route of await waitHeld(ctx, 'resend')) await route.continue();
      await expect(ctx.page.getByText('Verification email sent', { exact: true })).toBeVisible();
    },
    'resendVerification.error': async (ctx) => {
      for (const route of await waitHeld(ctx, 'resend')) {
        await route.fulfill({
          status: 400,
          json: { error: { code: 400, message: 'TOO_MANY_ATTEMPTS_TRY_LATER' } },
        });
      }
      await closeAlert(ctx.page, /auth\/too-many-requests/);
    },
    'user.checkVerified': async (ctx) => {
      ctx.holdLookups = true;
      await ctx.page.getByRole('button', { name: "I've verified it" }).click();
    },
    'checkVerified.done': async (ctx, event) => {
      const verified = (event as unknown as { output: boolean }).output;
      const routes = await waitHeld(ctx, 'lookup');
      ctx.holdLookups = false;
      for (const route of routes) {
        if (!verified) {
          await route.continue();
          continue;
        }
        // The link was opened elsewhere: the emulator's account, verified.
        const response = await route.fetch();
        const body = (await response.json()) as { users?: { emailVerified?: boolean }[] };
        for (const user of body.users ?? []) user.emailVerified = true;
        await route.fulfill({ response, json: body });
      }
      if (!verified) await closeAlert(ctx.page, STILL_UNVERIFIED);
    },
    'checkVerified.error': async (ctx) => {
      const routes = await waitHeld(ctx, 'lookup');
      ctx.holdLookups = false;
      for (const route of routes)
        await route.fulfill({ status: 500, json: { error: { code: 500, message: 'INTERNAL' } } });
      await closeAlert(ctx.page, VERIFICATION_CHECK_FAILED);
    },
  },
};

const nameEvent = (event: EventObject) => {
  const e = event as unknown as {
    type: string;
    error?: unknown;
    output?: unknown;
    location?: string;
  };
  if (e.type === 'saveProfile.error')
    return `saveProfile.error(${e.error instanceof EmailNotVerifiedError ? 'unverified' : '500'})`;
  if (e.type === 'checkVerified.done')
    return `checkVerified.done(${e.output ? 'verified' : 'not yet'})`;
  if (e.type === 'user.setLocation') return `user.setLocation(${e.location || 'blank'})`;
  return e.type;
};

/** A context of its own without the worker's session, for /test-onboarding. */
async function signedOutPage(browser: Browser): Promise<Page> {
  return (await signedOutContext(browser)).newPage();
}

test.describe('onboarding chart on its routes', () => {
  test.describe.configure({ mode: 'serial' });
  const walked: (typeof plan.paths)[number]['path'][] = [];
  test.afterAll(() => {
    console.log(coverageReport(onboardingMachine, walked, plan.paths.length));
  });

  test('every state and event of the chart has a UI mapping; the paths cover it but the always step', () => {
    expect(mappingGaps(plan, ui)).toEqual([]);
    // `start` only chooses the first step (always), before anything renders.
    expect(plan.states.missing).toEqual(['onboarding.start']);
    expect(plan.transitions.missing).toEqual([]);
  });

  for (const planned of plan.paths) {
    test(`${planned.start.name}: ${describeSteps(planned.path, nameEvent)}`, async ({
      page: workerPage,
      browser,
      signedInCredentials,
      allowConsoleError,
    }) => {
      allowConsoleError(/status of (400|403|500)/);
      // The profile the test answered with is not on the server: the account's own lists (saved
      // events, notifications) that a profile starts syncing answer 404 there.
      allowConsoleError(/status of 404 \(Not Found\)$/);
      allowConsoleError(/^Saving the profile failed/);
      allowConsoleError(/^Checking the email verification failed/);
      const signedOut = planned.start.name === starts.signedOut.name;
      const page = signedOut ? await signedOutPage(browser) : workerPage;
      const ctx: Ctx = {
        page,
        email: signedInCredentials.email,
        held: { profile: [], resend: [], lookup: [] },
        holdLookups: false,
      };
      await walkPath(ctx, plan.machineId, ui, planned, (title, body) => test.step(title, body));
      if (signedOut) await page.context().close();
      walked.push(planned.path);
    });
  }
});
