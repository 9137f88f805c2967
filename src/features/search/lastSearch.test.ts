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

  it('comes back as the list with its radius, without the map or its panned area', () => {
    rememberSearch({
      q: 'puppets',
      category: 'arts',
      radius: '5mi',
      view: 'map',
      bbox: '-122.3,37.7,-122.2,37.9',
    });
    const continued = readLastSearch();
    expect(continued).toMatchObject({ q: 'puppets', category: 'arts', radius: '5mi' });
    expect(continued?.view).toBeUndefined();
    expect(continued?.bbox).toBeUndefined();
  });

  it('leaves out the map and its area from an entry an earlier build kept', () => {
    localStorage.setItem(
      storageKeys.lastSearch,
      '{"q":"zoo","radius":"10km","view":"map","bbox":"-122.3,37.7,-122.2,37.9"}',
    );
    expect(readLastSearch()).toMatchObject({
      q: 'zoo',
      radius: '10km',
      view: undefined,
      bbox: undefined,
    });
  });

  it('keeps the last real search when only the map is shown', () => {
    rememberSearch({ q: 'zoo' });
    rememberSearch({ view: 'map', bbox: '-122.3,37.7,-122.2,37.9' });
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
