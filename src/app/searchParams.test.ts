import { addDays } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { categoryIds } from '../domain/constants.ts';
import { homeDateWords, isoDay } from '../domain/dateFilter.ts';
import {
  homeDateFilter,
  sameOriginPath,
  validateHomeSearch,
  validateRedirectSearch,
  validateSearchPageSearch,
} from './searchParams.ts';

describe('/search ?category=', () => {
  it.each(categoryIds)('keeps the category id %s', (category) => {
    expect(validateSearchPageSearch({ category })).toEqual({ category });
  });

  it.each([['Music'], ['concerts'], [''], [42], [true], [['music']], [null]])(
    'drops the invalid value %j instead of failing',
    (category) => {
      expect(validateSearchPageSearch({ category })).toStrictEqual({ category: undefined });
    },
  );

  it('is optional', () => {
    expect(validateSearchPageSearch({})).toStrictEqual({ category: undefined });
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
    });
  });
});

describe('/ ?date= and ?day=', () => {
  const today = isoDay(new Date());
  const tomorrow = isoDay(addDays(new Date(), 1));

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

  it.each([[{ date: 'week' }], [{ date: 'Today' }], [{ day: '2020-01-01' }], [{ day: 'soon' }]])(
    'drops %j: home opens on everything upcoming',
    (raw) => {
      const search = validateHomeSearch(raw);
      expect(search).toMatchObject({ date: undefined, day: undefined });
      expect(homeDateFilter(search)).toEqual({ kind: 'none' });
    },
  );
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
