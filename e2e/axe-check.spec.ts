import { expect, expectAccessible, test } from './fixtures.ts';

/*
 * The suite's accessibility check (fixtures.ts runAxe) runs axe-core inside the page itself: this
 * proves it still sees what it is there to catch, so a broken injection cannot pass every page.
 */
test('the axe check fails a page with a button that has no name, and names the rule', async ({
  page,
  visit,
}) => {
  await visit('/privacy-policy');
  await page.evaluate(() => {
    const nameless = document.createElement('button');
    nameless.dataset.testid = 'nameless';
    document.querySelector('main')?.append(nameless);
  });
  const failure = await expectAccessible(page).then(
    () => null,
    (error: unknown) => String(error),
  );
  expect(failure).toContain('button-name');
  await page.evaluate(() => document.querySelector('[data-testid="nameless"]')?.remove());
});
