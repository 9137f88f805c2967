import { describe, expect, it } from 'vitest';
import {
  chooseMoments,
  dateMoments,
  failedTestNames,
  resultTable,
  wallClockMinute,
} from './dateMatrix.ts';

describe("test:dates' moments", () => {
  it('are each a wall clock that exists in its zone (none inside a spring-forward gap)', () => {
    for (const moment of dateMoments) {
      const [day = '', time = ''] = moment.wallClock.split(' ');
      const [year, month, date] = day.split('-').map(Number);
      const [hour, minute] = time.split(':').map(Number);
      // The instant that shows this clock: try every offset a zone can have, in quarter hours.
      const asUtc = Date.UTC(year ?? 0, (month ?? 1) - 1, date ?? 1, hour, minute);
      const shown = Array.from({ length: 26 * 4 + 1 }, (_, step) => (step - 12 * 4) * 15 * 60_000)
        .map((offset) => new Date(asUtc - offset))
        .some((instant) => wallClockMinute(instant, moment.zone) === moment.wallClock.slice(0, 16));
      expect(shown, `${moment.name}: ${moment.wallClock} ${moment.zone}`).toBe(true);
    }
    expect(new Set(dateMoments.map((moment) => moment.name)).size).toBe(dateMoments.length);
  });

  it('are chosen by a word of their name or zone, and an unknown word is an error', () => {
    expect(chooseMoments(undefined)).toBe(dateMoments);
    expect(chooseMoments('kiritimati, leap-day-eve').map((moment) => moment.name)).toEqual([
      'year-end-kiritimati',
      'leap-day-eve',
    ]);
    expect(() => chooseMoments('leap,mars')).toThrow(/no moment matches mars/);
    expect(() => chooseMoments(' , ')).toThrow(/at least one/);
  });
});

describe("test:dates' report", () => {
  it('reads the wall clock of a zone, half-hour zones too', () => {
    const instant = new Date('2026-12-31T18:00:00Z');
    expect(wallClockMinute(instant, 'Asia/Kolkata')).toBe('2026-12-31 23:30');
    expect(wallClockMinute(instant, 'Pacific/Kiritimati')).toBe('2027-01-01 08:00');
  });

  it('lists the failed tests from a Vitest JSON report, and a table row per moment', () => {
    const report = {
      testResults: [
        {
          name: '/work/repo/src/features/home/DateChips.test.tsx',
          assertionResults: [
            { status: 'passed', fullName: 'DateChips labels' },
            { status: 'failed', fullName: 'DateChips opens the calendar' },
          ],
        },
      ],
    };
    const failed = failedTestNames(report);
    expect(failed).toEqual(['src/features/home/DateChips.test.tsx > DateChips opens the calendar']);
    const [sunday, kiritimati] = chooseMoments('sunday,kiritimati');
    if (!sunday || !kiritimati) throw new Error('moments missing');
    const table = resultTable([
      {
        moment: sunday,
        outcome: 'failed',
        tests: { passed: 1, total: 2 },
        seconds: 95.4,
        failedTests: failed,
      },
      { moment: kiritimati, outcome: 'faketime not applied', seconds: 0.2, failedTests: [] },
    ]).split('\n');
    expect(table[1]).toMatch(
      /^FAIL {2}sunday-month-end +2026-11-29 23:30 {2}America\/Los_Angeles +1\/2 +95 s$/,
    );
    expect(table[2]).toMatch(/^FAIL {2}year-end-kiritimati .* - +0 s +faketime not applied$/);
    expect(table.at(-1)).toBe(
      '  sunday-month-end: src/features/home/DateChips.test.tsx > DateChips opens the calendar',
    );
  });
});
