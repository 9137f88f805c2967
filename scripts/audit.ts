/**
 * `npm run audit`: Lighthouse 12 (mobile defaults: a simulated mid-range phone on slow 4G, 4x CPU)
 * on every page issue 16 names, several runs each, then a table of medians (min–max) against the
 * issue's thresholds. Exits 1 when any page falls short, 2 on a bad command line.
 *
 *   npm run audit -- [--runs 3] [--pages auth,home,...] [--url http://127.0.0.1:8080]
 *                    [--repeat-visit]
 *
 * --repeat-visit measures a returning visitor's second visit (issue 36): a first visit in each
 * profile installs the service worker, and every audited run keeps it (disableStorageReset), so
 * the page comes from the worker's precached frame. A run whose page did not come from the worker
 * counts as a failure. Lighthouse's simulated throttling models every request as a cold network
 * fetch (it has no model of a worker's answers), so these runs apply the throttling in the
 * browser instead (throttlingMethod 'devtools': the same slow 4G and 4x CPU, on what really goes
 * over the network); their figures are for comparing repeat visits, next to cold runs only with
 * that said.
 *
 * Without --url it starts the production build the way the e2e suite does (a throwaway PGlite and
 * Auth emulator; the client is rebuilt first when stale). Either way it makes a new account with
 * a profile and saved events, signs it in once in a Chromium profile of its own, and audits the
 * signed-in pages from that profile; signed-out pages get a clean profile. Lighthouse's JSON
 * reports go to .audit/<time>/. Not part of `npm test`: a shared machine makes the figures noisy,
 * and a full run takes several minutes.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { type LaunchedChrome, launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { parseAuditOptions } from './lib/auditOptions.ts';
import {
  formatTable,
  formatThresholds,
  type PageRuns,
  pageFailures,
  type RunFigures,
} from './lib/auditReport.ts';
import {
  chromiumFlags,
  chromiumPath,
  createAuditAccount,
  signInThroughUi,
  startAuditedStack,
  waitForServiceWorker,
} from './lib/auditStack.ts';
import { figuresOf } from './lib/lighthouseFigures.ts';
import type { TraceEvent } from './lib/rendererCpu.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

interface AuditedPage {
  key: string;
  /** The path, given the id of an event the account saved. */
  path(eventId: string): string;
  label: string;
  signedIn: boolean;
  /** Public: scored for SEO. Signed-in pages must be noindex instead. */
  public: boolean;
}

const auditedPages: AuditedPage[] = [
  { key: 'auth', path: () => '/auth', label: '/auth', signedIn: false, public: true },
  {
    key: 'privacy-policy',
    path: () => '/privacy-policy',
    label: '/privacy-policy',
    // As a search engine and a visitor from the sign-in screen's footer see it.
    signedIn: false,
    public: true,
  },
  { key: 'home', path: () => '/', label: '/ (home)', signedIn: true, public: false },
  { key: 'search', path: () => '/search', label: '/search', signedIn: true, public: false },
  {
    key: 'search-map',
    path: () => '/search?view=map',
    // The list with the map above it (issue 33): Leaflet's chunk and the first view's tiles.
    label: '/search?view=map',
    signedIn: true,
    public: false,
  },
  {
    key: 'event',
    path: (id) => `/event/${id}`,
    label: '/event/{id}',
    signedIn: true,
    // The same address a signed-out link preview reads: one URL, indexable (issue 16).
    public: true,
  },
  { key: 'saved', path: () => '/saved', label: '/saved', signedIn: true, public: false },
  { key: 'profile', path: () => '/profile', label: '/profile', signedIn: true, public: false },
  {
    key: 'event-preview',
    path: (id) => `/event/${id}`,
    // Signed out, as a link preview or a search engine fetches a shared event.
    label: '/event/{id} (signed out)',
    signedIn: false,
    public: true,
  },
];

/**
 * Whether the page's document came from the service worker, by the browser's own account
 * (Network.responseReceived in Lighthouse's DevTools log).
 */
function documentFromServiceWorker(log: readonly { method: string; params: unknown }[]): boolean {
  return log.some((entry) => {
    if (entry.method !== 'Network.responseReceived') return false;
    const params = entry.params as { type?: string; response?: { fromServiceWorker?: boolean } };
    return params.type === 'Document' && params.response?.fromServiceWorker === true;
  });
}

function launchChrome(userDataDir: string): Promise<LaunchedChrome> {
  // chrome-launcher writes its logs into the profile folder before Chromium would create it.
  mkdirSync(userDataDir, { recursive: true });
  return launch({ chromePath: chromiumPath, chromeFlags: chromiumFlags, userDataDir });
}

async function main(): Promise<number> {
  let options: ReturnType<typeof parseAuditOptions>;
  try {
    options = parseAuditOptions(
      process.argv.slice(2),
      auditedPages.map((page) => page.key),
      3,
      'runs',
      true,
    );
  } catch (error) {
    console.error(`audit: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
  const selected = options.pages
    ? auditedPages.filter((page) => options.pages?.includes(page.key))
    : auditedPages;

  const stack = await startAuditedStack(options.url);
  const profiles = mkdtempSync(join(tmpdir(), 'famjam-audit-'));
  const chromes: LaunchedChrome[] = [];
  try {
    console.error(`Making a signed-in account on ${stack.baseUrl}...`);
    const account = await createAuditAccount(stack.baseUrl);
    const eventId = account.savedIds[0] as string;
    const signedInDir = join(profiles, 'signed-in');
    const signedOutDir = join(profiles, 'signed-out');
    /** A first visit in `dir`'s profile through Playwright; then the profile keeps its state. */
    const firstVisit = async (dir: string, visit: (page: Page) => Promise<void>) => {
      const context = await chromium.launchPersistentContext(dir, {
        executablePath: chromiumPath,
        args: chromiumFlags.filter((flag) => !flag.startsWith('--headless')),
        headless: true,
      });
      try {
        const page = context.pages()[0] ?? (await context.newPage());
        await visit(page);
        if (options.repeatVisit) await waitForServiceWorker(page);
      } finally {
        await context.close();
      }
    };
    if (selected.some((page) => page.signedIn)) {
      // Signed in once through the app itself, so Firebase keeps the session in the profile's
      // IndexedDB, exactly where a returning family's phone has it.
      await firstVisit(signedInDir, (page) => signInThroughUi(page, stack.baseUrl, account));
    }
    if (options.repeatVisit && selected.some((page) => !page.signedIn)) {
      await firstVisit(signedOutDir, async (page) => {
        await page.goto(new URL('/auth', stack.baseUrl).href);
      });
    }
    const signedIn = selected.some((page) => page.signedIn)
      ? await launchChrome(signedInDir)
      : null;
    const signedOut = selected.some((page) => !page.signedIn)
      ? await launchChrome(signedOutDir)
      : null;
    for (const chrome of [signedIn, signedOut]) if (chrome) chromes.push(chrome);

    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const reportDir = join(repoRoot, '.audit', stamp);
    mkdirSync(reportDir, { recursive: true });
    const results = new Map<string, PageRuns>(
      selected.map((page) => [
        page.key,
        { key: page.key, label: page.label, public: page.public, runs: [] },
      ]),
    );
    const runFailures: string[] = [];
    let lighthouseVersion = '';

    // Run by run across the pages rather than page by page: a burst of load from others on the
    // machine then spreads over all pages instead of spoiling every run of one.
    for (let run = 1; run <= options.runs; run += 1) {
      for (const page of selected) {
        const chrome = page.signedIn ? signedIn : signedOut;
        if (!chrome) throw new Error('no Chrome for the page');
        const path = page.path(eventId);
        const url = new URL(path, stack.baseUrl).href;
        const audit = () =>
          lighthouse(url, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
            // Lighthouse's mobile defaults, spelled out: simulated throttling (slow 4G, 4x CPU)
            // and a phone's screen.
            formFactor: 'mobile',
            // A repeat visit's throttling is applied in the browser (see the top of this file).
            throttlingMethod: options.repeatVisit ? 'devtools' : 'simulate',
            // With a trace asked for, V8's sampling profiler too (it costs a little time).
            ...(process.env.FAMJAM_AUDIT_TRACE
              ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' }
              : {}),
            // The storage reset stays on: Lighthouse 12 clears only the service workers, Cache
            // Storage, file systems and shader cache, not IndexedDB, so the Firebase session
            // survives it (checked below on every signed-in run) while each run loads cold.
            // A repeat visit keeps everything: the service worker answers the page.
            disableStorageReset: options.repeatVisit === true,
          });
        let result = await audit();
        if (result?.lhr.runtimeError) {
          // Seen on the loaded shared machine: a navigation that ends on Chromium's error page
          // (CHROME_INTERSTITIAL_ERROR) once, then loads fine. One retry; a second error counts.
          console.error(
            `  ${page.label} run ${run}: ${result.lhr.runtimeError.code}, retrying once`,
          );
          result = await audit();
        }
        if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
        const reportFile = join(reportDir, `${page.key}-${run}.json`);
        writeFileSync(reportFile, String(result.report));
        if (process.env.FAMJAM_AUDIT_TRACE) {
          // For reading where the main thread's time went (DevTools' Performance panel opens it).
          writeFileSync(
            join(reportDir, `${page.key}-${run}.trace.json`),
            JSON.stringify(result.artifacts.Trace),
          );
        }
        const { lhr } = result;
        lighthouseVersion = lhr.lighthouseVersion;
        const where = `${page.label} run ${run}`;
        if (lhr.runtimeError) {
          runFailures.push(`${where}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
          continue;
        }
        // With the query: /search?view=map must land on the map, not only on /search.
        const finalUrl = new URL(lhr.finalDisplayedUrl);
        const landed = finalUrl.pathname + finalUrl.search;
        if (page.signedIn && landed !== path) {
          // The gate sends a signed-out visitor to /auth: the session did not survive.
          runFailures.push(`${where}: ended on ${landed}, not ${path} (signed out?)`);
          continue;
        }
        if (options.repeatVisit && !documentFromServiceWorker(result.artifacts.DevtoolsLog)) {
          runFailures.push(`${where}: the page did not come from the service worker`);
          continue;
        }
        let figures: RunFigures;
        try {
          figures = figuresOf(
            lhr,
            result.artifacts.Trace.traceEvents as unknown as readonly TraceEvent[],
            // Throttled in the browser, the trace's tasks took the slowdown already.
            options.repeatVisit ? 1 : undefined,
          );
        } catch (error) {
          runFailures.push(`${where}: ${error instanceof Error ? error.message : String(error)}`);
          continue;
        }
        results.get(page.key)?.runs.push(figures);
        console.error(
          `  ${where}: Performance ${figures.performance}, LCP ${(figures.lcpMs / 1000).toFixed(1)} s, TBT ${Math.round(figures.tbtMs)} ms`,
        );
      }
    }

    const measured = [...results.values()].filter((page) => page.runs.length > 0);
    const failures = [
      ...runFailures,
      ...[...results.values()]
        .filter((page) => page.runs.length === 0)
        .map((page) => `${page.label}: no successful run`),
      ...measured.flatMap(pageFailures),
    ];
    const visit = options.repeatVisit
      ? ', repeat visit (service worker kept, throttling applied in the browser)'
      : '';
    console.log(
      `\nLighthouse ${lighthouseVersion} mobile, ${options.runs} run(s) a page${visit}, ${stack.baseUrl}`,
    );
    console.log('Each cell: median (min–max).\n');
    console.log(formatTable(measured));
    console.log(`\n${formatThresholds()}`);
    console.log(`Reports: ${relative(process.cwd(), reportDir)}/`);
    if (failures.length === 0) {
      console.log('\nEvery page meets the thresholds.');
      return 0;
    }
    console.log(`\nFalls short (${failures.length}):`);
    for (const failure of failures) console.log(`  - ${failure}`);
    return 1;
  } finally {
    for (const chrome of chromes) await chrome.kill();
    // A Chromium that has just exited may still be flushing its profile: retry, and never let
    // the clean-up hide the error that got us here.
    try {
      rmSync(profiles, { recursive: true, force: true, maxRetries: 5, retryDelay: 500 });
    } catch (error) {
      console.error(`audit: could not remove ${profiles}: ${String(error)}`);
    }
    await stack.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(
      `audit: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    process.exit(1);
  },
);
