import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { createAccountWithProfile, signInThroughUi } from './accounts.ts';
import { expect, saveViewportScreenshotsInBothThemes, signOutThroughUi, test } from './fixtures.ts';
import { pushesReceived, standInPushDevice, zoneAtHour } from './pushDevice.ts';

/*
 * Issue 34 in the browser, on the real server: Profile's push switch and its kinds, the weekly
 * email (sent now, read from the stack's outbox, its links opened), Search's watch button and the
 * watched searches in Profile. The browser's push service is the one stand-in (e2e/pushDevice.ts);
 * the push that reaches a phone for a cancelled event is in e2e/sources.spec.ts, whose feed it
 * needs.
 */

test.use({ serviceWorkers: 'allow' });

async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/auth');
  await signInThroughUi(page, account);
  await expect(
    page.getByRole('heading', { level: 1, name: 'What should we do today?' }),
  ).toBeVisible();
}

async function openSettings(page: Page) {
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  // Push subscribes through the service worker the app registers once the page is idle.
  await page.evaluate(() => navigator.serviceWorker.ready);
}

test('Profile: push on this device and its kinds, kept by the server', async ({
  page,
  request,
}) => {
  test.slow();
  const account = await createAccountWithProfile(request, 'outreach-push');
  await standInPushDevice(page, request, `profile-${account.email}`);
  await signIn(page, account);
  await openSettings(page);

  const push = page.getByRole('switch', { name: 'Push Notifications' });
  await expect(push).not.toBeChecked();
  await push.click();
  const kinds = page.getByRole('group', { name: 'Notify me about' });
  await expect(kinds).toBeVisible();
  await expect(push).toBeChecked();
  const reminders = kinds.getByRole('switch', { name: 'Reminders the day before' });
  await expect(reminders).toBeChecked();
  // The switch answers at once; the reload waits until the server has the change (on a busy
  // machine the reload otherwise came first and cancelled it).
  const saved = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/me/outreach' &&
      response.request().method() === 'PUT',
  );
  await reminders.click();
  await expect(reminders).not.toBeChecked();
  expect((await saved).ok()).toBe(true);

  // Another visit reads it all back from the server and this device.
  await page.reload();
  await expect(push).toBeChecked();
  await expect(reminders).not.toBeChecked();
  await expect(kinds.getByRole('switch', { name: 'Changes to saved events' })).toBeChecked();
  const settings = await request.get('/api/me/outreach', {
    headers: { authorization: `Bearer ${account.idToken}` },
  });
  expect(await settings.json()).toMatchObject({
    push: { reminders: false, changes: true },
    pushDevices: 1,
  });
  await page.evaluate(() =>
    document.getElementById('profile-settings')?.scrollIntoView({ block: 'start' }),
  );
  await saveViewportScreenshotsInBothThemes(page, 'outreach-settings');

  // Signing out takes this device's push with the family: the next person gets none of it.
  await signOutThroughUi(page);
  await expect(page).toHaveURL(/\/auth/);
  await expect
    .poll(async () => {
      const answer = await request.get('/api/me/outreach', {
        headers: { authorization: `Bearer ${account.idToken}` },
      });
      return ((await answer.json()) as { pushDevices: number }).pushDevices;
    })
    .toBe(0);
  await signIn(page, account);
  await openSettings(page);
  await expect(push).not.toBeChecked();
  await push.click();
  await expect(kinds).toBeVisible();

  // Off again: this device unsubscribes, and the server forgets it.
  await push.click();
  await expect(push).not.toBeChecked();
  await expect
    .poll(async () => {
      const answer = await request.get('/api/me/outreach', {
        headers: { authorization: `Bearer ${account.idToken}` },
      });
      return ((await answer.json()) as { pushDevices: number }).pushDevices;
    })
    .toBe(0);
});

test('Profile: notifications blocked in this browser say so in words', async ({
  page,
  request,
}) => {
  const account = await createAccountWithProfile(request, 'outreach-denied');
  await page.addInitScript(() => {
    Object.defineProperty(Notification, 'permission', { get: () => 'denied' });
  });
  await signIn(page, account);
  await openSettings(page);
  await expect(
    page.getByText(
      'Notifications are blocked for FamJam in this browser. Allow them in the site settings, then try again.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Push Notifications' })).not.toBeChecked();
  await page.evaluate(() =>
    document.getElementById('profile-settings')?.scrollIntoView({ block: 'start' }),
  );
  await saveViewportScreenshotsInBothThemes(page, 'outreach-denied');
});

/** The newest email the stack wrote to its outbox (it has no SMTP server) for `address`. */
async function newestEmailTo(address: string) {
  const dataDir = process.env.FAMJAM_E2E_DATA_DIR;
  if (!dataDir) throw new Error('the e2e stack named no data directory');
  const outbox = join(dataDir, 'outbox');
  const files = (await readdir(outbox).catch(() => [])).sort().reverse();
  for (const file of files) {
    const email = await simpleParser(await readFile(join(outbox, file)));
    const to = Array.isArray(email.to) ? email.to : email.to ? [email.to] : [];
    if (to.some((entry) => entry.value.some((box) => box.address === address))) return email;
  }
  return null;
}

test("the weekly email: turned on, this week's sent now, its event link opens that event, and one click unsubscribes", async ({
  page,
  request,
}) => {
  test.slow();
  const account = await createAccountWithProfile(request, 'outreach-email');
  await signIn(page, account);
  await openSettings(page);
  const weekly = page.getByRole('switch', { name: 'Weekly email' });
  await weekly.click();
  await expect(weekly).toBeChecked();
  await expect(
    page.getByText('Picked with Family Safe on, at the usual distance, as last set in the app.'),
  ).toBeVisible();
  // Family Safe is a setting of the device; turned off here, the email follows it.
  const familyMode = page.getByRole('switch', { name: 'Family Mode' });
  const choiceSent = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/me/outreach') && response.request().method() === 'PUT',
  );
  await familyMode.click();
  await expect(familyMode).not.toBeChecked();
  expect((await choiceSent).status()).toBe(200);
  const choices = page.getByText(
    'Picked with Family Safe off, at the usual distance, as last set in the app.',
  );
  await expect(choices).toBeVisible();
  await choices.scrollIntoViewIfNeeded();
  await saveViewportScreenshotsInBothThemes(page, 'outreach-weekly-email');
  const sending = page.waitForResponse('**/api/me/outreach/weekly-email-preview');
  await page.getByRole('button', { name: "Send me this week's email now" }).click();
  const answer = await sending;
  expect(answer.status(), await answer.text()).toBe(200);
  // The seed has events every weekend near San Francisco: something is always on.
  await expect(page.getByText('Sent to your email')).toBeVisible();

  await expect.poll(() => newestEmailTo(account.email)).not.toBeNull();
  const email = await newestEmailTo(account.email);
  expect(email?.subject).toMatch(/^This weekend for your family: \d+ events? near San Francisco/);
  expect(email?.text).toContain('You are getting this because you turned on the weekly email');
  expect(email?.text).toContain('Family Safe is off, so events for adults are included.');
  const html = typeof email?.html === 'string' ? email.html : '';
  // The first event it lists, as a family would tap it: the same event, in the app.
  const link = /href="([^"]+\/event\/[^"]+)"[^>]*>([^<]+)</.exec(html);
  if (!link?.[1] || !link[2]) throw new Error('the email links to no event');
  const [, href, linkText] = link;
  await page.goto(new URL(href).pathname);
  await expect(
    page.getByRole('heading', { level: 2, name: linkText.replaceAll('&amp;', '&').trim() }),
  ).toBeVisible();

  // One-click unsubscribe (RFC 8058), as a mail client sends it, without signing in.
  // The raw header lines: mailparser reads List-* headers into its own shapes.
  const header = (name: string) =>
    email?.headerLines.find((line) => line.key === name)?.line.replace(/^[^:]+:\s*/, '') ?? '';
  const unsubscribe = /<(https?:[^>]+)>/.exec(header('list-unsubscribe'))?.[1];
  if (!unsubscribe) throw new Error('the email has no List-Unsubscribe address');
  expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  const clicked = await request.post(unsubscribe, {
    form: { 'List-Unsubscribe': 'One-Click' },
  });
  expect(clicked.ok(), await clicked.text()).toBe(true);
  await page.goto('/profile');
  await expect(page.getByRole('switch', { name: 'Weekly email' })).not.toBeChecked();
});

test("Search's 'Tell me about new events like this' watches the search; Profile renames, pauses and deletes it", async ({
  page,
  request,
}) => {
  test.slow();
  const account = await createAccountWithProfile(request, 'outreach-watch');
  await signIn(page, account);
  await page.goto('/search?q=music&radius=5mi');
  await page.getByRole('button', { name: 'Tell me about new events like this' }).click();
  await expect(page.getByText('Watching "music · Within 5 mi"')).toBeVisible();
  await page.getByRole('button', { name: 'Open Profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();

  const list = page.getByRole('list', { name: 'Watched searches' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: 'Rename music · Within 5 mi' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rename watched search' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Music nearby');
  await saveViewportScreenshotsInBothThemes(page, 'outreach-rename');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: 'Pause Music nearby' }).click();
  await expect(page.getByRole('button', { name: 'Resume Music nearby' })).toBeVisible();
  await page.evaluate(() =>
    document.getElementById('watched-searches')?.scrollIntoView({ block: 'start' }),
  );
  await saveViewportScreenshotsInBothThemes(page, 'outreach-watched-searches');

  // The server keeps what Profile shows.
  const kept = await request.get('/api/me/watched-searches', {
    headers: { authorization: `Bearer ${account.idToken}` },
  });
  expect(await kept.json()).toMatchObject({
    searches: [{ name: 'Music nearby', state: 'paused', filters: { query: 'music' } }],
  });

  await page.getByRole('button', { name: 'Delete Music nearby' }).click();
  await expect(page.getByText('No watched searches yet.', { exact: false })).toBeVisible();
});

test.describe('the day-before reminder', () => {
  // The family's clock is set, not waited for: its phone keeps a zone where it is 18:00 now,
  // past the reminders' 17:00 (REMINDER_LOCAL_HOUR) and before the 21:00 quiet hours.
  const zone = zoneAtHour(18);
  test.use({ timezoneId: zone });

  test('a saved event on the family’s tomorrow sends one reminder to the phone, which opens it', async ({
    page,
    request,
  }) => {
    test.slow();
    const account = await createAccountWithProfile(request, 'outreach-reminder');
    const headers = { authorization: `Bearer ${account.idToken}` };
    // An event near the family whose day (at the venue, as its card says) is the family's
    // tomorrow: the seed lists San Francisco events every day.
    const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(
      new Date(Date.now() + 86_400_000),
    );
    const found = await request.get(
      '/api/events/search?location=San%20Francisco%2C%20CA&limit=100',
    );
    const { events } = (await found.json()) as {
      events: { id: string; title: string; date: string; timeZone: string; cancelled?: boolean }[];
    };
    const event = events.find(
      (candidate) =>
        !candidate.cancelled &&
        new Intl.DateTimeFormat('en-CA', { timeZone: candidate.timeZone }).format(
          new Date(candidate.date),
        ) === tomorrow,
    );
    if (!event) throw new Error(`the seed has no San Francisco event on ${tomorrow}`);

    const device = `reminder-${account.email}`;
    await standInPushDevice(page, request, device);
    await signIn(page, account);
    await openSettings(page);
    await page.getByRole('switch', { name: 'Push Notifications' }).click();
    // Subscribed: the kinds of push show only once the device is on.
    await expect(page.getByRole('group', { name: 'Notify me about' })).toBeVisible();
    const saved = await request.put('/api/me/saved', { headers, data: { ids: [event.id] } });
    expect(saved.ok(), await saved.text()).toBe(true);

    await expect
      .poll(async () => (await pushesReceived(request, device)).map((push) => push.title), {
        timeout: 30_000,
      })
      .toEqual([expect.stringMatching(new RegExp(`^Tomorrow: ${escapeRegExp(event.title)}`))]);
    const [push] = await pushesReceived(request, device);
    expect(push?.path).toBe(`/event/${encodeURIComponent(event.id)}`);
    await page.goto(push?.path ?? '/');
    await expect(page.getByRole('heading', { level: 2, name: event.title })).toBeVisible();
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
