import { describe, expect, it } from 'vitest';
import { relativeTime } from './relativeTime.ts';

const now = new Date('2026-11-24T12:00:00.000Z');

describe('relativeTime', () => {
  it.each([
    ['2026-11-24T11:59:30.000Z', 'just now'],
    ['2026-11-24T12:00:20.000Z', 'just now'],
    ['2026-11-24T11:55:00.000Z', '5 minutes ago'],
    ['2026-11-24T09:00:00.000Z', '3 hours ago'],
    ['2026-11-23T12:00:00.000Z', 'yesterday'],
    ['2026-11-20T12:00:00.000Z', '4 days ago'],
    ['2026-11-10T12:00:00.000Z', '2 weeks ago'],
    ['2026-08-24T12:00:00.000Z', '3 months ago'],
    ['2024-11-24T12:00:00.000Z', '2 years ago'],
    ['2026-11-25T12:00:00.000Z', 'tomorrow'],
  ])('%s is "%s"', (iso, expected) => {
    expect(relativeTime(iso, now)).toBe(expected);
  });

  it('says nothing for a date it cannot read', () => {
    expect(relativeTime('not a date', now)).toBe('');
  });
});
