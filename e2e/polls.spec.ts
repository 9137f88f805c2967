import type { Browser, Page } from '@playwright/test';
import type { Poll } from '../contract/polls.ts';
import {
  type Credentials,
  createAccountThroughUi,
  type Emulator,
  expect,
  newCredentials,
  saveScreenshotsInBothThemes,
  signedOutContext,
  signedInTest as test,
} from './fixtures.ts';
import { serveGapiStandIn } from './gapi-stand-in.ts';

/*
 * Issue 8 "Family polls": a poll is created by one account and answered by another through its
 * share link; counts reach the creator's open page within seconds; once the creator closes it,
 * everyone sees the result and nobody can vote. The creator is the worker's signed-in account
 * (signedInTest); the voter signs up fresh in a browser context of their own.
 */

async function signUp(page: Page, credentials: Credentials): Promise<void> {
  await page.goto('/auth');
  await createAccountThroughUi(page, credentials);
  await expect(page).toHaveURL(/\/onboarding$/);
}

/**
 * A second person: their own browser context (own Firebase session), signed up fresh, with the
 * profile onboarding would post (without one, every page would send them to onboarding).
 */
async function secondPerson(browser: Browser, emulator: Emulator): Promise<Page> {
  // Signed out: otherwise the "second person" would be the creator again.
  const context = await signedOutContext(browser);
  await serveGapiStandIn(context);
  const page = await context.newPage();
  const credentials = newCredentials('poll-voter');
  await signUp(page, credentials);
  const created = await page.request.post('/api/users', {
    headers: { authorization: `Bearer ${await emulator.idToken(credentials)}` },
    data: {
      email: credentials.email,
      name: 'Voter Family',
      familySituation: 'young_kids',
      musicPreferences: ['Pop'],
      location: 'San Francisco, CA',
    },
  });
  expect(created.status(), await created.text()).toBeLessThan(300);
  return page;
}

test('a poll shared by link is voted on by another account, then closed by its creator', async ({
  page,
  browser,
  emulator,
  visit,
  signedInCredentials,
}) => {
  const token = await emulator.idToken(signedInCredentials);
  const created = await page.request.post('/api/polls', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      title: 'Where to for Sunday lunch?',
      description: 'The grandparents are coming too.',
      options: ['Tacos', 'Pizza', 'Dim sum'],
    },
  });
  expect(created.status()).toBe(201);
  const poll = (await created.json()) as Poll;

  await visit(`/poll/${poll.id}`);
  await expect(page.getByRole('heading', { level: 1, name: poll.title })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Pizza 0 votes · 0%' })).toBeVisible();

  const voter = await secondPerson(browser, emulator);
  await voter.goto(`/poll/${poll.id}`);
  await expect(voter.getByRole('heading', { level: 1, name: poll.title })).toBeVisible();
  // Not theirs: no way to close or delete it.
  await expect(voter.getByRole('button', { name: 'Close poll' })).toHaveCount(0);
  // react-aria keeps the input itself visually hidden: a person taps the option's card.
  await voter.getByText('Pizza', { exact: true }).click();
  await expect(voter.getByRole('radio', { name: 'Pizza Your vote 1 vote · 100%' })).toBeChecked();

  // The creator's page, left open, catches up by itself within a few seconds.
  await expect(page.getByRole('radio', { name: 'Pizza 1 vote · 100%' })).toBeVisible({
    timeout: 6000,
  });
  await saveScreenshotsInBothThemes(page, 'poll-open');

  await page.getByRole('button', { name: 'Close poll' }).click();
  await page
    .getByRole('dialog', { name: 'Close this poll?' })
    .getByRole('button', { name: 'Close poll' })
    .click();
  const result = page.getByRole('region', { name: 'Result' });
  await expect(result).toContainText('Pizza Winner');
  await expect(page.getByRole('radio')).toHaveCount(0);
  await saveScreenshotsInBothThemes(page, 'poll-closed');

  // The voter sees the result without reloading, and has nothing left to vote with.
  await expect(voter.getByRole('region', { name: 'Result' })).toContainText(
    'This poll is closed and takes no more votes.',
    { timeout: 6000 },
  );
  await expect(voter.getByRole('radio')).toHaveCount(0);
  await voter.context().close();
});

test('a link to a poll that does not exist says so, with a way home', async ({
  page,
  visit,
  allowConsoleError,
}) => {
  // The API's 404 for the missing poll is the answer the page expects.
  allowConsoleError(/Failed to load resource: the server responded with a status of 404/);
  await visit('/poll/AAAAAAAAAAAAAAAAAAAAAA');
  await expect(
    page.getByRole('heading', { name: "This poll doesn't exist or was deleted" }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Go Home' }).click();
  await expect(page).toHaveURL(/\/(onboarding)?$/);
});
