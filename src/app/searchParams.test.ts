import { addDays } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { categoryIds } from '../domain/constants.ts';
import { homeDateWords, isoDay } from '../domain/dateFilter.ts';
import { homeDateFilter, validateHomeSearch, validateSearchPageSearch } from './searchParams.ts';

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
