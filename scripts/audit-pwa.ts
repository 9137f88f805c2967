/**
 * `npm run audit:pwa [-- --url BASE]`: is the built app installable? Chromium's own installability
 * check (CDP Page.getInstallabilityErrors, the test behind the install prompt) on /auth, the page a
 * first visitor lands on, plus what Lighthouse 11's PWA category checked before Lighthouse 12
 * dropped it: the manifest's fields (name, start_url, display, 192 and 512 px icons, a maskable
 * icon, background and theme colours for the splash screen), a theme-color meta for the address
 * bar, a viewport meta, content as wide as the screen, and a service worker that takes control.
 * Prints each check's score (100 or 0) and exits 1 when the app is not installable or the run
 * fails; the other checks are reported. Not part of `npm test`.
 *
 * Without --url the production build is started as the e2e suite starts it (rebuilt first when
 * stale); FAMJAM_E2E_BASE_URL still works too. Debian's Chromium (CHROMIUM_PATH overrides).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { parseAuditOptions } from './lib/auditOptions.ts';
import { chromiumFlags, chromiumPath, startAuditedStack } from './lib/auditStack.ts';

const AUDITED_PATH = '/auth';
/** Installability is the pass/fail line; the rest is reported. */
const REQUIRED_CHECK = 'installable-manifest';

interface Check {
  id: string;
  title: string;
  passed: boolean;
  /** Why it failed, one line each. */
  details: string[];
}

interface ManifestIcon {
  sizes?: string;
  type?: string;
  purpose?: string;
}

interface Manifest {
  name?: string;
  short_name?: string;
  start_url?: string;
  display?: string;
  background_color?: string;
  theme_color?: string;
  icons?: ManifestIcon[];
}

function formatScore(passed: boolean): string {
  return (passed ? '100' : '0').padStart(5);
}

function check(id: string, title: string, problems: string[]): Check {
  return { id, title, passed: problems.length === 0, details: problems };
}

/** Whether some icon of the purpose is a PNG (or any raster) at least `size` px square. */
function hasIcon(manifest: Manifest, size: number, purpose = 'any'): boolean {
  return (manifest.icons ?? []).some((icon) => {
    const purposes = (icon.purpose ?? 'any').split(/\s+/);
    if (!purposes.includes(purpose)) return false;
    return (icon.sizes ?? '').split(/\s+/).some((entry) => {
      const [width, height] = entry.split('x').map(Number);
      return width !== undefined && width === height && width >= size;
    });
  });
}

async function main(): Promise<number> {
  const { url } = parseAuditOptions(process.argv.slice(2), [], 1);
  const stack = await startAuditedStack(url ?? process.env.FAMJAM_E2E_BASE_URL);
  // A real profile on disk: Chromium never offers to install from an incognito-like context,
  // which is what a plain Playwright context is (installability error 'in-incognito').
  const profile = mkdtempSync(join(tmpdir(), 'famjam-audit-pwa-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    args: chromiumFlags.filter((flag) => !flag.startsWith('--headless')),
    headless: true,
    viewport: { width: 390, height: 844 },
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const address = new URL(AUDITED_PATH, stack.baseUrl).href;
    await page.goto(address);
    await page.waitForLoadState('networkidle');
    // The app registers its worker once the page is interactive; installability and the
    // worker check are read after it has taken control (or given up after 30 s).
    const workerProblem = await page.evaluate(async () => {
      if (!('serviceWorker' in navigator)) return 'this browser has no service workers';
      const timeout = new Promise<string>((resolve) =>
        setTimeout(() => resolve('no service worker became ready within 30 s'), 30_000),
      );
      const ready = navigator.serviceWorker.ready.then(() =>
        navigator.serviceWorker.controller
          ? ''
          : new Promise<string>((resolve) =>
              navigator.serviceWorker.addEventListener('controllerchange', () => resolve(''), {
                once: true,
              }),
            ),
      );
      return Promise.race([ready, timeout]);
    });

    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    const appManifest = await cdp.send('Page.getAppManifest', {});
    const manifest = JSON.parse(appManifest.data ?? '{}') as Manifest;
    const pageFacts = await page.evaluate(() => ({
      themeColor: document.querySelector('meta[name="theme-color"]')?.getAttribute('content'),
      viewport: document.querySelector('meta[name="viewport"]')?.getAttribute('content') ?? '',
      innerWidth: window.innerWidth,
      scrollWidth: document.documentElement.scrollWidth,
    }));

    const checks: Check[] = [
      check(
        REQUIRED_CHECK,
        'Web app manifest meets Chromium’s installability requirements',
        installabilityErrors.map((error) =>
          [error.errorId, ...error.errorArguments.map((arg) => `${arg.name}=${arg.value}`)].join(
            ' ',
          ),
        ),
      ),
      check('manifest-parses', 'Manifest is found and parses without errors', [
        ...(appManifest.url ? [] : ['no <link rel="manifest">']),
        ...appManifest.errors.map((error) => `${error.message} (line ${error.line})`),
      ]),
      check('manifest-fields', 'Manifest has a name, start_url and an app display mode', [
        ...(manifest.name || manifest.short_name ? [] : ['no name or short_name']),
        ...(manifest.start_url ? [] : ['no start_url']),
        ...(['standalone', 'fullscreen', 'minimal-ui'].includes(manifest.display ?? '')
          ? []
          : [`display is ${JSON.stringify(manifest.display)}`]),
      ]),
      check('splash-screen', 'Configured for a custom splash screen', [
        ...(manifest.background_color ? [] : ['no background_color']),
        ...(manifest.theme_color ? [] : ['no theme_color']),
        ...(hasIcon(manifest, 512) ? [] : ['no icon of at least 512 px']),
      ]),
      check('icons', 'Has a 192 px icon for the home screen', [
        ...(hasIcon(manifest, 192) ? [] : ['no icon of at least 192 px']),
      ]),
      check('maskable-icon', 'Manifest has a maskable icon', [
        ...(hasIcon(manifest, 192, 'maskable') ? [] : ['no icon with purpose "maskable"']),
      ]),
      check('themed-omnibox', 'Sets a theme color for the address bar', [
        ...(pageFacts.themeColor ? [] : ['no <meta name="theme-color">']),
        ...(manifest.theme_color ? [] : ['the manifest has no theme_color']),
      ]),
      check('viewport', 'Has a <meta name="viewport"> tag with width or initial-scale', [
        ...(/width=|initial-scale/.test(pageFacts.viewport) ? [] : ['no viewport width']),
      ]),
      check('content-width', 'Content is sized correctly for the viewport', [
        ...(pageFacts.scrollWidth <= pageFacts.innerWidth
          ? []
          : [`content is ${pageFacts.scrollWidth} px wide on a ${pageFacts.innerWidth} px screen`]),
      ]),
      check('service-worker', 'Registers a service worker that controls the page', [
        ...(workerProblem ? [workerProblem] : []),
      ]),
    ];

    console.log(`Chromium ${context.browser()?.version() ?? ''}, PWA checks on ${address}\n`);
    for (const result of checks) {
      console.log(`${formatScore(result.passed)}  ${result.id}: ${result.title}`);
      for (const detail of result.details) console.log(`         ${detail}`);
    }
    const passed = checks.filter((result) => result.passed).length;
    console.log(`\n${`${passed}/${checks.length}`.padStart(5)}  checks passed`);

    if (!checks.find((result) => result.id === REQUIRED_CHECK)?.passed) {
      console.error(`\n${REQUIRED_CHECK} failed: the app is not installable.`);
      return 1;
    }
    return 0;
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 500 });
    await stack.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`audit:pwa: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
