import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { storageKeys } from '../src/domain/constants.ts';
import { createAccountWithProfile, signInThroughUi, someEventId } from './accounts.ts';
import {
  type Credentials,
  expect,
  saveScreenshotsInBothThemes,
  saveViewportScreenshotsInBothThemes,
  test,
} from './fixtures.ts';

/*
 * docs/product.md#spec-2-profile, 4 "Push notifications toggle", 8 (sign-out failure, connected accounts), 9
 * (push on by default). Every test uses an account of its own with a profile (e2e/accounts.ts):
 * the shared signed-in worker account must never get one, and one test deletes its account.
 */

const homeHeading = { level: 1, name: 'What should we do today?' } as const;

async function signInToProfile(page: Page, account: Credentials): Promise<void> {
  await page.goto('/auth');
  await signInThroughUi(page, account);
  await expect(page.getByRole('heading', homeHeading)).toBeVisible();
  // Through the app, as a person would: the avatar menu's Profile.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
}

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** Presses a switch on its label, as a finger does (the label is part of the switch). */
const pressSwitch = (scope: Page | Locator, name: string) =>
  scope.getByText(name, { exact: true }).click();

test('shows the name, email, location, family preferences and genres of the profile', async ({
  page,
  request,
  checkPage,
}) => {
  test.slow();
  const account = await createAccountWithProfile(request, 'profile');
  await signInToProfile(page, account);

  // An email account has no display name: the profile's stored name stands in.
  const identity = region(page, 'Rivera Family');
  await expect(identity).toContainText(account.email);
  await expect(identity).toContainText('Location: San Francisco, CA');
  const preferences = region(page, 'Family Preferences');
  const family = preferences.getByRole('list', { name: 'Family' }).getByRole('listitem');
  await expect(family).toHaveCount(1);
  await expect(family).toContainText('Young kids (0-8 years)');
  await expect(preferences.getByRole('list', { name: 'Music' }).getByRole('listitem')).toHaveText([
    'Pop',
  ]);
  await expect(preferences.getByRole('link', { name: 'Edit preferences' })).toHaveAttribute(
    'href',
    '/profile/edit',
  );
  await expect(page.getByRole('switch', { name: 'Family Mode' })).toBeChecked();
  // This device's Web Push (issue 34): off until the family turns it on here.
  await expect(page.getByRole('switch', { name: 'Push Notifications' })).not.toBeChecked();
  await checkPage();
  await saveScreenshotsInBothThemes(page, 'profile');
});

test("Family Mode on the profile is the header's Family Safe switch", async ({ page, request }) => {
  const account = await createAccountWithProfile(request, 'profile-mode');
  await signInToProfile(page, account);
  const familyMode = page.getByRole('switch', { name: 'Family Mode' });
  const header = page.getByRole('banner');
  await pressSwitch(page.getByRole('main'), 'Family Mode');
  await expect(familyMode).not.toBeChecked();
  await expect(header.getByRole('switch', { name: 'All Events' })).not.toBeChecked();

  await pressSwitch(header, 'All Events');
  await expect(familyMode).toBeChecked();
  await expect(header.getByRole('switch', { name: 'Family Safe 18 & Under' })).toBeChecked();
});

test('My Calendar says when nothing is saved, and downloads the saved events as .ics', async ({
  page,
  request,
}) => {
  const account = await createAccountWithProfile(request, 'profile-calendar');
  await signInToProfile(page, account);
  await page.getByRole('button', { name: 'My Calendar' }).click();
  await expect(
    page.getByText('Nothing saved yet: tap the heart on an event to keep it.'),
  ).toBeVisible();

  const eventId = await someEventId(request);
  // Saved from another screen earlier; the app restores the list from storage on start.
  await page.evaluate(({ key, ids }) => localStorage.setItem(key, JSON.stringify(ids)), {
    key: storageKeys.savedEvents,
    ids: [eventId],
  });
  await page.reload();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'My Calendar' }).click();
  await expect(page.getByText('Exporting saved events to calendar...')).toBeVisible();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('famjam-saved-events.ics');
  const text = readFileSync(await download.path(), 'utf8');
  expect(text).toContain('BEGIN:VCALENDAR');
  expect(text).toContain(`UID:${eventId}@famjam`);
});

test('Quick Actions: Saved Events opens the saved list', async ({ page, request }) => {
  const account = await createAccountWithProfile(request, 'profile-saved');
  await signInToProfile(page, account);
  await page.getByRole('link', { name: 'Saved Events' }).click();
  await expect(page).toHaveURL(/\/saved$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Saved Events' })).toBeVisible();
});

test('Connected Accounts only announce that they are coming soon', async ({ page, request }) => {
  const account = await createAccountWithProfile(request, 'profile-services');
  await signInToProfile(page, account);
  const services = region(page, 'Connected Accounts');
  for (const service of ['Spotify', 'Apple Music', 'Ticketmaster']) {
    await services.getByRole('button', { name: `Connect ${service}` }).click();
    const alert = page.getByRole('alertdialog');
    await expect(alert).toContainText(`${service} integration coming soon!`);
    if (service === 'Spotify')
      await saveViewportScreenshotsInBothThemes(page, 'profile-coming-soon');
    await alert.getByRole('button', { name: 'OK' }).click();
    await expect(alert).toHaveCount(0);
  }
  await expect(page).toHaveURL(/\/profile$/);
});

test('Sign Out goes to the sign-in screen', async ({ page, request }) => {
  const account = await createAccountWithProfile(request, 'profile-out');
  await signInToProfile(page, account);
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
});

test('Delete account asks first, then deletes it: signing in again fails', async ({
  page,
  request,
  allowConsoleError,
}) => {
  test.slow();
  // docs/product.md#spec-8: a failed sign-in is logged; the browser also logs the emulator's 400.
  allowConsoleError(/Sign-in failed|status of 400/);
  const account = await createAccountWithProfile(request, 'profile-delete');
  await signInToProfile(page, account);

  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
  await expect(dialog).toContainText(
    'This deletes your FamJam profile, your saved events, the polls you created, your event suggestions (events already published stay), your profile photo and your sign-in.',
  );
  await saveViewportScreenshotsInBothThemes(page, 'profile-delete-confirm');
  // Cancel first: nothing happens.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);

  await page.getByRole('button', { name: 'Delete account' }).click();
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();

  // The API no longer knows the profile...
  const lookup = await request.get(`/api/users/by-email/${encodeURIComponent(account.email)}`, {
    headers: { authorization: `Bearer ${account.idToken}` },
  });
  expect(lookup.status()).toBeGreaterThanOrEqual(400);
  // ...and the sign-in is gone too.
  await signInThroughUi(page, account);
  // (The toast region is an alertdialog too: the alert is the one with the message.)
  const alert = page
    .getByRole('alertdialog')
    .filter({ hasText: "That email and password don't match an account." });
  await expect(alert).toBeVisible();
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/auth$/);
});

test('an uploaded profile photo shows on the profile and in the header avatar', async ({
  page,
  request,
}) => {
  const account = await createAccountWithProfile(request, 'profile-photo');
  // A 1x1 PNG, as onboarding's Complete step would upload after resizing.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  const upload = await request.post('/api/me/photo', {
    headers: { authorization: `Bearer ${account.idToken}`, 'content-type': 'image/png' },
    data: png,
  });
  expect(upload.status(), await upload.text()).toBe(200);
  await signInToProfile(page, account);
  await expect(region(page, 'Rivera Family').getByTestId('avatar').locator('img')).toHaveAttribute(
    'src',
    /^blob:/,
  );
  await expect(
    page.getByRole('button', { name: 'Account menu' }).getByTestId('avatar').locator('img'),
  ).toHaveAttribute('src', /^blob:/);
});
