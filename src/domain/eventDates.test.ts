import { describe, expect, it } from 'vitest';
import { longDateLabel } from './eventDates.ts';

describe('longDateLabel', () => {
  it('spells out the venue’s day the API sends', () => {
    expect(
      longDateLabel({ date: '2026-11-29T03:00:00.000Z', day: '2026-11-28', timeZone: 'UTC' }),
    ).toBe('Saturday, November 28, 2026');
  });

  it('works the venue’s day out for an event kept without one', () => {
    const lateEvening = '2026-11-29T03:00:00.000Z';
    expect(longDateLabel({ date: lateEvening, timeZone: 'America/Los_Angeles' })).toBe(
      'Saturday, November 28, 2026',
    );
    expect(longDateLabel({ date: lateEvening, timeZone: 'Asia/Tokyo' })).toBe(
      'Sunday, November 29, 2026',
    );
  });

  it('falls back to UTC for a zone the browser does not know', () => {
    expect(longDateLabel({ date: '2026-12-31T23:30:00.000Z', timeZone: 'Mars/Olympus' })).toBe(
      'Thursday, December 31, 2026',
    );
  });
});
