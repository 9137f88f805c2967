import { describe, expect, it } from 'vitest';
import {
  apiDateParam,
  homeDateChipLabels,
  homeDateWords,
  noDateFilter,
  validPickedDay,
} from './dateFilter.ts';

const now = new Date(2026, 10, 23, 21, 30);

describe('home date filter', () => {
  it('has the spec’s four chips in order', () => {
    expect(homeDateWords.map((word) => homeDateChipLabels[word])).toEqual([
      'Today',
      'Tomorrow',
      'This Weekend',
      'Next Week',
    ]);
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
