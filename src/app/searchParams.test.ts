import { defaultParseSearch, defaultStringifySearch } from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { categoryIds } from '../domain/constants.ts';
import { homeDateWords } from '../domain/dateFilter.ts';
import { searchPrices, searchWhens } from '../domain/searchFilters.ts';
import {
  homeDateFilter,
  homeFiltersToReturnTo,
  isEmptySearch,
  rememberHomeFilters,
  type SearchPageSearch,
  sameOriginPath,
  searchFromHome,
  validateHomeSearch,
  validateRedirectSearch,
  validateSearchPageSearch,
} from './searchParams.ts';

const noFilters = {
  q: undefined,
  category: undefined,
  price: undefined,
  date: undefined,
  day: undefined,
  location: undefined,
  fits: undefined,
  view: undefined,
  radius: undefined,
  bbox: undefined,
};

/** What the router does with an address: parse its query, then run the route's validation. */
const fromUrl = (query: string) => validateSearchPageSearch(defaultParseSearch(query));
/** ...and what it writes back when the screen navigates to a search. */
const toUrl = (search: SearchPageSearch) => defaultStringifySearch(search);

describe('/search ?category=', () => {
  it.each(categoryIds)('keeps the category id %s', (category) => {
    expect(validateSearchPageSearch({ category })).toEqual({ ...noFilters, category });
  });

  it.each([['Music'], ['concerts'], [''], [42], [true], [['music']], [null]])(
    'drops the invalid value %j instead of failing',
    (category) => {
      expect(validateSearchPageSearch({ category })).toStrictEqual(noFilters);
    },
  );

  it('is optional', () => {
    expect(validateSearchPageSearch({})).toStrictEqual(noFilters);
    expect(isEmptySearch(validateSearchPageSearch({}))).toBe(true);
  });
});

describe('/search filters in the URL', () => {
  it.each([
    ['words', { q: 'family concerts' }],
    ['words that look like a number', { q: '2026' }],
    ['words with quotes, & and accents', { q: '"jazz" & café brunch' }],
    ['a category', { category: 'comedy' }],
    ...searchPrices.map((price) => [`the price ${price}`, { price }] as const),
    ...searchWhens.map((date) => [`the date ${date}`, { date }] as const),
    ['a place', { location: 'Oakland, CA' }],
    ['a ZIP code', { location: '94110' }],
    [
      'everything at once',
      {
        q: 'puppets',
        category: 'arts',
        price: 'under20',
        date: 'weekend',
        location: 'Seattle, WA',
      },
    ],
  ] as const)('round-trips %s: search → URL → search, and URL → search → URL', (_, filters) => {
    const search: SearchPageSearch = { ...noFilters, ...filters };
    const url = toUrl(search);
    expect(fromUrl(url)).toStrictEqual(search);
    expect(toUrl(fromUrl(url))).toBe(url);
    expect(isEmptySearch(search)).toBe(false);
  });

  it('reads a hand-written address: a ZIP the router parsed as a number is still a place', () => {
    expect(fromUrl('?q=zoo&location=94110&price=free&date=next_week')).toStrictEqual({
      ...noFilters,
      q: 'zoo',
      location: '94110',
      price: 'free',
      date: 'next_week',
    });
  });

  it('writes only what is set', () => {
    expect(toUrl({ ...noFilters, price: 'free' })).toBe('?price=free');
    expect(toUrl(noFilters)).toBe('');
  });

  it.each([
    ['price', 'cheap'],
    ['price', 'Free'],
    ['date', 'yesterday'],
    ['date', '2026-12-05'],
    ['q', '   '],
    ['q', 'x'.repeat(201)],
    ['q', { words: 'zoo' }],
    ['location', ''],
    ['location', ['Oakland']],
    ['location', 'y'.repeat(201)],
  ])('drops %s=%j instead of failing', (name, value) => {
    expect(validateSearchPageSearch({ [name]: value })).toStrictEqual(noFilters);
  });

  it('trims words and places', () => {
    expect(validateSearchPageSearch({ q: '  zoo  ', location: ' Oakland ' })).toMatchObject({
      q: 'zoo',
      location: 'Oakland',
    });
  });
});

describe('/ ?shake=', () => {
  it('accepts shake=true as parsed by the router or as text', () => {
    expect(validateHomeSearch({ shake: true })).toMatchObject({ shake: true });
    expect(validateHomeSearch({ shake: 'true' })).toMatchObject({ shake: true });
  });

  it.each([[false], ['false'], ['yes'], [1], [undefined]])('ignores shake=%j', (shake) => {
    expect(validateHomeSearch({ shake })).toStrictEqual({
      shake: undefined,
      date: undefined,
      day: undefined,
      fits: undefined,
    });
  });
});

describe("Home's filters for the bottom navigation", () => {
  it('returns to the date and Fits my family last shown, never to a shake', () => {
    rememberHomeFilters(validateHomeSearch({ shake: true, date: 'weekend', fits: 'true' }));
    expect(homeFiltersToReturnTo()).toStrictEqual({ date: 'weekend', day: undefined, fits: true });
    rememberHomeFilters(validateHomeSearch({}));
    expect(homeFiltersToReturnTo()).toStrictEqual({
      date: undefined,
      day: undefined,
      fits: undefined,
    });
  });
});

describe('/ ?date= and ?day=', () => {
  // A past day is dropped, so "today" is set: the last evening of the year, where tomorrow is
  // in the next month and year.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 11, 31, 23, 30));
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const today = '2026-12-31';
  const tomorrow = '2027-01-01';

  it.each(homeDateWords)('keeps the date word %s', (date) => {
    const search = validateHomeSearch({ date });
    expect(search).toMatchObject({ date, day: undefined });
    expect(homeDateFilter(search)).toEqual({ kind: 'word', word: date });
  });

  it('keeps a picked day from today on, over a word', () => {
    expect(validateHomeSearch({ day: today })).toMatchObject({ day: today });
    const search = validateHomeSearch({ day: tomorrow, date: 'today' });
    expect(search).toMatchObject({ day: tomorrow, date: undefined });
    expect(homeDateFilter(search)).toEqual({ kind: 'calendar', day: tomorrow });
  });

  it.each([
    [{ date: 'week' }],
    [{ date: 'Today' }],
    [{ day: '2026-12-30' }],
    [{ day: '2027-02-29' }],
    [{ day: 'soon' }],
  ])('drops %j: home opens on everything upcoming', (raw) => {
    const search = validateHomeSearch(raw);
    expect(search).toMatchObject({ date: undefined, day: undefined });
    expect(homeDateFilter(search)).toEqual({ kind: 'none' });
  });
});

describe("/search with Home's filters (issue 31, C.15: the picks' See All)", () => {
  // A fixed day, so 'a day from today on' means the same whatever the date of the run.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 28, 21, 30));
  });
  afterEach(() => vi.useRealTimers());

  it('carries the date chip, a picked day and Fits my family into the address Search reads', () => {
    const weekend = searchFromHome({ kind: 'word', word: 'weekend' }, true);
    expect(toUrl(weekend)).toBe('?date=weekend&fits=true');
    expect(fromUrl(toUrl(weekend))).toEqual({ ...noFilters, date: 'weekend', fits: true });
    // Home's Tomorrow is no option of Search's, yet Search keeps it.
    const tomorrow = searchFromHome({ kind: 'word', word: 'tomorrow' }, false);
    expect(fromUrl(toUrl(tomorrow))).toEqual({ ...noFilters, date: 'tomorrow' });
    const day = searchFromHome({ kind: 'calendar', day: '2026-12-05' }, false);
    expect(toUrl(day)).toBe('?day=2026-12-05');
    expect(fromUrl(toUrl(day))).toEqual({ ...noFilters, day: '2026-12-05' });
    expect(toUrl(searchFromHome({ kind: 'none' }, false))).toBe('');
  });

  it('drops a past day, and a day wins over a word', () => {
    expect(fromUrl('?day=2026-11-27')).toStrictEqual(noFilters);
    expect(fromUrl('?day=2026-11-28&date=today')).toEqual({ ...noFilters, day: '2026-11-28' });
  });
});

describe('/auth and /onboarding ?redirect=', () => {
  const origin = 'https://famjam.example';

  it.each([
    ['/event/seed:42', '/event/seed:42'],
    ['/search?category=music&date=weekend', '/search?category=music&date=weekend'],
    ['/saved#event-seed:42', '/saved#event-seed:42'],
    ['/event/e1?ref=share#event-e1', '/event/e1?ref=share#event-e1'],
    ['/', '/'],
    // Parsed like any URL the browser would open: spaces encoded, dot segments resolved.
    ['/event/a b', '/event/a%20b'],
    ['/saved/../search', '/search'],
  ])('keeps the path on this site %j', (value, kept) => {
    expect(sameOriginPath(value, origin)).toBe(kept);
  });

  it.each([
    ['https://evil.example/x'],
    ['http://famjam.example/event/1'],
    ['//evil.example'],
    ['//evil.example/event/1'],
    ['/\\evil.example'],
    ['/\\/evil.example'],
    ['javascript:alert(1)'],
    ['JavaScript:alert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['event/1'],
    [' /event/1'],
    ['/\t/evil.example'],
    ['/event/1\nSet-Cookie: x'],
    ['/\u0000/evil.example'],
    ['/\u0085/evil.example'],
    [''],
    [42],
    [null],
    [['/event/1']],
  ])('drops %j: not a plain path on this site', (value) => {
    expect(sameOriginPath(value, origin)).toBeUndefined();
  });

  it('validates against the page origin by default', () => {
    expect(sameOriginPath('/event/1')).toBe('/event/1');
    expect(sameOriginPath(`${window.location.origin}/event/1`)).toBeUndefined();
  });

  it('returns the redirect, or undefined (not left out), so a bad raw value cannot leak through', () => {
    expect(validateRedirectSearch({ redirect: '/event/1' })).toStrictEqual({
      redirect: '/event/1',
    });
    expect(validateRedirectSearch({ redirect: '//evil.example' })).toStrictEqual({
      redirect: undefined,
    });
    expect(validateRedirectSearch({})).toStrictEqual({ redirect: undefined });
  });
});

describe("?fits= ('Fits my family')", () => {
  it.each([[true], ['true']])('is on for fits=%j on / and /search', (fits) => {
    expect(validateHomeSearch({ fits }).fits).toBe(true);
    expect(validateSearchPageSearch({ fits }).fits).toBe(true);
  });

  it.each([[false], ['false'], ['yes'], [1], [undefined]])('is off for fits=%j', (fits) => {
    expect(validateHomeSearch({ fits }).fits).toBeUndefined();
    expect(validateSearchPageSearch({ fits }).fits).toBeUndefined();
  });

  it('round-trips through the address', () => {
    expect(toUrl({ q: 'zoo', fits: true })).toBe('?q=zoo&fits=true');
    expect(fromUrl('?q=zoo&fits=true')).toStrictEqual({ ...noFilters, q: 'zoo', fits: true });
  });
});

describe('/search ?view, ?radius and ?bbox (issue 33)', () => {
  it('keeps the map view, a radius in its unit and a box shaped as four numbers', () => {
    expect(
      validateSearchPageSearch({ view: 'map', radius: '5mi', bbox: '-122.5,37.7,-122.3,37.8' }),
    ).toEqual({ view: 'map', radius: '5mi', bbox: '-122.5,37.7,-122.3,37.8' });
    expect(validateSearchPageSearch({ radius: '10km' }).radius).toBe('10km');
  });

  it.each([
    ['view', 'list'],
    ['view', 'MAP'],
    ['radius', '5'],
    ['radius', '0km'],
    ['radius', '900km'],
    ['radius', '5 miles'],
    ['bbox', 'here'],
    ['bbox', '-122.5,37.7,-122.3'],
    ['bbox', '-122.5,37.7,-122.3,37.8,1'],
    ['bbox', '-122.5,37.7,,37.8'],
    ['bbox', '-122.5,37.7,east,37.8'],
  ])('drops %s=%j instead of failing', (name, value) => {
    expect(validateSearchPageSearch({ [name]: value })[name as 'view']).toBeUndefined();
  });

  it('leaves the full check of a box to Search (every route runs this on its way in)', () => {
    // Reversed, or the world: shaped as a box, refused where the box is used
    // (searchResultsQuery.ts's usableSearch).
    for (const bbox of ['-122.3,37.7,-122.5,37.8', '-180,-90,180,90']) {
      expect(validateSearchPageSearch({ bbox }).bbox).toBe(bbox);
    }
  });
});
