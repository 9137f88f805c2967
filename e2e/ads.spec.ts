import { expect, test } from './fixtures.ts';

/*
 * docs/product.md#spec-1: ad slots from an ad service. The suite must never load real ad code: the e2e
 * stack runs without an ads configuration, whatever the developer's environment holds.
 */

const adHosts = /(^|\.)(googlesyndication\.com|doubleclick\.net|adtrafficquality\.google)$/;

test('the test stack serves no ads configuration and the page asks no ad host for anything', async ({
  page,
  context,
  request,
  visit,
}) => {
  const adRequests: string[] = [];
  context.on('request', (sent) => {
    if (adHosts.test(new URL(sent.url()).hostname)) adRequests.push(sent.url());
  });

  const config = await request.get('/api/config');
  expect(config.ok()).toBe(true);
  expect((await config.json()).ads).toBeNull();

  await visit('/auth');
  // Ad code would load after load and an idle moment: wait for one before looking.
  await page.evaluate(
    () => new Promise((resolve) => requestIdleCallback(() => resolve(null), { timeout: 3000 })),
  );
  expect(adRequests).toEqual([]);
  await expect(page.getByRole('complementary', { name: 'Advertisement' })).toHaveCount(0);
});
