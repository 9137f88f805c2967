import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { createAccountWithProfile, makeOperator, signInThroughUi } from './accounts.ts';
import {
  type Credentials,
  expect,
  saveScreenshotsInBothThemes,
  signedOutContext,
  test,
} from './fixtures.ts';

/*
 * Issue 20, section 2, end to end: a family suggests an event with a photo, an operator
 * publishes it, and it appears on Search with its photo. The operator is an account given the
 * Firebase custom claim `operator: true` through the Auth emulator's admin API (what the Admin
 * SDK's setCustomUserClaims does), so the e2e stack's configuration stays as it is.
 */

/** A 1200 x 800 photo as a phone would send it: a JPEG with a sky and a lawn. */
async function eventPhoto(): Promise<Buffer> {
  const sky = await sharp({
    create: { width: 1200, height: 800, channels: 3, background: { r: 120, g: 190, b: 240 } },
  })
    .composite([
      {
        input: await sharp({
          create: { width: 1200, height: 300, channels: 3, background: { r: 70, g: 160, b: 80 } },
        })
          .png()
          .toBuffer(),
        top: 500,
        left: 0,
      },
    ])
    .jpeg({ quality: 85 })
    .toBuffer();
  return sky;
}

/** A day a week from now, as the date field takes it. */
function nextWeek(): string {
  return new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
}

async function signIn(page: Page, credentials: Credentials): Promise<void> {
  await page.goto('/auth');
  await signInThroughUi(page, credentials);
  await expect(
    page.getByRole('heading', { level: 1, name: 'What should we do today?' }),
  ).toBeVisible();
}

test('a family suggests an event with a photo, an operator publishes it, it is on Search with its photo', async ({
  browser,
  page,
  request,
  checkPage,
}) => {
  test.setTimeout(180_000);
  const title = `Bubble Picnic ${Date.now().toString(36)}`;
  const family = await createAccountWithProfile(request, 'suggester');
  const operator = await createAccountWithProfile(request, 'operator');
  await makeOperator(request, operator.idToken);

  // The family: Profile, 'Suggest an event', the form with a photo.
  await signIn(page, family);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Profile' })
    .click();
  const suggested = page.getByRole('region', { name: 'Suggested Events' });
  await expect(suggested.getByText('Events you suggest show here')).toBeVisible();
  // Not an operator: no link to the operator screen.
  await expect(page.getByRole('link', { name: 'Operator screen' })).toHaveCount(0);
  await suggested.getByRole('link', { name: 'Suggest an event' }).click();
  await expect(page).toHaveURL(/\/suggest$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Suggest an event' })).toBeVisible();
  await checkPage();
  await saveScreenshotsInBothThemes(page, 'suggest-form');

  const form = page.getByRole('form', { name: 'Suggest an event' });
  await form.getByRole('textbox', { name: 'Event name' }).fill(title);
  await form
    .getByRole('textbox', { name: 'Description (optional)' })
    .fill('Bubbles, blankets and a picnic on the lawn.');
  await form.getByLabel('Date').fill(nextWeek());
  await form.getByLabel('Start time').fill('10:30');
  await form.getByRole('textbox', { name: 'Venue' }).fill('Dolores Park');
  await form.getByRole('textbox', { name: 'Street address (optional)' }).fill('19th & Dolores St');
  await form.getByRole('textbox', { name: 'Town or ZIP code' }).fill('San Francisco, CA');
  await form.getByRole('textbox', { name: 'Price (optional)' }).fill('Free');
  // Ages for children are what put it in Family Mode, which this family has on.
  await form.getByRole('textbox', { name: 'Youngest age' }).fill('2');
  await form.getByRole('textbox', { name: 'Oldest age' }).fill('10');
  // The chip is the radio's label, as a person taps it.
  await form.getByRole('radiogroup', { name: 'Category' }).getByText('Pop-Up Events').click();
  await expect(form.getByRole('radio', { name: 'Pop-Up Events' })).toBeChecked();
  const chooser = page.waitForEvent('filechooser');
  await form.getByRole('button', { name: 'Choose a picture' }).click();
  await (await chooser).setFiles({
    name: 'bubbles.jpg',
    mimeType: 'image/jpeg',
    buffer: await eventPhoto(),
  });
  await expect(form.getByRole('img', { name: 'Chosen: bubbles.jpg' })).toBeVisible();
  await form.getByRole('button', { name: 'Send for review' }).click();

  const done = page.getByRole('status').filter({ hasText: 'Thank you!' });
  await expect(done).toContainText(`We got “${title}”`);
  await expect(done.getByText('Waiting for review')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await saveScreenshotsInBothThemes(page, 'suggest-sent');
  await done.getByRole('link', { name: 'Back to Profile' }).click();
  const mine = page.getByRole('list', { name: 'Your suggestions' });
  await expect(mine.getByRole('listitem').filter({ hasText: title })).toContainText(
    'Waiting for review',
  );
  await saveScreenshotsInBothThemes(page, 'suggest-profile-waiting');

  // The operator, in a browser of their own: Profile links to the operator screen.
  const operatorContext = await signedOutContext(browser);
  const operatorPage = await operatorContext.newPage();
  await signIn(operatorPage, operator);
  await operatorPage.goto('/profile');
  await operatorPage.getByRole('link', { name: 'Operator screen' }).click();
  await expect(operatorPage).toHaveURL(/\/operator$/);
  const card = operatorPage.getByRole('article', { name: title });
  await expect(card).toContainText('Dolores Park');
  // The family's photo, served re-encoded from FamJam's own origin.
  const preview = card.locator('picture img');
  await expect
    .poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  // Below the sources, the server's timed work: the poller that imported the stand-in feed.
  await expect(operatorPage.getByRole('heading', { level: 2, name: 'Timed work' })).toBeVisible();
  await expect(operatorPage.getByRole('article', { name: 'Source polling' })).toBeVisible();
  await saveScreenshotsInBothThemes(operatorPage, 'operator-screen');
  await card.getByRole('button', { name: `Publish ${title}` }).click();
  await expect(operatorPage.getByRole('article', { name: title })).toHaveCount(0);
  await operatorContext.close();

  // Search finds it, with its photo rather than the category drawing.
  await page.goto(`/search?q=${encodeURIComponent(title)}`);
  const result = page.getByRole('article').filter({ hasText: title });
  await expect(result).toBeVisible();
  const photo = result.locator('picture img');
  await expect(photo).toHaveAttribute('src', /^\/pictures\/[0-9a-f]{64}\//);
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await saveScreenshotsInBothThemes(page, 'suggest-search-result');

  // And the family's profile says Published.
  await page.goto('/profile');
  await expect(
    page.getByRole('list', { name: 'Your suggestions' }).getByRole('listitem').filter({
      hasText: title,
    }),
  ).toContainText('Published');
});
