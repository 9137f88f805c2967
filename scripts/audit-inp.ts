/**
 * `npm run audit:inp`: how fast the app answers a tap on a slow phone. Playwright over the
 * production build, signed in (an account with a profile and saved events), the CPU slowed 4x
 * (CDP Emulation.setCPUThrottlingRate), and each interaction of issue 16 tapped several times:
 * a date chip on home, the Family Safe switch, a category chip on Search, the heart on a card.
 * Latencies come from the browser's Event Timing API (PerformanceObserver 'event', buffered,
 * durationThreshold 16), grouped by interactionId; an interaction's INP is its worst tap.
 * Exits 1 when any is over 200 ms, 2 on a bad command line. With FAMJAM_AUDIT_TRACE=1 each
 * interaction's taps are also recorded as a Chrome trace (with CPU samples) in .audit/inp-<time>/,
 * to see what a slow tap spent its time on (open it in DevTools' Performance panel).
 *
 *   npm run audit:inp -- [--taps 5] [--pages date-chip,family-safe,category-chip,heart] [--url BASE]
 *
 * Targets are found by role and accessible name only, so the script survives changes to how the
 * screens are built. Not part of `npm test`: it measures, and a shared machine is noisy.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, chromium, type Locator, type Page } from '@playwright/test';
import { parseAuditOptions } from './lib/auditOptions.ts';
import {
  chromiumFlags,
  chromiumPath,
  createAuditAccount,
  signInThroughUi,
  startAuditedStack,
} from './lib/auditStack.ts';
import {
  type EventTimingEntry,
  formatInpTable,
  type InteractionResult,
  inpThresholdMs,
  interactionLatencies,
  summarizeInteraction,
} from './lib/inp.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Chrome DevTools' "4x slowdown", Lighthouse's mobile CPU too. */
const cpuSlowdown = 4;

interface Interaction {
  key: string;
  name: string;
  path: string;
  /** The element to tap the n-th time (0-based); may change between taps (cycling chips). */
  target(page: Page, tap: number): Locator;
}

const dateChips = ['Today', 'Tomorrow', 'This Weekend', 'Next Week'];

const interactions: Interaction[] = [
  {
    key: 'date-chip',
    name: 'date chip on home',
    path: '/',
    // A different chip each time: each tap changes the filter (pressing the same one twice
    // would clear it), as a person trying the days would.
    target: (page, tap) =>
      page
        .getByRole('group', { name: 'When' })
        .getByRole('button', { name: dateChips[tap % dateChips.length], exact: true }),
  },
  {
    key: 'family-safe',
    name: 'Family Safe switch',
    path: '/',
    // The one switch in the header; its name follows its state ('Family Safe 18 & Under' /
    // 'All Events').
    target: (page) => page.getByRole('switch'),
  },
  {
    key: 'category-chip',
    name: 'category chip on Search',
    path: '/search',
    target: (page, tap) =>
      page
        .getByRole('group', { name: 'Categories' })
        .getByRole('button')
        .nth(tap % 3),
  },
  {
    key: 'heart',
    name: 'heart (save) on a card',
    path: '/',
    // The first card's heart, whichever way it points now: each tap saves or unsaves it.
    target: (page) =>
      page.getByRole('button', { name: /^(Save .+|Remove .+ from saved)$/ }).first(),
  },
];

declare global {
  interface Window {
    __famjamEventTiming?: EventTimingEntry[];
  }
}

/**
 * Collects every Event Timing entry of 16 ms or more from the start of each page, before the
 * app's own scripts run. The buffered entries cover anything that happened before observing.
 */
async function observeEventTiming(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const entries: EventTimingEntry[] = [];
    window.__famjamEventTiming = entries;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceEventTiming[]) {
        entries.push({
          name: entry.name,
          interactionId: entry.interactionId,
          duration: entry.duration,
        });
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  });
}

async function takeEntries(page: Page): Promise<EventTimingEntry[]> {
  return page.evaluate(() => {
    const entries = window.__famjamEventTiming ?? [];
    return entries.splice(0, entries.length);
  });
}

/**
 * One tap and its latency. The entry is reported after the next paint; a tap whose handlers and
 * paint took under 16 ms produces no entry at all (durationThreshold), which counts as 16 ms.
 */
async function measureTap(page: Page, target: Locator): Promise<number> {
  await takeEntries(page);
  await target.tap();
  // Event Timing entries are queued after the next frame; wait for two, then a little more
  // for the observer callback, which Chromium may run at idle time.
  await page.evaluate(
    () =>
      new Promise((done) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 250))),
      ),
  );
  const latencies = interactionLatencies(await takeEntries(page));
  return latencies.length === 0 ? 16 : Math.max(...latencies);
}

async function main(): Promise<number> {
  let options: ReturnType<typeof parseAuditOptions>;
  try {
    options = parseAuditOptions(
      process.argv.slice(2),
      interactions.map((interaction) => interaction.key),
      5,
      'taps',
    );
  } catch (error) {
    console.error(`audit:inp: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
  const selected = options.pages
    ? interactions.filter((interaction) => options.pages?.includes(interaction.key))
    : interactions;

  const stack = await startAuditedStack(options.url);
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: chromiumFlags.filter((flag) => !flag.startsWith('--headless')),
    headless: true,
  });
  try {
    console.error(`Making a signed-in account on ${stack.baseUrl}...`);
    const account = await createAuditAccount(stack.baseUrl);
    const context = await browser.newContext({
      // A phone: touch input, so a tap is a tap (touch and pointer events, then click).
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 3,
      isMobile: true,
      hasTouch: true,
      locale: 'en-US',
      timezoneId: 'America/Los_Angeles',
      // The worker's first install downloads every route chunk in the background; that is
      // not what a returning family's tap competes with, and would only add noise.
      serviceWorkers: 'block',
    });
    await observeEventTiming(context);
    const page = await context.newPage();
    await signInThroughUi(page, stack.baseUrl, account);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });

    const results: InteractionResult[] = [];
    const traceDir = process.env.FAMJAM_AUDIT_TRACE
      ? join(repoRoot, '.audit', `inp-${new Date().toISOString().replace(/[:.]/g, '-')}`)
      : null;
    if (traceDir) mkdirSync(traceDir, { recursive: true });
    for (const interaction of selected) {
      await page.goto(new URL(interaction.path, stack.baseUrl).href);
      await page.waitForLoadState('networkidle');
      if (traceDir) {
        await browser.startTracing(page, {
          path: join(traceDir, `${interaction.key}.trace.json`),
          categories: [
            'devtools.timeline',
            'disabled-by-default-devtools.timeline',
            'disabled-by-default-v8.cpu_profiler',
            'v8.execute',
          ],
        });
      }
      const latencies: number[] = [];
      for (let tap = 0; tap < options.runs; tap += 1) {
        const target = interaction.target(page, tap);
        await target.waitFor({ state: 'visible', timeout: 30_000 });
        latencies.push(await measureTap(page, target));
        // What the tap started (a fetch, a re-render with the answer) finishes before the next
        // tap, so each measures the app at rest as a person's next tap would find it.
        await page.waitForLoadState('networkidle');
      }
      if (traceDir) await browser.stopTracing();
      console.error(`  ${interaction.name}: ${latencies.map((ms) => `${ms} ms`).join(', ')}`);
      results.push({ name: interaction.name, latencies });
    }

    const summaries = results.map(summarizeInteraction);
    console.log(
      `\nINP at ${cpuSlowdown}x CPU slowdown, ${options.runs} taps each, Event Timing API, ${stack.baseUrl}\n`,
    );
    console.log(formatInpTable(summaries));
    const failing = summaries.filter((summary) => !summary.passes);
    if (failing.length === 0) {
      console.log(`\nEvery interaction answers within ${inpThresholdMs} ms.`);
      return 0;
    }
    console.log(`\nOver ${inpThresholdMs} ms (${failing.length}):`);
    for (const summary of failing) {
      console.log(`  - ${summary.name}: INP ${Math.round(summary.max)} ms`);
    }
    return 1;
  } finally {
    await browser.close();
    await stack.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(
      `audit:inp: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    process.exit(1);
  },
);
