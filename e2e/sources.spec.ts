import type { SourceList } from '../contract/operator.ts';
import { STAND_IN_FEED_EVENT, STAND_IN_NEW_LISTING } from '../server/test/feedStandIn.ts';
import {
  createAccountWithProfile,
  freshIdToken,
  makeOperator,
  serverSavedIds,
  signInThroughUi,
} from './accounts.ts';
import { expect, saveViewportScreenshotsInBothThemes, test } from './fixtures.ts';
import { middayZone, pushesReceived, standInPushDevice } from './pushDevice.ts';

/*
 * Issue 20, section 1, end to end: a saved event is cancelled at its source, and the family sees
 * it on Saved and in the bell (and, issue 34, on its phone by push; then a new listing matches
 * the search it watches, and it is told once, by push and in the bell). The e2e stack registers a family calendar feed on loopback as a
 * source (scripts/e2e-stack.ts, server/test/feedStandIn.ts), which the server's poller imports
 * at start. Here the festival is saved, the feed cancels it, and an operator runs the source
 * (what the poller does on its own at the source's next interval).
 */

const title = STAND_IN_FEED_EVENT.title;

// The family's phone keeps a zone where it is midday now, so its pushes are not held for the
// night's quiet hours whenever the suite runs (issue 34).
// Push needs the service worker, which the suite blocks elsewhere.
test.use({ timezoneId: middayZone(), serviceWorkers: 'allow' });

/**
 * How the bell names the festival's day (server/services/notifications.ts): its weekday when it
 * is within the coming week in the event's zone, else 'Dec 5'. Read from the event as served,
 * not recomputed from the clock, so a test that runs past midnight after the stack started
 * still expects the day the feed gave.
 */
function festivalDayWord(event: { date: string; timeZone: string }, now: Date): string {
  const localDay = (instant: Date) =>
    Date.parse(new Intl.DateTimeFormat('en-CA', { timeZone: event.timeZone }).format(instant));
  const starts = new Date(event.date);
  const days = Math.round((localDay(starts) - localDay(now)) / 86_400_000);
  const format: Intl.DateTimeFormatOptions =
    days >= 0 && days < 7 ? { weekday: 'long' } : { month: 'short', day: 'numeric' };
  return new Intl.DateTimeFormat('en-US', { ...format, timeZone: event.timeZone }).format(starts);
}

test('a saved event its source cancels is on Saved, in the bell and in a push; a new listing a watched search finds is told once', async ({
  page,
  request,
}) => {
  test.slow();
  const [family, operator] = await Promise.all([
    createAccountWithProfile(request, 'festival'),
    createAccountWithProfile(request, 'feed-operator'),
  ]);
  await makeOperator(request, operator.idToken);
  // A token issued after the claim was set carries it.
  const operatorToken = await freshIdToken(request, operator);
  const listed = await request.get('/api/operator/sources', {
    headers: { authorization: `Bearer ${operatorToken}` },
  });
  expect(listed.ok(), await listed.text()).toBe(true);
  const { sources } = (await listed.json()) as SourceList;
  const source = sources.find((candidate) => candidate.name === 'Stand-in family calendar');
  if (!source) throw new Error('the e2e stack registered no stand-in feed');
  const feedOrigin = new URL(source.url).origin;
  // The feed as it was when the stack started: the festival is on.
  expect((await request.post(`${feedOrigin}/control/restore`)).ok()).toBe(true);

  // Issue 34: this phone may show notifications, and its push service is the loopback stand-in.
  const device = `festival-${family.email}`;
  await standInPushDevice(page, request, device);
  await page.goto('/auth');
  await signInThroughUi(page, family);
  await expect(
    page.getByRole('heading', { level: 1, name: 'What should we do today?' }),
  ).toBeVisible();

  // The family turns push on in Profile (the permission is asked on this tap).
  await page.goto('/profile');
  // The app registers its service worker once the page is idle; push subscribes through it.
  await page.evaluate(() => navigator.serviceWorker.ready);
  const pushSwitch = page.getByRole('switch', { name: 'Push Notifications' });
  await expect(pushSwitch).not.toBeChecked();
  await pushSwitch.click();
  await expect(pushSwitch).toBeChecked();
  await expect(
    page.getByRole('group', { name: 'Notify me about' }).getByRole('switch', {
      name: 'Changes to saved events',
    }),
  ).toBeChecked();

  // The poller imported the feed at start: the festival is on Search, and the family saves it.
  await page.goto('/search');
  await page.getByRole('searchbox', { name: 'Search events' }).fill(title);
  const card = page.getByRole('article', { name: title, exact: true });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: `Save ${title}` }).click();
  await expect(card.getByRole('button', { name: `Remove ${title} from saved` })).toBeVisible();
  // The save has reached the server before the source changes: the bell announces only what
  // changed after the family saved (server/services/notifications.ts). A CI run cancelled first,
  // on a busy machine, and the bell rightly said nothing.
  await expect.poll(() => serverSavedIds(request, family.idToken)).toHaveLength(1);
  const [festivalId = ''] = await serverSavedIds(request, family.idToken);
  const festival = (await (
    await request.get(`/api/events/${encodeURIComponent(festivalId)}`)
  ).json()) as { date: string; timeZone: string };

  // The feed cancels it; the source runs (the operator's Run now).
  expect((await request.post(`${feedOrigin}/control/cancel`)).ok()).toBe(true);
  const run = await request.post(`/api/operator/sources/${source.id}/run`, {
    headers: { authorization: `Bearer ${operatorToken}` },
  });
  expect(run.ok(), await run.text()).toBe(true);
  expect(await run.json()).toMatchObject({ lastOutcome: 'ok', cancelled: 1 });

  // Saved says so on the card.
  await page.goto('/saved');
  const saved = page.getByRole('list', { name: 'Saved events' });
  const savedCard = saved.getByRole('article', { name: `${title} Cancelled` });
  await expect(savedCard).toBeVisible();
  await expect(savedCard.getByText('Cancelled', { exact: true })).toBeVisible();

  // And the bell.
  await page.reload();
  const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName(/^Notifications, \d+ new$/);
  await bell.click();
  const dialog = page.getByRole('dialog', { name: 'Notifications' });
  await expect(
    dialog.getByText(`${title} on ${festivalDayWord(festival, new Date())} was cancelled`),
  ).toBeVisible();
  await saveViewportScreenshotsInBothThemes(page, 'notifications-cancelled');

  // And the phone: the push job (every 2 s in the e2e stack) sent it once, with the bell's words
  // and the event's address, which opens the details.
  await expect
    .poll(async () => (await pushesReceived(request, device)).map((push) => push.title), {
      timeout: 30_000,
    })
    .toEqual([`${title} on ${festivalDayWord(festival, new Date())} was cancelled`]);
  const [push] = await pushesReceived(request, device);
  expect(push?.path).toBe(`/event/${encodeURIComponent(festivalId)}`);
  await page.goto(push?.path ?? '/');
  const details = page.getByRole('article', { name: title });
  await expect(details.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await expect(details.getByText('Cancelled: it will not take place')).toBeVisible();

  // Issue 34, a search that watches: the family asks to hear of new tide-pool events near them.
  await page.goto('/search?q=tide%20pool');
  await page.getByRole('button', { name: 'Tell me about new events like this' }).click();
  await expect(page.getByText('Watching "tide pool"')).toBeVisible();
  // The feed lists a new one; the source runs, and its new event is checked against the
  // watched searches with Search's own rules.
  expect((await request.post(`${feedOrigin}/control/add-listing`)).ok()).toBe(true);
  const listedRun = await request.post(`/api/operator/sources/${source.id}/run`, {
    headers: { authorization: `Bearer ${operatorToken}` },
  });
  expect(listedRun.ok(), await listedRun.text()).toBe(true);
  expect(await listedRun.json()).toMatchObject({ lastOutcome: 'ok', added: 1 });
  // The phone hears of it once, and so does the bell.
  await expect
    .poll(
      async () =>
        (await pushesReceived(request, device)).filter((push) =>
          push.title.startsWith('New for “tide pool”'),
        ),
      { timeout: 30_000 },
    )
    .toEqual([
      expect.objectContaining({ title: `New for “tide pool”: ${STAND_IN_NEW_LISTING.title}` }),
    ]);
  await page.goto('/saved');
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Notifications/ })
    .click();
  await expect(
    page.getByRole('dialog', { name: 'Notifications' }).getByText('New event for "tide pool"'),
  ).toHaveCount(1);

  // The feed lists it as on again: the next run brings it back for everyone.
  expect((await request.post(`${feedOrigin}/control/restore`)).ok()).toBe(true);
  const again = await request.post(`/api/operator/sources/${source.id}/run`, {
    headers: { authorization: `Bearer ${operatorToken}` },
  });
  expect(again.ok(), await again.text()).toBe(true);
});
