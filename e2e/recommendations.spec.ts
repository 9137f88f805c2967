import type { APIRequestContext, Page } from '@playwright/test';
import { createAccountWithProfile, signInThroughUi } from './accounts.ts';
import { expect, saveViewportScreenshotsInBothThemes, test } from './fixtures.ts';

/*
 * Issue 11, "Concerts matched to the family's taste": Home's 'Because you like {genre}' row.
 * Each test has its own account with a profile (the signedInTest worker account must never get
 * one), given a taste through PUT /api/users/me as Edit preferences would.
 */

const homeHeading = { level: 1, name: 'What should we do today?' } as const;
const becauseYouLike = (page: Page) => page.getByRole('heading', { name: /^Because you like / });

/** A signed-in family whose profile likes `taste`, on Home. */
async function signInLiking(
  page: Page,
  request: APIRequestContext,
  taste: { musicPreferences: string[]; musicArtists?: string[] },
) {
  const account = await createAccountWithProfile(request, 'taste');
  const updated = await request.put('/api/users/me', {
    headers: { authorization: `Bearer ${account.idToken}` },
    data: {
      name: 'Rivera Family',
      familySituation: 'young_kids',
      location: 'San Francisco, CA',
      ...taste,
    },
  });
  expect(updated.status(), await updated.text()).toBe(200);
  // The row's answer, whatever it holds: waited for so "no row" is a fact, not a race.
  const answered = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/me/recommendations',
  );
  await page.goto('/auth');
  await signInThroughUi(page, account);
  await expect(page.getByRole('heading', homeHeading)).toBeVisible();
  expect((await answered).status()).toBe(200);
}

test("a family that likes Classical sees 'Because you like Classical' under the picks and opens one", async ({
  page,
  request,
  checkPage,
}) => {
  // The seed's family-friendly classical concerts near San Francisco (Symphony Storytime, the
  // Youth Orchestra, on every day's seed since 2026-11-29): family mode is on by default, so
  // they are what the row can show.
  await signInLiking(page, request, { musicPreferences: ['Classical'] });
  const row = page.getByRole('region', { name: 'Because you like Classical' });
  await expect(row).toBeVisible();
  const cards = row.getByRole('article');
  await expect(cards.first()).toBeVisible();
  const titles = await cards.getByRole('heading', { level: 3 }).allTextContents();
  expect(titles.length).toBeGreaterThan(0);
  // Each card says why: the genre's words in its title or the tags it shows.
  for (const card of await cards.all()) {
    await expect(card).toContainText(/classical|orchestra|symphony|philharmonic/i);
  }
  // Under FamJam Picks, in the page's order of sections.
  const sections = await page.getByRole('heading', { level: 2 }).allTextContents();
  expect(sections.indexOf('Because you like Classical')).toBe(sections.indexOf('FamJam Picks') + 1);
  await checkPage();
  await row.scrollIntoViewIfNeeded();
  await saveViewportScreenshotsInBothThemes(page, 'recommendations-home-row');

  const [first] = titles;
  await cards.first().getByRole('link', { name: first }).click();
  await expect(page).toHaveURL(/\/event\//);
  await expect(page.getByRole('heading', { level: 1, name: 'Event Details' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: first })).toBeVisible();
});

test('a family whose taste matches nothing near them sees no such row', async ({
  page,
  request,
}) => {
  await signInLiking(page, request, {
    musicPreferences: [],
    musicArtists: ['The Nobody Plays Here Band'],
  });
  await expect(page.getByRole('heading', { level: 2, name: 'FamJam Picks' })).toBeVisible();
  await expect(becauseYouLike(page)).toHaveCount(0);
});
