import type { APIRequestContext, Page } from '@playwright/test';
import { createAccountWithProfile, signInThroughUi } from './accounts.ts';
import { expect, listedEvents, saveScreenshotsInBothThemes, test } from './fixtures.ts';
import { serveGapiStandIn } from './gapi-stand-in.ts';

/*
 * Saved events follow a signed-in user from device to device (issue 9, Saved: "saving on the
 * phone shows on the laptop"): two browser contexts signed in as one account with a profile.
 */

const homeHeading = { level: 1, name: 'What should we do today?' } as const;

async function signInAtHome(page: Page, account: { email: string; password: string }) {
  await page.goto('/auth');
  await signInThroughUi(page, account);
  await expect(page.getByRole('heading', homeHeading)).toBeVisible();
}

const picks = (page: Page) => page.getByRole('region', { name: 'FamJam Picks', exact: true });

/** Resolves when the page has written the saved list through to the API. */
const savedListWritten = (page: Page) =>
  page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/me/saved' &&
      response.request().method() === 'PUT' &&
      response.ok(),
  );

async function serverList(request: APIRequestContext, idToken: string): Promise<unknown> {
  const response = await request.get('/api/me/saved', {
    headers: { authorization: `Bearer ${idToken}` },
  });
  expect(response.status()).toBe(200);
  return response.json();
}

test('a save on the phone shows on the laptop, and an unsave there shows on the phone', async ({
  page: phone,
  browser,
  request,
  checkPage,
}) => {
  test.slow();
  const account = await createAccountWithProfile(request);
  await signInAtHome(phone, account);
  await checkPage();

  const laptopContext = await browser.newContext({ baseURL: process.env.BASE_URL });
  await serveGapiStandIn(laptopContext);
  const laptop = await laptopContext.newPage();
  const laptopProblems: string[] = [];
  // The suite blocks service workers (playwright.config.ts), which Playwright and the app's
  // registration both report as warnings: not the laptop's problem.
  const workerBlocked = /Service Worker registration blocked|Service worker registration failed/;
  laptop.on('console', (message) => {
    if (workerBlocked.test(message.text())) return;
    if (message.type() === 'error' || message.type() === 'warning') {
      laptopProblems.push(`${message.type()}: ${message.text()}`);
    }
  });
  laptop.on('pageerror', (error) => laptopProblems.push(`uncaught ${error.message}`));
  await signInAtHome(laptop, account);

  // The phone saves the pick of the day with its heart.
  const saveOnPhone = picks(phone).getByRole('button', { name: /^Save / });
  const title = ((await saveOnPhone.getAttribute('aria-label')) ?? '').replace(/^Save /, '');
  expect(title).not.toBe('');
  const phoneWrote = savedListWritten(phone);
  await saveOnPhone.click();
  await expect(
    picks(phone).getByRole('button', { name: `Remove ${title} from saved` }),
  ).toBeVisible();
  await phoneWrote;
  const { ids } = (await serverList(request, account.idToken)) as { ids: string[] };
  expect(ids).toHaveLength(1);

  // The laptop, open all along, shows it saved after a reload.
  await laptop.reload();
  await expect(laptop.getByRole('heading', homeHeading)).toBeVisible();
  const removeOnLaptop = picks(laptop).getByRole('button', { name: `Remove ${title} from saved` });
  await expect(removeOnLaptop).toBeVisible();
  await saveScreenshotsInBothThemes(laptop, 'saved-sync-laptop');

  // Unsaved on the laptop...
  const laptopWrote = savedListWritten(laptop);
  await removeOnLaptop.click();
  await expect(picks(laptop).getByRole('button', { name: `Save ${title}` })).toBeVisible();
  await laptopWrote;
  expect(await serverList(request, account.idToken)).toEqual({ ids: [] });

  // ...is unsaved on the phone after a reload, though the phone's own storage still listed it.
  await phone.reload();
  await expect(phone.getByRole('heading', homeHeading)).toBeVisible();
  await expect(picks(phone).getByRole('button', { name: `Save ${title}` })).toBeVisible();
  await expect(
    picks(phone).getByRole('button', { name: `Remove ${title} from saved` }),
  ).toHaveCount(0);
  // And the phone did not put it back on the server.
  await phone.waitForLoadState('networkidle');
  expect(await serverList(request, account.idToken)).toEqual({ ids: [] });

  expect(laptopProblems, 'the laptop page logged errors or warnings').toEqual([]);
  await laptopContext.close();
});

test('a save made while the API is down is kept and sent with the next change', async ({
  page,
  request,
  allowConsoleError,
}) => {
  // Chrome logs the failed PUT as a console error; the app itself only warns.
  allowConsoleError(/status of 503/);
  const account = await createAccountWithProfile(request);
  await signInAtHome(page, account);

  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.route('**/api/me/saved', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ error: 'unavailable', message: 'Try again later' }),
        })
      : route.continue(),
  );

  const save = picks(page).getByRole('button', { name: /^Save / });
  const title = ((await save.getAttribute('aria-label')) ?? '').replace(/^Save /, '');
  await save.click();
  const remove = picks(page).getByRole('button', { name: `Remove ${title} from saved` });
  await expect(remove).toBeVisible();
  await expect.poll(() => warnings.join('\n')).toContain('Could not sync saved events');
  // No error dialog: the heart simply stays saved on this device.
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  expect(await serverList(request, account.idToken)).toEqual({ ids: [] });

  // The API is back; the next change sends the whole list.
  await page.unroute('**/api/me/saved');
  const wrote = savedListWritten(page);
  await remove.click();
  await save.click();
  await wrote;
  await expect
    .poll(async () => ((await serverList(request, account.idToken)) as { ids: string[] }).ids)
    .toHaveLength(1);
});

test('on a new device Saved shows placeholders, not "No saved events yet", until the synced list answers', async ({
  page,
  request,
  checkPage,
}) => {
  const account = await createAccountWithProfile(request);
  const [event] = await listedEvents(request, 1);
  if (!event) throw new Error('the seeded stack has no upcoming event');
  const put = await request.put('/api/me/saved', {
    headers: { authorization: `Bearer ${account.idToken}` },
    data: { ids: [event.id] },
  });
  expect(put.status()).toBe(200);

  // The account's saved list, held on its way until the test lets it go.
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = false;
  await page.route('**/api/me/saved', async (route) => {
    if (route.request().method() === 'GET') {
      held = true;
      await released;
    }
    await route.continue();
  });

  await signInAtHome(page, account);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Saved' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Saved Events' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading saved events' })).toBeVisible();
  await expect.poll(() => held).toBe(true);
  await expect(page.getByText('No saved events yet')).toHaveCount(0);

  release();
  await expect(
    page.getByRole('list', { name: 'Saved events' }).getByRole('heading', { name: event.title }),
  ).toBeVisible();
  await expect(page.getByText('No saved events yet')).toHaveCount(0);
  await checkPage();
});
