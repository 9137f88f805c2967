import { afterEach, describe, expect, it } from 'vitest';
import { storageKeys } from '../../domain/constants.ts';
import { describeSearch, readLastSearch, rememberSearch } from './lastSearch.ts';

afterEach(() => localStorage.clear());

describe('the last search', () => {
  it('is read back as it was kept', () => {
    rememberSearch({ q: 'puppets', category: 'arts', price: 'under20' });
    expect(readLastSearch()).toMatchObject({ q: 'puppets', category: 'arts', price: 'under20' });
  });

  it('is under famjam_last_search', () => {
    rememberSearch({ date: 'weekend' });
    expect(JSON.parse(localStorage.getItem('famjam_last_search') ?? 'null')).toEqual({
      date: 'weekend',
    });
  });

  it('keeps the last real search when the screen is empty again', () => {
    rememberSearch({ q: 'zoo' });
    rememberSearch({});
    expect(readLastSearch()).toMatchObject({ q: 'zoo' });
  });

  it('is nothing before any search', () => {
    expect(readLastSearch()).toBeNull();
  });

  it.each([
    ['not JSON', '{oops'],
    ['a list', '["zoo"]'],
    ['only values the route drops', '{"price":"cheap","category":"Music"}'],
  ])('is nothing when the stored entry is %s', (_, stored) => {
    localStorage.setItem(storageKeys.lastSearch, stored);
    expect(readLastSearch()).toBeNull();
  });

  it('drops a stored value the route would drop, keeping the rest', () => {
    localStorage.setItem(storageKeys.lastSearch, '{"q":"zoo","date":"yesterday"}');
    expect(readLastSearch()).toStrictEqual({
      q: 'zoo',
      category: undefined,
      price: undefined,
      date: undefined,
      day: undefined,
      location: undefined,
      fits: undefined,
      view: undefined,
      radius: undefined,
      bbox: undefined,
    });
  });
});

describe('describeSearch', () => {
  it('names every part in the order the screen shows them, with the spec labels', () => {
    expect(
      describeSearch({
        q: 'puppets',
        category: 'arts',
        price: '20to50',
        date: 'next_week',
        location: 'Oakland, CA',
      }),
    ).toBe('"puppets" · Arts & Culture · $20-50 · Next Week · near Oakland, CA');
  });

  it('leaves out what is not set', () => {
    expect(describeSearch({ price: 'free' })).toBe('Free');
  });
});
