import type { APIRequestContext, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { EMBEDDED_CONFIG_ID } from '../contract/embeddedConfig.ts';
import type { Event } from '../contract/events.ts';
import type { Poll } from '../contract/polls.ts';
import { palettes } from '../src/styles/palette.ts';
import { createFirebaseAccount, signInThroughUi } from './accounts.ts';
import {
  type Credentials,
  expect,
  listedEvents,
  saveScreenshotsInBothThemes,
  test,
} from './fixtures.ts';

/*
 * Issue 31, C.20 "Layout at 390x844" (the suite's viewport, playwright.config.ts): what a family
 * sees on a phone, measured in the page. Each test signs in an account of its own with a profile.
 * With FAMJAM_E2E_SCREENSHOTS=1 each screen is also pictured in both themes.
 */

const homeHeading = { level: 1, name: 'What should we do today?' } as const;

async function accountWithProfile(
  request: APIRequestContext,
  { prefix = 'layout', name = 'Rivera Family' } = {},
): Promise<Credentials & { idToken: string }> {
  const account = await createFirebaseAccount(request, prefix);
  const created = await request.post('/api/users', {
    headers: { authorization: `Bearer ${account.idToken}` },
    data: {
      email: account.email,
      name,
      familySituation: 'young_kids',
      musicPreferences: ['Pop'],
      location: 'San Francisco, CA',
    },
  });
  expect(created.status(), await created.text()).toBeLessThan(300);
  return account;
}

async function signInAtHome(page: Page, account: Credentials): Promise<void> {
  await page.goto('/auth');
  await signInThroughUi(page, account);
  await expect(page.getByRole('heading', homeHeading)).toBeVisible();
}

async function signedInFamily(page: Page, request: APIRequestContext) {
  const account = await accountWithProfile(request);
  await signInAtHome(page, account);
  return account;
}

/** The element's box, asserting it has one. */
async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (found === null) throw new Error(`${locator} has no box`);
  return found;
}

/** How many lines an element's text takes: its height over its computed line height. */
function lineCount(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const style = getComputedStyle(element);
    const lineHeight = Number.parseFloat(style.lineHeight);
    const line = Number.isNaN(lineHeight) ? Number.parseFloat(style.fontSize) * 1.2 : lineHeight;
    return Math.round(element.getBoundingClientRect().height / line);
  });
}

test('Search: the whole placeholder shows in the search box', async ({ page, request }) => {
  await signedInFamily(page, request);
  await page.goto('/search');
  const input = page.getByRole('searchbox', { name: 'Search events' });
  await expect(input).toHaveAttribute('placeholder', 'Search events, venues, or activities...');
  await saveScreenshotsInBothThemes(page, 'layout-search');
  const fit = await input.evaluate((element: HTMLInputElement) => {
    const style = getComputedStyle(element);
    const context = document.createElement('canvas').getContext('2d');
    if (!context) throw new Error('no canvas');
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = context.measureText(element.placeholder).width;
    const room =
      element.clientWidth -
      Number.parseFloat(style.paddingLeft) -
      Number.parseFloat(style.paddingRight);
    return { text, room };
  });
  expect(fit.text, `placeholder ${fit.text}px in ${fit.room}px`).toBeLessThanOrEqual(fit.room);
});

test('Search: Filters stays in view while the category chips scroll, and no chip is cut at the left', async ({
  page,
  request,
}) => {
  await signedInFamily(page, request);
  await page.goto('/search');
  const filters = page.getByRole('button', { name: /^Filters/ });
  const categories = page.getByRole('group', { name: 'Categories' });
  const chips = categories.getByRole('button');
  await expect(chips.first()).toBeVisible();
  await saveScreenshotsInBothThemes(page, 'layout-search-chips');
  // The box that scrolls sideways: the one around the category chips.
  const scroller = categories.locator('xpath=..');
  const scrollTo = (where: 'start' | 'end') =>
    scroller.evaluate((element, to) => {
      element.scrollLeft = to === 'start' ? 0 : element.scrollWidth;
    }, where);

  // At rest the first chip starts clear of Filters, inside the screen.
  const filtersBox = await box(filters);
  const firstChip = await box(page.getByRole('button', { name: 'Fits my family' }));
  expect(filtersBox.x).toBeGreaterThanOrEqual(0);
  expect(firstChip.x).toBeGreaterThanOrEqual(filtersBox.x + filtersBox.width);

  // Swiped to the end: Filters is still on screen where it was, the last chip whole beside it.
  await scrollTo('end');
  await expect(filters).toBeInViewport({ ratio: 1 });
  expect(await box(filters)).toEqual(filtersBox);
  const last = await box(chips.last());
  expect(last.x).toBeGreaterThanOrEqual(filtersBox.x + filtersBox.width);
  expect(last.x + last.width).toBeLessThanOrEqual(390);
  await saveScreenshotsInBothThemes(page, 'layout-search-chips-scrolled');

  // Nothing runs off the screen's right edge: the page itself never scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Each chip reached from the keyboard scrolls whole into view beside Filters, clear of the
  // 16 px fade at the screen's edge.
  await scrollTo('start');
  await filters.focus();
  const count = await chips.count();
  for (let step = 0; step <= count; step += 1) {
    await page.keyboard.press('Tab');
    // The row scrolls smoothly (global.css.ts): where the chip comes to rest is what counts.
    await expect
      .poll(async () => {
        const focused = await box(page.locator(':focus'));
        return focused.x >= filtersBox.x + filtersBox.width && focused.x + focused.width <= 375;
      }, `focused chip ${step} whole beside Filters`)
      .toBe(true);
  }
  // The edges fade, the sign that there is more to swipe.
  expect(await scroller.evaluate((element) => getComputedStyle(element).maskImage)).toContain(
    'linear-gradient',
  );
});

test('Search: Clear All Filters lines up with the filter chips above it', async ({
  page,
  request,
}) => {
  await signedInFamily(page, request);
  await page.goto('/search?category=comedy&price=free&date=week');
  const active = page.getByRole('group', { name: 'Active filters' });
  const clearAll = active.getByRole('button', { name: 'Clear All Filters' });
  await expect(clearAll).toBeVisible();
  await saveScreenshotsInBothThemes(page, 'layout-search-filters');
  const firstChip = await box(active.getByRole('button', { name: 'Remove filter Comedy' }));
  // Where the words start, which is what the eye lines up (a quiet button's padding is unseen).
  const textLeft = await clearAll.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return range.getBoundingClientRect().left;
  });
  const clearBox = await box(clearAll);
  const leftEdge = Math.min(textLeft, clearBox.x);
  expect(Math.abs(leftEdge - firstChip.x), 'Clear All Filters vs the chips').toBeLessThanOrEqual(1);
  expect(Math.abs(textLeft - firstChip.x), 'its words vs the chips').toBeLessThanOrEqual(2);
});

test("Saved: every toolbar button is on screen, and the toolbar doesn't scroll", async ({
  page,
  request,
}) => {
  const account = await accountWithProfile(request);
  const events = await listedEvents(request, 2);
  const saved = await request.put('/api/me/saved', {
    headers: { authorization: `Bearer ${account.idToken}` },
    data: { ids: events.map((event) => event.id) },
  });
  expect(saved.status()).toBe(200);
  await signInAtHome(page, account);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Saved', exact: true })
    .click();
  await expect(page.getByRole('list', { name: 'Saved events' }).getByRole('article')).toHaveCount(
    2,
  );
  await saveScreenshotsInBothThemes(page, 'layout-saved');

  const names = [
    'Select',
    'Export to Calendar',
    'Subscribe in your calendar',
    'Share List',
    'Clear All',
  ];
  for (const name of names) {
    const button = page.getByRole('button', { name, exact: true });
    await expect(button).toBeVisible();
    const found = await box(button);
    expect(found.x, `${name} left`).toBeGreaterThanOrEqual(0);
    expect(found.x + found.width, `${name} right`).toBeLessThanOrEqual(390);
    expect(await lineCount(button.locator('span').last()), `${name} on one line`).toBe(1);
  }
  const toolbar = page.getByRole('group', { name: 'Saved list actions' });
  const overflow = await toolbar.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('Profile: a long name and email stay on one line each, cut with an ellipsis, never mid-word', async ({
  page,
  request,
}) => {
  const name = 'The Montgomery-Fitzgerald Vanderbilt Family';
  const account = await accountWithProfile(request, {
    prefix: 'fam-dark-long-family-address',
    name,
  });
  await signInAtHome(page, account);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Profile' })
    .click();
  const heading = page.getByRole('heading', { level: 2, name });
  const email = page.getByText(account.email, { exact: true });
  await expect(heading).toBeVisible();
  await expect(email).toBeVisible();
  await saveScreenshotsInBothThemes(page, 'layout-profile');
  for (const [what, element, full] of [
    ['name', heading, name],
    ['email', email, account.email],
  ] as const) {
    expect(await lineCount(element), `${what} on one line`).toBe(1);
    const shown = await element.evaluate((node) => ({
      textOverflow: getComputedStyle(node).textOverflow,
      cut: node.scrollWidth > node.clientWidth,
      title: node.getAttribute('title'),
    }));
    // Too long for a phone: cut with an ellipsis, the whole text kept for touch and hover.
    expect(shown.cut, `${what} is longer than the line`).toBe(true);
    expect(shown.textOverflow, `${what} ends in an ellipsis`).toBe('ellipsis');
    expect(shown.title, `${what} in full`).toBe(full);
  }
});

test('Poll: Share is the main button and Delete poll a quiet one', async ({ page, request }) => {
  const account = await accountWithProfile(request);
  const created = await request.post('/api/polls', {
    headers: { authorization: `Bearer ${account.idToken}` },
    data: { title: 'Saturday plans?', description: '', options: ['Zoo', 'Beach'] },
  });
  expect(created.status()).toBe(201);
  const poll = (await created.json()) as Poll;
  await signInAtHome(page, account);
  await page.goto(`/poll/${poll.id}`);
  const share = page.getByRole('button', { name: 'Share', exact: true });
  const remove = page.getByRole('button', { name: 'Delete poll' });
  await expect(share).toBeVisible();
  await expect(remove).toBeVisible();
  await saveScreenshotsInBothThemes(page, 'layout-poll');
  const background = (locator: Locator) =>
    locator.evaluate((element) => getComputedStyle(element).backgroundColor);
  const rgb = (hex: string) => {
    const value = Number.parseInt(hex.slice(1), 16);
    return `rgb(${value >> 16}, ${(value >> 8) & 255}, ${value & 255})`;
  };
  const light = palettes.light;
  expect(await background(share), 'Share is filled with the accent').toBe(rgb(light.accent));
  expect(await background(remove), 'Delete poll is not filled red').not.toBe(rgb(light.danger));
  expect(await background(remove), 'Delete poll sits on the surface').toBe(rgb(light.surface));
  const removeColor = await remove.evaluate((element) => getComputedStyle(element).color);
  expect(removeColor, 'Delete poll still reads as danger').toBe(rgb(light.danger));
});

test("Suggest: 'Change picture' and 'Remove picture' each fit on one line", async ({
  page,
  request,
}) => {
  await signedInFamily(page, request);
  await page.goto('/suggest');
  const form = page.getByRole('form', { name: 'Suggest an event' });
  const chooser = page.waitForEvent('filechooser');
  await form.getByRole('button', { name: 'Choose a picture' }).click();
  await (await chooser).setFiles({
    name: 'picnic.jpg',
    mimeType: 'image/jpeg',
    buffer: await sharp({
      create: { width: 300, height: 200, channels: 3, background: '#6bb3e0' },
    })
      .jpeg()
      .toBuffer(),
  });
  await expect(form.getByRole('img', { name: 'Chosen: picnic.jpg' })).toBeVisible();
  const change = form.getByRole('button', { name: 'Change picture' });
  const remove = form.getByRole('button', { name: 'Remove picture' });
  await change.scrollIntoViewIfNeeded();
  await saveScreenshotsInBothThemes(page, 'layout-suggest');
  for (const button of [change, remove]) {
    expect(await lineCount(button.locator('span').last()), `${button} on one line`).toBe(1);
    const found = await box(button);
    expect(found.x + found.width).toBeLessThanOrEqual(390);
  }
});

test('Home: an ad slot whose ad cannot come (the ad code blocked) takes no space', async ({
  page,
  request,
  allowConsoleError,
}) => {
  // The page as a server with ads configured writes it: the configuration embedded in the page
  // (EMBEDDED_CONFIG_ID) carries an ad unit, rewritten before the app reads it. The page's CSP
  // still has no ad origin, so the ad code is refused, as an ad blocker would: nothing reaches
  // the ad service.
  const ads = { client: 'ca-pub-1234567890123456', homeSlot: '1234567890' };
  await page.addInitScript(
    ({ id, ads }) => {
      new MutationObserver((_, observer) => {
        const element = document.getElementById(id);
        if (!element?.textContent) return;
        const config = JSON.parse(element.textContent);
        element.textContent = JSON.stringify({ ...config, ads });
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true, characterData: true });
    },
    { id: EMBEDDED_CONFIG_ID, ads },
  );
  // Chromium's report of the refused script ('Loading the script … violates … Content Security
  // Policy'), which is what this test sets up.
  allowConsoleError(/script 'https:\/\/pagead2\.googlesyndication\.com\/.*Content Security Policy/);
  await signedInFamily(page, request);
  // The slot asked for its ad: the ad code's script is in the page (and refused).
  await expect(page.locator('script[src^="https://pagead2.googlesyndication.com/"]')).toHaveCount(
    1,
  );
  await expect(page.locator('ins.adsbygoogle')).toHaveCount(1);
  const slot = page.getByRole('complementary', { name: 'Advertisement' });
  await saveScreenshotsInBothThemes(page, 'layout-home-ad-blocked');
  await expect(slot).toBeHidden();
  const heights = await page
    .locator('ins.adsbygoogle')
    .evaluateAll((units) => units.map((unit) => unit.getBoundingClientRect().height));
  expect(heights).toEqual([0]);
});

test('Event details show the age range the card shows', async ({ page, request }) => {
  const events: Event[] = [];
  for (let offset = 0; events.length === 0 && offset < 500; offset += 100) {
    const response = await request.get(`/api/events?limit=100&offset=${offset}`);
    expect(response.status()).toBe(200);
    const page = (await response.json()) as { events: Event[] };
    events.push(...page.events.filter((event) => event.minAge !== null && event.minAge < 18));
    if (page.events.length < 100) break;
  }
  const event = events[0];
  if (!event) throw new Error('the seed has no upcoming event with a child age range');
  await signedInFamily(page, request);
  // As the card says it (src/domain/ageRange.ts): 'Ages 3–8', 'Ages 13+', 'Age 5'.
  const label =
    event.maxAge === null
      ? `Ages ${event.minAge}+`
      : event.minAge === event.maxAge
        ? `Age ${event.minAge}`
        : `Ages ${event.minAge}–${event.maxAge}`;
  await page.goto(`/search?q=${encodeURIComponent(event.title)}`);
  const card = page.getByRole('article').filter({ hasText: event.title }).first();
  await expect(card.getByText(label, { exact: true })).toBeVisible();
  await page.goto(`/event/${event.id}`);
  await expect(page.getByRole('heading', { level: 2, name: event.title })).toBeVisible();
  await saveScreenshotsInBothThemes(page, 'layout-event-details');
  await expect(page.getByRole('article').getByText(label, { exact: true })).toBeVisible();
});
