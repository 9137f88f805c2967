import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../i18n/i18n.ts';
import { ageRangeLabel } from './ageRange.ts';

describe('ageRangeLabel', () => {
  it.each([
    [3, 8, 'Ages 3–8'],
    [null, 4, 'Ages 0–4'],
    [0, 12, 'Ages 0–12'],
    [13, null, 'Ages 13+'],
    [0, null, 'Ages 0+'],
    [21, null, '21+'],
    [18, null, '18+'],
    [18, 25, 'Ages 18–25'],
    [5, 5, 'Age 5'],
    [null, null, null],
  ] as const)('min %s, max %s → %s', (minAge, maxAge, expected) => {
    expect(ageRangeLabel({ minAge, maxAge })).toBe(expected);
  });
});

describe('ageRangeLabel in Spanish', () => {
  afterEach(() => changeLocale('en'));

  it.each([
    [3, 8, 'De 3 a 8 años'],
    [null, 1, 'De 0 a 1 año'],
    [13, null, 'Desde 13 años'],
    [1, null, 'Desde 1 año'],
    [21, null, '21+'],
    [1, 1, '1 año'],
    [5, 5, '5 años'],
  ])('%s to %s → %s', async (minAge, maxAge, expected) => {
    await changeLocale('es');
    expect(ageRangeLabel({ minAge, maxAge })).toBe(expected);
  });
});
