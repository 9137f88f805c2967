import { describe, expect, it } from 'vitest';
import { parseRating, starsFor } from './rating.ts';

const row = (rating: number) =>
  starsFor(rating)
    .map((star) => ({ full: '★', half: '½', empty: '☆' })[star])
    .join('');

describe('star rating (docs/product.md#spec-9: scale 5, half stars for .5)', () => {
  it.each([
    [5, '★★★★★'],
    [4.5, '★★★★½'],
    [4, '★★★★☆'],
    [4.2, '★★★★☆'],
    [4.3, '★★★★½'],
    [3.8, '★★★★☆'],
    [0.5, '½☆☆☆☆'],
    [0, '☆☆☆☆☆'],
  ])('%d → %s', (rating, expected) => {
    expect(row(rating)).toBe(expected);
  });

  it.each([
    ['4.5', 4.5],
    [' 4 ', 4],
    ['7', 5],
    ['', null],
    ['four', null],
    ['-1', null],
    ['4.5 stars', null],
  ])('reads %j as %j', (text, expected) => {
    expect(parseRating(text)).toBe(expected);
  });
});
