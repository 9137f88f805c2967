/**
 * The pure part of `npm run audit` (scripts/audit.ts): the figures one Lighthouse run gives for a
 * page, their median over several runs, issue 16's thresholds, and the table. No Lighthouse or
 * browser here, so scripts/lib/auditReport.test.ts checks it all with plain numbers.
 */

/**
 * What keeps a page out of search results: a robots meta tag or X-Robots-Tag header saying
 * noindex, or a Disallow in robots.txt.
 */
export type CrawlBlock = 'noindex' | 'robots.txt';

/** What one Lighthouse run of one page measured. Scores are 0-100, times in ms. */
export interface RunFigures {
  performance: number;
  lcpMs: number;
  tbtMs: number;
  /**
   * TBT summed over the renderer's thread CPU time instead of wall time (rendererCpu.ts): what
   * the page's own work costs, without the waits of a busy machine. The TBT the audit judges
   * (issue 36); Lighthouse's own `tbtMs` is shown beside it.
   */
  cpuTbtMs: number;
  cls: number;
  accessibility: number;
  bestPractices: number;
  /** The score, or why search engines may not index the page (then SEO means nothing). */
  seo: number | CrawlBlock;
  jsTransferredBytes: number;
}

export interface PageRuns {
  /** The key used by --pages ('home', 'event-preview'...). */
  key: string;
  /** What the table shows ('/event/{id} (link preview)'). */
  label: string;
  /** Public pages must score SEO 100; signed-in pages must say noindex instead. */
  public: boolean;
  runs: RunFigures[];
}

export interface Spread {
  median: number;
  min: number;
  max: number;
}

/** Median (the mean of the middle two for an even count), minimum and maximum. */
export function spread(values: readonly number[]): Spread {
  if (values.length === 0) throw new Error('spread of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median =
    sorted.length % 2 === 1
      ? (sorted[middle] as number)
      : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
  return { median, min: sorted[0] as number, max: sorted[sorted.length - 1] as number };
}

/**
 * What a page must meet, on the median of its runs (issue 36, section 3; issue 16 before it).
 * TBT is the page's own main-thread work (`cpuTbtMs`). Lighthouse's TBT and Performance score
 * count, on a shared 2-core machine, the time the renderer waited for a core (docs/benchmarks.md,
 * 'The headless shell'): they stay in the table as information, with `informationOnly` below.
 */
export const thresholds = {
  lcpMs: 2_000,
  cpuTbtMs: 150,
  cls: 0.02,
  accessibility: 100,
  bestPractices: 100,
  /** On public pages only. */
  seo: 100,
} as const;

/**
 * Why Lighthouse's own TBT and Performance score are shown but not judged: on a machine whose
 * cores are shared, they count the renderer's waits for a core as the page's blocking time.
 */
export const informationOnly =
  "Lighthouse's TBT and Performance score are information, not thresholds: on a shared 2-core " +
  'machine they count the time the renderer waited for a core (docs/benchmarks.md).';

/** Every way the page's medians fall short, as sentences; empty when it passes. */
export function pageFailures(page: PageRuns): string[] {
  const failures: string[] = [];
  const median = (pick: (run: RunFigures) => number) => spread(page.runs.map(pick)).median;
  const atLeast = (name: string, value: number, limit: number, shown = String(value)) => {
    if (value < limit) failures.push(`${page.label}: ${name} ${shown} < ${limit}`);
  };
  const atMost = (
    name: string,
    value: number,
    limit: number,
    shown: string,
    limitShown: string,
  ) => {
    if (value > limit) failures.push(`${page.label}: ${name} ${shown} > ${limitShown}`);
  };
  const lcp = median((run) => run.lcpMs);
  atMost('LCP', lcp, thresholds.lcpMs, seconds(lcp), seconds(thresholds.lcpMs));
  const tbt = median((run) => run.cpuTbtMs);
  atMost(
    'TBT (CPU only)',
    tbt,
    thresholds.cpuTbtMs,
    `${Math.round(tbt)} ms`,
    `${thresholds.cpuTbtMs} ms`,
  );
  const cls = median((run) => run.cls);
  atMost('CLS', cls, thresholds.cls, cls.toFixed(3), String(thresholds.cls));
  atLeast(
    'Accessibility',
    median((run) => run.accessibility),
    thresholds.accessibility,
  );
  atLeast(
    'Best Practices',
    median((run) => run.bestPractices),
    thresholds.bestPractices,
  );
  if (page.public) {
    const block = page.runs.map((run) => run.seo).find((seo) => typeof seo === 'string');
    if (block) {
      // A public page that keeps search engines out is a failure, not a skipped score.
      failures.push(`${page.label}: not indexable on a public page (${block})`);
    } else {
      atLeast(
        'SEO',
        median((run) => run.seo as number),
        thresholds.seo,
      );
    }
  } else if (page.runs.some((run) => typeof run.seo === 'number')) {
    // Issue 16: signed-in pages stay noindex (they are one family's data, not content).
    failures.push(`${page.label}: signed in but indexable (no robots noindex)`);
  }
  return failures;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** "median (min–max)", or just the value when every run gave the same. */
function cell(values: readonly number[], format: (value: number) => string): string {
  const { median, min, max } = spread(values);
  return min === max ? format(median) : `${format(median)} (${format(min)}–${format(max)})`;
}

/**
 * The SEO cell: the scores, or what keeps the page out of search results instead of a score
 * ('noindex (signed in)'); a mark where that is wrong for the page.
 */
function seoCell(page: PageRuns): string {
  const scores = page.runs.map((run) => run.seo);
  const scored = scores.filter((seo): seo is number => typeof seo === 'number');
  const block = scores.find((seo): seo is CrawlBlock => typeof seo === 'string');
  if (block && scored.length === 0) {
    return `${block} (${page.public ? 'public page!' : 'signed in'})`;
  }
  const text = cell(scored, String);
  const mixed = block ? `${text}, ${block} in ${scores.length - scored.length}` : text;
  return page.public ? mixed : `${mixed} (indexable!)`;
}

const columns = [
  'page',
  'Performance',
  'LCP',
  'TBT',
  'TBT (CPU only)',
  'CLS',
  'Accessibility',
  'Best Practices',
  'SEO',
  'JS transferred',
] as const;

/** The rows of the table, one per page, each cell a string (medians with min–max). */
export function tableRows(pages: readonly PageRuns[]): string[][] {
  return pages.map((page) => {
    const pick = (key: keyof Omit<RunFigures, 'seo'>) => page.runs.map((run) => run[key]);
    return [
      page.label,
      cell(pick('performance'), String),
      cell(pick('lcpMs'), seconds),
      cell(pick('tbtMs'), (ms) => `${Math.round(ms)} ms`),
      cell(pick('cpuTbtMs'), (ms) => `${Math.round(ms)} ms`),
      cell(pick('cls'), (value) => value.toFixed(3)),
      cell(pick('accessibility'), String),
      cell(pick('bestPractices'), String),
      seoCell(page),
      cell(pick('jsTransferredBytes'), (bytes) => `${(bytes / 1024).toFixed(0)} KB`),
    ];
  });
}

/** A Markdown table, padded to line up in a terminal; it pastes as-is into an issue or README. */
export function markdownTable(header: readonly string[], rows: readonly string[][]): string {
  const all = [header, ...rows];
  const widths = header.map((_, index) => Math.max(...all.map((row) => row[index]?.length ?? 0)));
  const line = (row: readonly string[]) =>
    `| ${row.map((text, index) => text.padEnd(widths[index] ?? 0)).join(' | ')} |`;
  const rule = `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

export function formatTable(pages: readonly PageRuns[]): string {
  return markdownTable(columns, tableRows(pages));
}

export function formatThresholds(): string {
  return [
    `Thresholds (median of the runs): LCP ≤ ${seconds(thresholds.lcpMs)}, TBT (CPU only) ≤ ${thresholds.cpuTbtMs} ms,`,
    `CLS ≤ ${thresholds.cls}, Accessibility ${thresholds.accessibility}, Best Practices ${thresholds.bestPractices},`,
    `SEO ${thresholds.seo} on public pages (signed-in pages: not indexable).`,
    "TBT (CPU only): TBT's sum over the time the page's main thread ran on a core instead of the",
    "time its tasks took: the page's own work, whatever else the machine is doing.",
    `${informationOnly}`,
  ].join('\n');
}
