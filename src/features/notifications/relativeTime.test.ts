import { describe, expect, it } from 'vitest';
import { relativeTime, relativeTimeSteps } from './relativeTime.ts';

const now = new Date('2026-11-24T12:00:00.000Z');

describe('relativeTime', () => {
  it.each([
    ['2026-11-24T11:59:30.000Z', 'just now'],
    ['2026-11-24T12:00:20.000Z', 'just now'],
    ['2026-11-24T11:59:00.000Z', '1 minute ago'],
    ['2026-11-24T11:55:00.000Z', '5 minutes ago'],
    ['2026-11-24T13:00:00.000Z', 'in 1 hour'],
    ['2026-11-24T09:00:00.000Z', '3 hours ago'],
    ['2026-11-23T12:00:00.000Z', 'yesterday'],
    ['2026-11-20T12:00:00.000Z', '4 days ago'],
    ['2026-11-17T12:00:00.000Z', 'last week'],
    ['2026-11-10T12:00:00.000Z', '2 weeks ago'],
    ['2026-08-24T12:00:00.000Z', '3 months ago'],
    ['2025-11-24T12:00:00.000Z', 'last year'],
    ['2024-11-24T12:00:00.000Z', '2 years ago'],
    ['2026-11-25T12:00:00.000Z', 'tomorrow'],
    ['2027-01-08T12:00:00.000Z', 'next month'],
  ])('%s is "%s"', (iso, expected) => {
    expect(relativeTime(iso, now)).toBe(expected);
  });

  it('says what Intl.RelativeTimeFormat says, from a minute to decades either way', () => {
    // The reference the hand-written words replace, stepped through the same units and rounded
    // the same way: what differs is only who spells the words.
    const intl = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
    const reference = (seconds: number) => {
      let amount = seconds / 60;
      for (const [unit, size] of relativeTimeSteps) {
        if (Math.abs(amount) < size) return intl.format(Math.round(amount), unit);
        amount /= size;
      }
      return '';
    };
    let checked = 0;
    // Offsets growing by 7% from a minute to about 60 years, in the past and the future.
    for (let seconds = 60; seconds < 2e9; seconds = Math.ceil(seconds * 1.07)) {
      for (const signed of [-seconds, seconds]) {
        const iso = new Date(now.getTime() + signed * 1000).toISOString();
        expect(relativeTime(iso, now), `${signed} s`).toBe(reference(signed));
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(400);
  });

  it('says nothing for a date it cannot read', () => {
    expect(relativeTime('not a date', now)).toBe('');
  });
});
