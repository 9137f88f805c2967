import { describe, expect, it } from 'vitest';
import { categoryIds } from '../domain/constants.ts';
import { validateHomeSearch, validateSearchPageSearch } from './searchParams.ts';

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
    expect(validateHomeSearch({ shake: true })).toEqual({ shake: true });
    expect(validateHomeSearch({ shake: 'true' })).toEqual({ shake: true });
  });

  it.each([[false], ['false'], ['yes'], [1], [undefined]])('ignores shake=%j', (shake) => {
    expect(validateHomeSearch({ shake })).toStrictEqual({ shake: undefined });
  });
});
