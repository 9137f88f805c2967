import { expect, test } from './fixtures.ts';

/* docs/product.md#spec-1: the legal pages, readable signed out. */

test('the privacy policy is readable signed out', async ({ page, visit }) => {
  await visit('/privacy-policy');
  await expect(page).toHaveURL(/\/privacy-policy$/);
  await expect(page.getByRole('heading', { level: 1, name: /Privacy Policy/ })).toBeVisible();
  await expect(page.getByText('January 15, 2025').first()).toBeVisible();
  const children = page.getByRole('region', { name: /Children's Privacy/ });
  await expect(children).toContainText(
    'We do not knowingly collect personal information from children under 13',
  );
  await expect(children).toContainText(/parental consent/);
  await expect(page.getByText(/third-party ad service/).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /support@famjam\.app/ }).first()).toBeVisible();
  await expect(page.getByText(/FamJam, Inc\./).first()).toBeVisible();
});

test('the terms of service are readable signed out', async ({ page, visit }) => {
  await visit('/terms-of-service');
  await expect(page).toHaveURL(/\/terms-of-service$/);
  await expect(page.getByRole('heading', { level: 1, name: /Terms of Service/ })).toBeVisible();
  await expect(page.getByText('January 15, 2025').first()).toBeVisible();
  await expect(
    page.getByText(/come from organisers, venues, ticketing services and other third parties/),
  ).toBeVisible();
});

test('the footer links lead from one legal page to the other', async ({
  page,
  visit,
  checkPage,
}) => {
  await visit('/privacy-policy');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms' }).click();
  await expect(page).toHaveURL(/\/terms-of-service$/);
  await checkPage();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
  await expect(page).toHaveURL(/\/privacy-policy$/);
});
