import { describe, expect, it } from 'vitest';
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
