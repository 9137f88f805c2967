import { describe, expect, it } from 'vitest';
import {
  apiDateParam,
  type HomeDateFilter,
  homeDateWords,
  noDateFilter,
  SHAKE_SOON_DAYS,
  shakePool,
  validPickedDay,
} from './dateFilter.ts';

const now = new Date(2026, 10, 23, 21, 30);

describe('home date filter', () => {
  it('has the spec’s four chips in order', () => {
    // Their names are home's (DateChips.test.tsx reads them in both languages).
    expect(homeDateWords).toEqual(['today', 'tomorrow', 'weekend', 'next_week']);
  });

  it('sends the word or the picked day as the API date, nothing when none is chosen', () => {
    expect(apiDateParam(noDateFilter)).toBeUndefined();
    expect(apiDateParam({ kind: 'word', word: 'weekend' })).toBe('weekend');
    expect(apiDateParam({ kind: 'word', word: 'next_week' })).toBe('next_week');
    expect(apiDateParam({ kind: 'calendar', day: '2026-12-05' })).toBe('2026-12-05');
  });

  it.each([
    ['2026-11-23', '2026-11-23'],
    ['2026-12-31', '2026-12-31'],
    ['2026-11-22', undefined],
    ['2026-02-30', undefined],
    ['2026-1-5', undefined],
    ['tomorrow', undefined],
    [20261124, undefined],
  ])('a picked day %j from the URL reads as %j', (value, expected) => {
    expect(validPickedDay(value, now)).toBe(expected);
  });
});

describe('shakePool', () => {
  // Thursday 26 November 2026, 9 in the evening, local time.
  const now = new Date(2026, 10, 26, 21, 0);
  const at = (day: number, hour = 10) => ({ date: new Date(2026, 10, day, hour).toISOString() });
  const tonight = at(26, 22);
  const sunday = at(29, 23);
  const inEightDays = at(26 + 8);
  const nextMonday = at(26 + SHAKE_SOON_DAYS + 1, 0);

  it('with no date chosen, picks from today and the next three days when any are there', () => {
    expect(shakePool([inEightDays, tonight, nextMonday, sunday], noDateFilter, now)).toEqual([
      tonight,
      sunday,
    ]);
  });

  it('with nothing soon, picks from the whole list rather than from nothing', () => {
    expect(shakePool([inEightDays, nextMonday], noDateFilter, now)).toEqual([
      inEightDays,
      nextMonday,
    ]);
  });

  it('with a date chip chosen, picks from the list the chip made', () => {
    const list = [inEightDays, tonight];
    const nextWeek: HomeDateFilter = { kind: 'word', word: 'next_week' };
    const picked: HomeDateFilter = { kind: 'calendar', day: '2026-12-08' };
    expect(shakePool(list, nextWeek, now)).toBe(list);
    expect(shakePool(list, picked, now)).toBe(list);
  });
});
