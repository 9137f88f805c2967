import { DEFAULT_NOTIFICATION_COUNT } from '../src/domain/constants.ts';
import { createAccountWithProfile, signInThroughUi } from './accounts.ts';
import { expect, saveViewportScreenshotsInBothThemes, test } from './fixtures.ts';

/*
 * The bell's count is real (issue 10): a new account starts with docs/product.md#spec-9's 3 (a welcome and two
 * tips); opening the list marks them read, and the badge stays at 0 after a reload. Its own
 * account with a profile: the shared signed-in worker account never gets one.
 */

test('a new account has 3 notifications; opening the list reads them and the badge goes', async ({
  page,
  request,
  checkPage,
}) => {
  test.slow();
  const account = await createAccountWithProfile(request, 'bell');
  await page.goto('/auth');
  await signInThroughUi(page, account);
  await expect(
    page.getByRole('heading', { level: 1, name: 'What should we do today?' }),
  ).toBeVisible();

  const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName(`Notifications, ${DEFAULT_NOTIFICATION_COUNT} new`);
  await expect(page.getByTestId('notification-badge')).toHaveText(
    String(DEFAULT_NOTIFICATION_COUNT),
  );
  await checkPage();

  const read = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/me/notifications/read' && response.ok(),
  );
  await bell.click();
  const dialog = page.getByRole('dialog', { name: 'Notifications' });
  const items = dialog.getByRole('list', { name: 'Notifications' }).getByRole('listitem');
  await expect(items).toHaveCount(DEFAULT_NOTIFICATION_COUNT);
  // Newest first: the welcome and two tips, each unread while the list shows them.
  for (const item of await items.all()) await expect(item).toContainText('Unread:');
  await expect(items.filter({ hasText: /welcome/i })).toHaveCount(1);
  await read;
  await saveViewportScreenshotsInBothThemes(page, 'notifications-list');

  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(bell).toHaveAccessibleName('Notifications');
  await expect(page.getByTestId('notification-badge')).toHaveCount(0);

  // After a reload the list is asked for again: the server remembers it was read.
  const listed = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/me/notifications' && response.ok(),
  );
  await page.reload();
  await listed;
  await expect(bell).toHaveAccessibleName('Notifications');
  await expect(page.getByTestId('notification-badge')).toHaveCount(0);

  // Notification History on the profile opens the same list, now read.
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Notification History' }).click();
  const history = page.getByRole('dialog', { name: 'Notifications' });
  await expect(history.getByRole('listitem')).toHaveCount(DEFAULT_NOTIFICATION_COUNT);
  await expect(history).not.toContainText('Unread:');
  await saveViewportScreenshotsInBothThemes(page, 'notifications-history');
});
