/**
 * The figures `npm run audit` tabulates, read from one Lighthouse 12 report (its lhr) and the
 * trace of its run. Apart from scripts/audit.ts so a folder of saved reports (.audit/, with
 * FAMJAM_AUDIT_TRACE for the traces) can be tabulated again.
 */
import type lighthouse from 'lighthouse';
import type { CrawlBlock, RunFigures } from './auditReport.ts';
import { rendererBlocking, type TraceEvent } from './rendererCpu.ts';

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

function score(lhr: Lhr, category: string): number {
  const value = lhr.categories[category]?.score;
  if (typeof value !== 'number') throw new Error(`no ${category} score`);
  return Math.round(value * 100);
}

function numeric(lhr: Lhr, audit: string): number {
  const value = lhr.audits[audit]?.numericValue;
  if (typeof value !== 'number') throw new Error(`no ${audit} value`);
  return value;
}

/**
 * The figures the table shows, from one report and the trace of its run; `cpuSlowdown` as
 * rendererBlocking takes it (a run throttled in the browser: 1).
 */
export function figuresOf(
  lhr: Lhr,
  traceEvents: readonly TraceEvent[],
  cpuSlowdown?: number,
): RunFigures {
  // is-crawlable fails when a robots meta tag or X-Robots-Tag header says noindex (its items'
  // source is that node or header) or robots.txt disallows the page (a source location in
  // robots.txt): either way search engines stay out, so the SEO score means nothing.
  const crawlable = lhr.audits['is-crawlable'];
  let block: CrawlBlock | null = null;
  if (crawlable?.score === 0) {
    const items = crawlable.details?.type === 'table' ? crawlable.details.items : [];
    const fromRobotsTxt = items.some(
      (item) =>
        typeof item.source === 'object' &&
        item.source !== null &&
        'url' in item.source &&
        String(item.source.url).endsWith('/robots.txt'),
    );
    block = fromRobotsTxt && items.length === 1 ? 'robots.txt' : 'noindex';
  }
  const summary = lhr.audits['resource-summary']?.details;
  const scriptRow =
    summary?.type === 'table'
      ? summary.items.find((item) => item.resourceType === 'script')
      : undefined;
  return {
    performance: score(lhr, 'performance'),
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    cpuTbtMs: rendererBlocking(traceEvents, cpuSlowdown).cpuBlockingMs,
    cls: numeric(lhr, 'cumulative-layout-shift'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    seo: block ?? score(lhr, 'seo'),
    jsTransferredBytes: typeof scriptRow?.transferSize === 'number' ? scriptRow.transferSize : 0,
  };
}
