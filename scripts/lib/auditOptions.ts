import { type ParseArgsConfig, parseArgs } from 'node:util';

/**
 * `npm run audit -- [--runs N] [--pages a,b] [--url BASE] [--repeat-visit]`; audit:inp takes
 * --taps instead, and no --repeat-visit.
 */
interface AuditOptions {
  runs: number;
  /** Page keys to audit, in the order given; undefined: every page. */
  pages: string[] | undefined;
  /** A server that is already running; undefined: start the e2e stack. */
  url: string | undefined;
  /**
   * The second visit, served by the service worker a first visit installed (issue 36): true
   * when asked for (npm run audit only).
   */
  repeatVisit?: true;
}

function positiveInteger(text: string, name: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) {
    throw new Error(`--${name} must be a whole number of at least 1, got ${JSON.stringify(text)}`);
  }
  return value;
}

/** Throws a one-line Error naming the bad option; `known` are the page keys --pages accepts. */
export function parseAuditOptions(
  args: readonly string[],
  known: readonly string[],
  defaultRuns: number,
  runsName = 'runs',
  repeatVisitAllowed = false,
): AuditOptions {
  const knownOptions: NonNullable<ParseArgsConfig['options']> = {
    [runsName]: { type: 'string' },
    pages: { type: 'string' },
    url: { type: 'string' },
  };
  if (repeatVisitAllowed) knownOptions['repeat-visit'] = { type: 'boolean' };
  const { values } = parseArgs({
    args: [...args],
    options: knownOptions,
    strict: true,
    allowPositionals: false,
  });
  const runsText = values[runsName];
  const runs = typeof runsText === 'string' ? positiveInteger(runsText, runsName) : defaultRuns;
  let pages: string[] | undefined;
  if (typeof values.pages === 'string') {
    pages = values.pages
      .split(',')
      .map((key) => key.trim())
      .filter(Boolean);
    const unknown = pages.filter((key) => !known.includes(key));
    if (unknown.length > 0 || pages.length === 0) {
      throw new Error(
        `--pages takes a comma-separated list of ${known.join(', ')}; unknown: ${unknown.join(', ') || '(empty)'}`,
      );
    }
  }
  let url: string | undefined;
  if (typeof values.url === 'string') {
    try {
      url = new URL(values.url).href;
    } catch {
      throw new Error(
        `--url must be an absolute URL such as http://127.0.0.1:8080, got ${values.url}`,
      );
    }
  }
  return values['repeat-visit'] === true
    ? { runs, pages, url, repeatVisit: true }
    : { runs, pages, url };
}
