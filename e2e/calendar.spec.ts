import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import ICAL from 'ical.js';
import type { Event } from '../contract/events.ts';
import { createAccountWithProfile, signInThroughUi } from './accounts.ts';
import {
  emptySavedList,
  expect,
  expectAccessibleInBothThemes,
  listedEvents,
  saveScreenshotsInBothThemes,
  saveViewportScreenshotsInBothThemes,
  seedSavedList,
  signedInTest,
  test,
} from './fixtures.ts';

/*
 * Saved's calendar actions: Export to Calendar (a real .ics download) and the private feed
 * (Subscribe in your calendar, Reset link). The export needs only the list on the device, so it
 * runs as the worker's shared account. The feed reads the list the server holds, which needs a
 * FamJam profile: that test makes its own account with one (the shared account must never get
 * a profile, see e2e/fixtures.ts) and lets the app's sync bring the list down at sign-in.
 */

/** Upcoming events with a start time: their entries are the 2-hour ones (date-only are all-day). */
async function timedEvents(request: APIRequestContext, count: number): Promise<Event[]> {
  const timed = (await listedEvents(request, 40))
    .filter((event) => event.time !== '')
    .slice(0, count);
  expect(timed).toHaveLength(count);
  return timed;
}

/** The VEVENTs of an iCalendar text, as a calendar app would read them. */
function vevents(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
}

signedInTest.afterEach(({ page }) => emptySavedList(page));

signedInTest(
  'Export to Calendar downloads the saved events as an .ics file',
  async ({ page, request, visit }) => {
    signedInTest.slow();
    const [first, second] = await timedEvents(request, 2);
    if (!first || !second) throw new Error('the seed has upcoming events');
    await seedSavedList(page, [second.id, first.id]);
    await visit('/saved');
    await expect(page.getByText('2 event(s) saved', { exact: true })).toBeVisible();
    await saveScreenshotsInBothThemes(page, 'saved-calendar-actions');

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export to Calendar' }).click();
    await expect(page.getByText('Exporting saved events to calendar...')).toBeVisible();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('famjam-saved-events.ics');
    const text = readFileSync(await download.path(), 'utf8');
    const events = vevents(text);
    expect(events.map((event) => event.uid)).toEqual([`${second.id}@famjam`, `${first.id}@famjam`]);
    expect(events.map((event) => event.summary)).toEqual([second.title, first.title]);
    for (const [index, event] of events.entries()) {
      const saved = [second, first][index];
      expect(event.startDate.toJSDate().toISOString()).toBe(saved?.date);
      expect(event.startDate.zone?.tzid).toBe(saved?.timeZone);
      expect(event.endDate.toJSDate().getTime() - event.startDate.toJSDate().getTime()).toBe(
        2 * 60 * 60 * 1000,
      );
      expect(event.location).toContain(saved?.venue);
    }
  },
);

test('Subscribe shows the private feed, which serves the saved events; Reset link replaces it', async ({
  page,
  request,
  visit,
}) => {
  test.slow();
  const [first, second] = await timedEvents(request, 2);
  if (!first || !second) throw new Error('the seed has upcoming events');
  // Saved on "another device": the server holds the list, this browser has none yet.
  const account = await createAccountWithProfile(request, 'feed');
  const saved = await request.put('/api/me/saved', {
    headers: { authorization: `Bearer ${account.idToken}` },
    data: { ids: [first.id, second.id] },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  await page.goto('/saved');
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fsaved$/);
  await signInThroughUi(page, account);
  await expect(page).toHaveURL(/\/saved$/);
  await expect(page.getByText('2 event(s) saved', { exact: true })).toBeVisible();
  await visit('/saved');

  await page.getByRole('button', { name: 'Subscribe in your calendar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Subscribe in your calendar' });
  const field = dialog.getByRole('textbox', { name: 'Private calendar link' });
  await expect(field).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  const url = await field.inputValue();
  await expect(dialog.getByRole('link', { name: 'Open in calendar app' })).toHaveAttribute(
    'href',
    url.replace(/^https?:/, 'webcal:'),
  );
  await expect(dialog).toContainText('Anyone with this link can see your saved events.');
  await expectAccessibleInBothThemes(page, 'the Subscribe dialog');
  await saveViewportScreenshotsInBothThemes(page, 'saved-subscribe');

  // What a calendar app gets from the link: no token, just the URL.
  const feed = await request.get(url);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  expect(vevents(await feed.text()).map((event) => event.uid)).toEqual([
    `${first.id}@famjam`,
    `${second.id}@famjam`,
  ]);

  await dialog.getByRole('button', { name: 'Reset link' }).click();
  const question = dialog.getByRole('group', { name: 'Reset the calendar link?' });
  await expect(question).toContainText('Calendars subscribed with the current link stop updating');
  await saveViewportScreenshotsInBothThemes(page, 'saved-subscribe-reset');
  await question.getByRole('button', { name: 'Reset link' }).click();
  await expect(field).not.toHaveValue(url);
  await expect(field).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  const newUrl = await field.inputValue();
  await expect(
    page.getByText('Your calendar link was reset. Subscribe again with the new link.'),
  ).toBeVisible();

  expect((await request.get(url)).status()).toBe(404);
  const renewed = await request.get(newUrl);
  expect(renewed.status()).toBe(200);
  expect(vevents(await renewed.text())).toHaveLength(2);
});
