import type { APIRequestContext, Page } from '@playwright/test';
import type { CategoryCounts, Event, EventPage } from '../contract/events.ts';
import {
  expect,
  expectAccessibleInBothThemes,
  saveScreenshotsInBothThemes,
  saveViewportScreenshotsInBothThemes,
  signedInTest as test,
} from './fixtures.ts';

/*
 * docs/product.md#spec-2-search, 4 "Search filters", 5 "Search request", 7 (GET /api/events/search), 8
 * (search failure), 9 (5 placeholders); issue 9: every filter in the URL, more results as the
 * list scrolls, the last search offered again.
 */

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search events' });
const filtersButton = (page: Page) => page.getByRole('button', { name: /^Filters/ });
const panel = (page: Page) => page.getByRole('region', { name: 'Filters' });
const panelGroup = (page: Page, name: 'Category' | 'Price' | 'When') =>
  panel(page).getByRole('group', { name });
const categoryRow = (page: Page) => page.getByRole('group', { name: 'Categories' });
const activeFilters = (page: Page) => page.getByRole('group', { name: 'Active filters' });
const results = (page: Page) => page.getByRole('region', { name: /^Showing events near / });
const count = (page: Page) => page.getByText(/^(\d+ event\(s\) found|Searching\.\.\.)/);

/** The number in '{n} event(s) found'. */
async function foundCount(page: Page): Promise<number> {
  const text = (await count(page).textContent()) ?? '';
  const match = /^(\d+) event\(s\) found/.exec(text);
  if (!match) throw new Error(`no count in ${JSON.stringify(text)}`);
  return Number(match[1]);
}

/** A seeded San Francisco event, as the API lists it for the default signed-in state. */
async function someSeededEvent(request: APIRequestContext): Promise<Event> {
  const response = await request.get('/api/events/search', {
    params: { location: 'San Francisco, CA', familyMode: true, limit: 20 },
  });
  expect(response.ok()).toBe(true);
  const page = (await response.json()) as EventPage;
  // A title with a word long enough to be specific.
  const event = page.events.find((candidate) => /\w{6,}/.test(candidate.title));
  if (!event) throw new Error('the seed has no San Francisco events');
  return event;
}

/**
 * A San Francisco category with enough family events for a few pages, and a page size that
 * makes three of them: the app asks for the API's default 20, so the test shrinks the pages
 * (page.route below) to reach the end of the list within a few scrolls.
 */
async function pagedCategory(request: APIRequestContext): Promise<{ id: string; limit: number }> {
  const response = await request.get('/api/events/categories', {
    params: { location: 'San Francisco, CA', familyMode: true },
  });
  expect(response.ok()).toBe(true);
  const { categories } = (await response.json()) as CategoryCounts;
  const stored = categories.filter(({ id }) => id !== 'random' && id !== 'deals');
  const fit = stored
    .filter(({ count }) => count >= 6 && count <= 60)
    .sort((a, b) => b.count - a.count)[0];
  if (!fit) throw new Error(`no category with 6 to 60 events: ${JSON.stringify(categories)}`);
  return { id: fit.id, limit: Math.ceil(fit.count / 3) };
}

async function shrinkPages(page: Page, limit: number): Promise<void> {
  await page.route('**/api/events/search?*', (route) => {
    const url = new URL(route.request().url());
    url.searchParams.set('limit', String(limit));
    return route.continue({ url: url.toString() });
  });
}

test('typing finds a seeded event; the words go into the address', async ({
  page,
  request,
  visit,
}) => {
  test.slow();
  const event = await someSeededEvent(request);
  await visit('/search');
  await expect(page.getByRole('heading', { level: 1, name: 'Discover Events' })).toBeVisible();
  await expect(searchBox(page)).toHaveAttribute(
    'placeholder',
    'Search events, venues, or activities...',
  );
  await expect(page.getByText('Showing events near San Francisco, CA')).toBeVisible();
  await expect(count(page)).toHaveText(/^\d+ event\(s\) found/);
  // Issue 17: at 390x844 the first result's title is on screen without scrolling, above the
  // bottom navigation, with every text of the screen still there.
  await expect(page.getByRole('heading', { name: 'Popular Searches' })).toBeVisible();
  const firstTitle = results(page).getByRole('article').first().getByRole('heading');
  const titleBox = await firstTitle.boundingBox();
  const navBox = await page.getByRole('navigation', { name: 'Main' }).boundingBox();
  expect(titleBox, 'the first result has a title').not.toBeNull();
  expect(navBox, 'the bottom navigation is there').not.toBeNull();
  if (titleBox && navBox) expect(titleBox.y + titleBox.height).toBeLessThanOrEqual(navBox.y);
  await saveViewportScreenshotsInBothThemes(page, 'search');

  const requested = page.waitForRequest(
    (sent) =>
      sent.url().includes('/api/events/search') &&
      new URL(sent.url()).searchParams.get('query') === event.title,
  );
  await searchBox(page).fill(event.title);
  const sent = new URL((await requested).url());
  // docs/product.md#spec-5-search-request: only what is set, family mode as true, the header's place.
  expect([...sent.searchParams.keys()].sort()).toEqual(['familyMode', 'location', 'query']);
  expect(sent.searchParams.get('familyMode')).toBe('true');
  expect(sent.searchParams.get('location')).toBe('San Francisco, CA');
  await expect(page).toHaveURL(/[?&]q=/);
  expect(new URL(page.url()).searchParams.get('q')).toBe(event.title);
  await expect(results(page).getByRole('heading', { name: event.title }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Popular Searches' })).toHaveCount(0);
  await saveScreenshotsInBothThemes(page, 'search-results');
});

test('each filter toggles on and off, shows a removable chip, and Clear All Filters clears them', async ({
  page,
  visit,
}) => {
  test.slow();
  await visit('/search');
  await filtersButton(page).click();
  await expect(filtersButton(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(panel(page)).toBeVisible();
  // The panel has the categories; the chip row makes way for it, so they show once.
  await expect(categoryRow(page)).toHaveCount(0);

  const toggles = [
    ['Category', 'Comedy', 'category=comedy'],
    ['Price', 'Free', 'price=free'],
    ['Price', 'Under $20', 'price=under20'],
    ['Price', '$20-50', 'price=20to50'],
    ['Price', '$50+', 'price=50plus'],
    ['When', 'Today', 'date=today'],
    ['When', 'This Week', 'date=week'],
    ['When', 'This Weekend', 'date=weekend'],
    ['When', 'Next Week', 'date=next_week'],
  ] as const;
  for (const [group, label, param] of toggles) {
    const button = panelGroup(page, group).getByRole('button', { name: label, exact: true });
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL(new RegExp(`[?&]${param.replace(/[$+]/g, '\\$&')}(&|$)`));
    await expect(
      activeFilters(page).getByRole('button', { name: `Remove filter ${label}` }),
    ).toBeVisible();
    // docs/product.md#spec-4: a second press turns it off.
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByRole('button', { name: `Remove filter ${label}` })).toHaveCount(0);
    expect(page.url()).not.toContain(param);
  }

  // 'All Categories' is the category group's "none": pressed until a category is chosen.
  const all = panelGroup(page, 'Category').getByRole('button', { name: 'All Categories' });
  await expect(all).toHaveAttribute('aria-pressed', 'true');
  await panelGroup(page, 'Category').getByRole('button', { name: 'Arts & Culture' }).click();
  await expect(all).toHaveAttribute('aria-pressed', 'false');
  await all.click();
  await expect(all).toHaveAttribute('aria-pressed', 'true');
  expect(page.url()).not.toContain('category=');

  // The location filter suggests places like the header's dialog, and searches near the pick.
  const place = panel(page).getByRole('combobox', { name: 'Location' });
  // As a family would, the field is scrolled to before typing: the panel is taller than the
  // screen since issue 33's Distance, and a popover closes when the page scrolls under it.
  await place.scrollIntoViewIfNeeded();
  await expect(place).toBeInViewport({ ratio: 1 });
  await place.click();
  await place.fill('Oakla');
  await page.getByRole('option', { name: 'Oakland, CA' }).click();
  await expect(results(page)).toHaveAccessibleName('Showing events near Oakland, CA');
  await expect(page).toHaveURL(/[?&]location=/);

  // Several at once, then each chip removes its own filter...
  await panelGroup(page, 'Price').getByRole('button', { name: 'Free' }).click();
  await panelGroup(page, 'When').getByRole('button', { name: 'This Weekend' }).click();
  await expect(filtersButton(page)).toHaveText('Filters (3)');
  await expectAccessibleInBothThemes(page, '/search with the filter panel open');
  await saveViewportScreenshotsInBothThemes(page, 'search-filters');

  await activeFilters(page).getByRole('button', { name: 'Remove filter Oakland, CA' }).click();
  await expect(results(page)).toHaveAccessibleName('Showing events near San Francisco, CA');
  await expect(place).toHaveValue('');
  await expect(panelGroup(page, 'Price').getByRole('button', { name: 'Free' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // ...and Clear All Filters removes the rest.
  await page.getByRole('button', { name: 'Clear All Filters' }).click();
  await expect(activeFilters(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Clear All Filters' })).toHaveCount(0);
  await expect(panelGroup(page, 'Price').getByRole('button', { name: 'Free' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  expect(new URL(page.url()).search).toBe('');
});

test('the category chip row selects, and deselects on a second press', async ({ page, visit }) => {
  await visit('/search');
  const comedy = categoryRow(page).getByRole('button', { name: 'Comedy' });
  const request = page.waitForRequest((sent) => sent.url().includes('category=comedy'));
  await comedy.click();
  await request;
  await expect(comedy).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Remove filter Comedy' })).toBeVisible();
  await comedy.click();
  await expect(comedy).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('button', { name: 'Remove filter Comedy' })).toHaveCount(0);
  expect(page.url()).not.toContain('category=');
});

test('?category=music preselects the category', async ({ page, visit }) => {
  const request = page.waitForRequest((sent) => sent.url().includes('/api/events/search'));
  await visit('/search?category=music');
  expect(new URL((await request).url()).searchParams.get('category')).toBe('music');
  await expect(categoryRow(page).getByRole('button', { name: 'Music & Shows' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('button', { name: 'Remove filter Music & Shows' })).toBeVisible();
});

test('a search survives a reload, and Back restores the search before it', async ({
  page,
  visit,
}) => {
  await visit('/search?q=park&category=arts&price=free&date=week&location=Oakland%2C%20CA');
  const expectSearch = async () => {
    await expect(searchBox(page)).toHaveValue('park');
    for (const label of ['Arts & Culture', 'Free', 'This Week', 'Oakland, CA']) {
      await expect(
        activeFilters(page).getByRole('button', { name: `Remove filter ${label}` }),
      ).toBeVisible();
    }
    await expect(results(page)).toHaveAccessibleName('Showing events near Oakland, CA');
  };
  await expectSearch();
  await page.reload();
  await expectSearch();

  // A filter press is a new history entry...
  await page.getByRole('button', { name: 'Remove filter Free' }).click();
  await expect(page.getByRole('button', { name: 'Remove filter Free' })).toHaveCount(0);
  // ...typing replaces the entry it is on...
  await searchBox(page).fill('zoo');
  await expect(page).toHaveURL(/[?&]q=zoo/);
  // ...so one Back returns to the search as it was before the press.
  await page.goBack();
  await expectSearch();
});

test('a popular search runs when tapped', async ({ page, visit }) => {
  await visit('/search');
  const popular = page.getByRole('region', { name: 'Popular Searches' });
  for (const term of [
    'family concerts',
    'weekend activities',
    'outdoor events',
    'kids workshops',
    'food festivals',
  ]) {
    await expect(popular.getByRole('button', { name: term })).toBeVisible();
  }
  const request = page.waitForRequest(
    (sent) => new URL(sent.url()).searchParams.get('query') === 'outdoor events',
  );
  await popular.getByRole('button', { name: 'outdoor events' }).click();
  await request;
  await expect(searchBox(page)).toHaveValue('outdoor events');
  await expect(popular).toHaveCount(0);
});

test('no results: the empty state, and Clear Filters clears only the words and the category', async ({
  page,
  visit,
}) => {
  await visit('/search?q=qqxxzzqqxx&category=comedy&price=free');
  await expect(page.getByRole('heading', { name: 'No events found' })).toBeVisible();
  await expect(page.getByText('Try adjusting your search terms or filters')).toBeVisible();
  await expect(count(page)).toHaveText('0 event(s) found');
  await page.getByRole('heading', { name: 'No events found' }).scrollIntoViewIfNeeded();
  await saveViewportScreenshotsInBothThemes(page, 'search-empty');
  await page.getByRole('button', { name: 'Clear Filters', exact: true }).click();
  await expect(searchBox(page)).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Remove filter Comedy' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Remove filter Free' })).toBeVisible();
  expect(new URL(page.url()).search).toBe('?price=free');
});

test('while a search loads: 5 placeholders and Searching...', async ({ page, visit }) => {
  await visit('/search');
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/events/search?*', async (route) => {
    await held;
    await route.continue();
  });
  await categoryRow(page).getByRole('button', { name: 'Comedy' }).click();
  await expect(count(page)).toHaveText('Searching...');
  // Shapes only: hidden from assistive technology, which hears 'Searching...' instead.
  const placeholders = page.getByTestId('search-placeholders').locator(':scope > li');
  await expect(placeholders).toHaveCount(5);
  for (const placeholder of await placeholders.all()) await expect(placeholder).toBeVisible();
  await saveViewportScreenshotsInBothThemes(page, 'search-loading');
  release();
  await expect(count(page)).toHaveText(/^\d+ event\(s\) found/);
  await expect(page.getByTestId('search-placeholders')).toHaveCount(0);
});

test('a failed search logs "Failed to fetch events" and shows empty results', async ({
  page,
  visit,
  allowConsoleError,
}) => {
  allowConsoleError(/Failed to fetch events/);
  // Chrome's own line for the 500 itself.
  allowConsoleError(/Failed to load resource: the server responded with a status of 500/);
  await visit('/search');
  const logged = page.waitForEvent(
    'console',
    (message) => message.type() === 'error' && message.text().startsWith('Failed to fetch events'),
  );
  await page.route('**/api/events/search?*', (route) =>
    route.fulfill({ status: 500, json: { error: 'internal', message: 'Database down' } }),
  );
  await categoryRow(page).getByRole('button', { name: 'Sports Games' }).click();
  await logged;
  await expect(count(page)).toHaveText('0 event(s) found');
  await expect(page.getByRole('heading', { name: 'No events found' })).toBeVisible();
  await expect(results(page).getByRole('article')).toHaveCount(0);
});

test('scrolling loads the next page until the end of the list is said', async ({
  page,
  request,
  visit,
}) => {
  test.slow();
  const { id, limit } = await pagedCategory(request);
  await shrinkPages(page, limit);
  await visit(`/search?category=${id}`);
  await expect(count(page)).toHaveText(new RegExp(`^${limit} event\\(s\\) found`));
  await expect(count(page)).toContainText('more below');
  const cards = results(page).getByRole('article');
  await expect(cards).toHaveCount(limit);

  // Scroll to the end, again and again, until the API has no next page.
  await expect(async () => {
    await page.mouse.wheel(0, 20_000);
    await expect(page.getByText(/^That's all \d+ events$/)).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  const total = await foundCount(page);
  expect(total).toBeGreaterThan(limit);
  await expect(cards).toHaveCount(total);
  await expect(page.getByText(`That's all ${total} events`)).toBeVisible();
  await page.getByText(`That's all ${total} events`).scrollIntoViewIfNeeded();
  await saveViewportScreenshotsInBothThemes(page, 'search-end');
  await expect(count(page)).not.toContainText('more below');
  await expect(page.getByRole('button', { name: 'Load more events' })).toHaveCount(0);
});

test('without IntersectionObserver, Load more events works from the keyboard', async ({
  page,
  request,
  visit,
}) => {
  // Only the button can load more, so it is what this test exercises.
  await page.addInitScript(() => {
    Reflect.deleteProperty(window, 'IntersectionObserver');
  });
  const { id, limit } = await pagedCategory(request);
  await shrinkPages(page, limit);
  await visit(`/search?category=${id}`);
  await expect(count(page)).toHaveText(new RegExp(`^${limit} event\\(s\\) found`));
  const loadMore = page.getByRole('button', { name: 'Load more events' });
  await loadMore.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => foundCount(page)).toBeGreaterThan(limit);
  await expect(results(page).getByRole('article')).toHaveCount(await foundCount(page));
});

test('the last search is offered on the next visit and restores every filter', async ({
  page,
  visit,
}) => {
  await visit('/search?q=music&price=under20&date=weekend');
  await expect(searchBox(page)).toHaveValue('music');
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Search' })
    .click();
  await expect(page).toHaveURL(/\/search$/);
  const offer = page.getByRole('button', {
    name: 'Continue last search: "music" · Under $20 · This Weekend',
  });
  await expect(offer).toBeVisible();
  await offer.click();
  await expect(searchBox(page)).toHaveValue('music');
  await expect(page.getByRole('button', { name: 'Remove filter Under $20' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove filter This Weekend' })).toBeVisible();
  await expect(offer).toHaveCount(0);
});
