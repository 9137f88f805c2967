import { describe, expect, it } from 'vitest';
import { parseAuditOptions } from './auditOptions.ts';
import {
  formatTable,
  type PageRuns,
  pageFailures,
  type RunFigures,
  spread,
  tableRows,
} from './auditReport.ts';

/** A run that meets every threshold; tests change what they are about. */
function goodRun(overrides: Partial<RunFigures> = {}): RunFigures {
  return {
    performance: 98,
    lcpMs: 1_500,
    tbtMs: 40,
    cpuTbtMs: 20,
    cls: 0.001,
    accessibility: 100,
    bestPractices: 100,
    seo: 100,
    jsTransferredBytes: 150 * 1024,
    ...overrides,
  };
}

function page(runs: RunFigures[], isPublic = true): PageRuns {
  return { key: 'auth', label: '/auth', public: isPublic, runs };
}

describe('spread', () => {
  it('takes the middle value of an odd count, whatever the order', () => {
    expect(spread([3, 1, 2])).toEqual({ median: 2, min: 1, max: 3 });
  });

  it('averages the middle two of an even count', () => {
    expect(spread([10, 40, 20, 30])).toEqual({ median: 25, min: 10, max: 40 });
  });

  it('refuses no values rather than inventing a figure', () => {
    expect(() => spread([])).toThrow();
  });
});

describe('pageFailures', () => {
  it('passes a page whose medians meet every threshold', () => {
    expect(pageFailures(page([goodRun(), goodRun(), goodRun()]))).toEqual([]);
  });

  it('judges the median, so one slow run of three does not fail the page', () => {
    const runs = [goodRun(), goodRun({ lcpMs: 4_000, performance: 60 }), goodRun()];
    expect(pageFailures(page(runs))).toEqual([]);
  });

  it('names each threshold a page misses, with the figure and the limit', () => {
    const slow = goodRun({ lcpMs: 4_100, cpuTbtMs: 214, cls: 0.05, seo: 92 });
    expect(pageFailures(page([slow, slow, slow]))).toEqual([
      '/auth: LCP 4.1 s > 2.0 s',
      '/auth: TBT (CPU only) 214 ms > 150 ms',
      '/auth: CLS 0.050 > 0.02',
      '/auth: SEO 92 < 100',
    ]);
  });

  it("judges the page's own TBT: Lighthouse's TBT and score, which count waits for a core, are information", () => {
    const busyMachine = goodRun({ tbtMs: 1_240, performance: 61, cpuTbtMs: 90 });
    expect(pageFailures(page([busyMachine]))).toEqual([]);
  });

  it('keeps the boundaries: exactly at a threshold passes', () => {
    const edge = goodRun({ lcpMs: 2_000, cpuTbtMs: 150, cls: 0.02 });
    expect(pageFailures(page([edge]))).toEqual([]);
  });

  it('wants Accessibility and Best Practices at 100', () => {
    const run = goodRun({ accessibility: 98, bestPractices: 96 });
    expect(pageFailures(page([run]))).toEqual([
      '/auth: Accessibility 98 < 100',
      '/auth: Best Practices 96 < 100',
    ]);
  });

  it('fails a public page kept out of search results, and a signed-in page left in them', () => {
    expect(pageFailures(page([goodRun({ seo: 'robots.txt' })]))).toEqual([
      '/auth: not indexable on a public page (robots.txt)',
    ]);
    expect(pageFailures(page([goodRun({ seo: 83 })], false))).toEqual([
      '/auth: signed in but indexable (no robots noindex)',
    ]);
    expect(pageFailures(page([goodRun({ seo: 'noindex' })], false))).toEqual([]);
  });
});

describe('the table', () => {
  it('shows medians with the range, and the noindex note instead of a signed-in SEO score', () => {
    const runs = [
      goodRun({ performance: 60, lcpMs: 4_150, tbtMs: 914, cpuTbtMs: 180, seo: 'noindex' }),
      goodRun({ performance: 62, lcpMs: 4_200, tbtMs: 1_001, cpuTbtMs: 240, seo: 'noindex' }),
      goodRun({ performance: 61, lcpMs: 4_100, tbtMs: 950, cpuTbtMs: 205.4, seo: 'noindex' }),
    ];
    expect(tableRows([{ ...page(runs, false), label: '/ (home)' }])).toEqual([
      [
        '/ (home)',
        '61 (60–62)',
        '4.2 s (4.1 s–4.2 s)',
        '950 ms (914 ms–1001 ms)',
        '205 ms (180 ms–240 ms)',
        '0.001',
        '100',
        '100',
        'noindex (signed in)',
        '150 KB',
      ],
    ]);
  });

  it('marks a signed-in page that is scored as indexable, and says what blocks a page', () => {
    const [indexable, disallowed] = tableRows([
      page([goodRun({ seo: 83 })], false),
      page([goodRun({ seo: 'robots.txt' })], true),
    ]);
    expect(indexable?.[8]).toBe('83 (indexable!)');
    expect(disallowed?.[8]).toBe('robots.txt (public page!)');
  });

  it('lines the columns up as a Markdown table', () => {
    const lines = formatTable([page([goodRun()])]).split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^\| page +\| Performance \| LCP +\|/);
    expect(lines[1]).toMatch(/^\|-+\|-+\|/);
    // Every line is as wide as the header: the columns line up in a terminal.
    expect(new Set(lines.map((line) => line.length)).size).toBe(1);
  });
});

describe('parseAuditOptions', () => {
  const known = ['auth', 'home'];

  it('defaults to every page, the default run count and no URL', () => {
    expect(parseAuditOptions([], known, 3)).toEqual({ runs: 3, pages: undefined, url: undefined });
  });

  it('reads --runs, --pages and --url', () => {
    expect(
      parseAuditOptions(
        ['--runs', '5', '--pages', 'home,auth', '--url', 'http://127.0.0.1:8080'],
        known,
        3,
      ),
    ).toEqual({ runs: 5, pages: ['home', 'auth'], url: 'http://127.0.0.1:8080/' });
  });

  it('refuses an unknown page, a run count below 1 and a relative URL, naming the option', () => {
    expect(() => parseAuditOptions(['--pages', 'home,nope'], known, 3)).toThrow(/unknown: nope/);
    expect(() => parseAuditOptions(['--runs', '0'], known, 3)).toThrow(/--runs/);
    expect(() => parseAuditOptions(['--url', 'localhost'], known, 3)).toThrow(/--url/);
  });

  it('calls the count --taps for audit:inp', () => {
    expect(parseAuditOptions(['--taps', '7'], known, 5, 'taps').runs).toBe(7);
  });
});
