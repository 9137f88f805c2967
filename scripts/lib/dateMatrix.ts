/*
 * The moments `npm run test:dates` (scripts/test-dates.ts) runs the unit suite at, and the pure
 * parts of that script (choosing moments, reading a run's result, the summary table), so they
 * are tested without faketime.
 */

/** A wall-clock moment in a time zone: the clock and zone a test process is started with. */
export interface DateMoment {
  /** Short name for the table and for `--only`. */
  name: string;
  /** Local wall-clock time in `zone`, 'YYYY-MM-DD HH:MM:SS' (what faketime is given). */
  wallClock: string;
  /** IANA zone, set as TZ. */
  zone: string;
  /** Why this moment is awkward for date code. */
  why: string;
}

/*
 * Late evening on purpose: 23:30 leaves the suite (a few minutes) well before midnight while
 * "today", "tomorrow" and "tonight" are at their most fragile, and a day computed as now + 24 h,
 * or a local day read in UTC, lands on the wrong day. Docs: docs/testing.md#dates-and-zones.
 */
export const dateMoments: readonly DateMoment[] = [
  {
    name: 'sunday-month-end',
    wallClock: '2026-11-29 23:30:00',
    zone: 'America/Los_Angeles',
    why: 'Sunday night (This Weekend ends, Next Week is tomorrow); the day after tomorrow is in December (issue 31)',
  },
  {
    name: 'nov-30',
    wallClock: '2026-11-30 23:30:00',
    zone: 'UTC',
    why: 'end of a 30-day month; tomorrow is the 1st',
  },
  {
    name: 'jan-31-pago-pago',
    wallClock: '2027-01-31 23:30:00',
    zone: 'Pacific/Pago_Pago',
    why: 'end of a 31-day month at UTC-11: already Feb 1 in UTC',
  },
  {
    name: 'feb-28-kolkata',
    wallClock: '2027-02-28 23:30:00',
    zone: 'Asia/Kolkata',
    why: 'end of February in a common year, in a +5:30 zone',
  },
  {
    name: 'year-end-kiritimati',
    wallClock: '2026-12-31 23:30:00',
    zone: 'Pacific/Kiritimati',
    why: 'year end at UTC+14: still Dec 31 morning in UTC',
  },
  {
    name: 'year-end-st-johns',
    wallClock: '2026-12-31 23:30:00',
    zone: 'America/St_Johns',
    why: "year end at UTC-3:30: already next year's Jan 1 in UTC",
  },
  {
    name: 'us-spring-forward',
    wallClock: '2026-03-07 23:30:00',
    zone: 'America/New_York',
    why: 'eve of the US change to summer time: tomorrow has 23 hours, so now + 24 h skips it',
  },
  {
    name: 'us-fall-back',
    wallClock: '2026-11-01 00:30:00',
    zone: 'America/Los_Angeles',
    why: 'the US change back (a Sunday of 25 hours): now + 24 h is still today',
  },
  {
    name: 'eu-spring-forward',
    wallClock: '2026-03-28 23:30:00',
    zone: 'Europe/Berlin',
    why: 'Saturday night before Europe changes to summer time',
  },
  {
    name: 'eu-fall-back',
    wallClock: '2026-10-25 00:30:00',
    zone: 'Europe/London',
    why: 'the European change back (a Sunday of 25 hours), in a zone that is UTC in winter',
  },
  {
    name: 'adelaide-dst-starts',
    wallClock: '2026-10-03 23:30:00',
    zone: 'Australia/Adelaide',
    why: 'eve of the southern change to summer time in a half-hour zone (+9:30 to +10:30)',
  },
  {
    name: 'leap-day-eve',
    wallClock: '2028-02-28 23:30:00',
    zone: 'America/Los_Angeles',
    why: 'tomorrow is Feb 29 (2028 is a leap year)',
  },
  {
    name: 'leap-day-adelaide',
    wallClock: '2028-02-29 23:30:00',
    zone: 'Australia/Adelaide',
    why: 'the leap day itself at +10:30 (summer time): still Feb 29 morning in UTC',
  },
];

/**
 * The moments `--only` names: each comma-separated word matches a moment whose name or zone
 * contains it. Every word must match something, so a typo is an error, not an empty run.
 */
export function chooseMoments(
  only: string | undefined,
  moments: readonly DateMoment[] = dateMoments,
): readonly DateMoment[] {
  if (only === undefined) return moments;
  const words = only
    .split(',')
    .map((word) => word.trim().toLowerCase())
    .filter((word) => word !== '');
  if (words.length === 0) throw new Error('--only needs at least one name');
  const matches = (moment: DateMoment, word: string) =>
    moment.name.toLowerCase().includes(word) || moment.zone.toLowerCase().includes(word);
  const unknown = words.filter((word) => !moments.some((moment) => matches(moment, word)));
  if (unknown.length > 0) {
    throw new Error(
      `--only: no moment matches ${unknown.join(', ')} (names: ${moments.map((m) => m.name).join(', ')})`,
    );
  }
  return moments.filter((moment) => words.some((word) => matches(moment, word)));
}

/**
 * 'YYYY-MM-DD HH:MM' of `instant` on the wall clock of `zone`: what a process with that TZ
 * should read when faketime took effect.
 */
export function wallClockMinute(instant: Date, zone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** The failed tests' full names in a Vitest JSON report (`--reporter=json`). */
export function failedTestNames(report: unknown): string[] {
  const files =
    (report as { testResults?: { name?: string; assertionResults?: unknown[] }[] })?.testResults ??
    [];
  return files.flatMap((file) =>
    (file.assertionResults ?? [])
      .map((test) => test as { status?: string; fullName?: string })
      .filter((test) => test.status === 'failed')
      .map((test) => `${relativeTestFile(file.name ?? '')} > ${test.fullName ?? '?'}`),
  );
}

function relativeTestFile(path: string): string {
  const inRepo = path.match(/(?:^|\/)((?:src|machines|contract|scripts|server)\/.*)$/);
  return inRepo?.[1] ?? path;
}

export interface MomentResult {
  moment: DateMoment;
  /** 'passed', or why not in a few words. */
  outcome: 'passed' | 'failed' | 'faketime not applied';
  /** Tests passed / total, when the run got as far as a report. */
  tests?: { passed: number; total: number };
  seconds: number;
  failedTests: readonly string[];
}

/** The summary: one row per moment, then the failed tests under the table. */
export function resultTable(results: readonly MomentResult[]): string {
  const rows = results.map((result) => [
    result.outcome === 'passed' ? 'PASS' : 'FAIL',
    result.moment.name,
    result.moment.wallClock.slice(0, 16),
    result.moment.zone,
    result.tests ? `${result.tests.passed}/${result.tests.total}` : '-',
    `${Math.round(result.seconds)} s`,
    // FAIL says a test failed; only a run that never faked its clock needs more words.
    result.outcome === 'faketime not applied' ? result.outcome : '',
  ]);
  const header = ['', 'moment', 'wall clock', 'TZ', 'tests', 'time', ''];
  const widths = header.map((cell, column) =>
    Math.max(cell.length, ...rows.map((row) => row[column]?.length ?? 0)),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  const failures = results.flatMap((result) =>
    result.failedTests.map((name) => `  ${result.moment.name}: ${name}`),
  );
  return [line(header), ...rows.map(line), ...(failures.length > 0 ? ['', ...failures] : [])].join(
    '\n',
  );
}
