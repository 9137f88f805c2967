/**
 * `npm run audit:pwa`: Lighthouse 11's PWA category (the last version that has it) against the
 * built client, on /auth (the page a first visitor lands on). Prints each audit's score and the
 * category's, and exits 1 when the app is not installable (installable-manifest fails) or the
 * run itself fails. Not part of `npm test`: it needs a client build (`npm run build`) and takes
 * about a minute.
 *
 * The stack is started exactly as the e2e suite starts it (e2e/global-setup.ts: free ports, a
 * throwaway data dir, its own Auth emulator); FAMJAM_E2E_BASE_URL audits a running one instead.
 * Debian's Chromium (CHROMIUM_PATH overrides), headless, as in playwright.config.ts.
 */
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import startE2eStack from '../e2e/global-setup.ts';

const AUDITED_PATH = '/auth';
/** Installability is the pass/fail line; the rest is reported. */
const REQUIRED_AUDIT = 'installable-manifest';

/** Scores are 0-1, or null for a manual or not-applicable check. */
function formatScore(score: number | null): string {
  return score === null ? '  n/a' : `${Math.round(score * 100)}`.padStart(5);
}

async function main(): Promise<number> {
  const stopStack = await startE2eStack();
  const chrome = await launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const url = new URL(AUDITED_PATH, process.env.BASE_URL).href;
    const result = await lighthouse(url, {
      port: chrome.port,
      onlyCategories: ['pwa'],
      output: 'json',
      logLevel: 'error',
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const { categories, audits } = result.lhr;
    const pwa = categories.pwa;
    if (!pwa) throw new Error('the report has no PWA category');

    console.log(`Lighthouse ${result.lhr.lighthouseVersion}, PWA checks on ${url}\n`);
    for (const { id } of pwa.auditRefs) {
      const audit = audits[id];
      if (!audit) continue;
      console.log(`${formatScore(audit.score)}  ${id}: ${audit.title}`);
      // What Chrome said stops installation, when it did.
      if (id === REQUIRED_AUDIT && audit.score !== 1 && audit.details?.type === 'table') {
        for (const item of audit.details.items) console.log(`         ${String(item.reason)}`);
      }
    }
    console.log(`\n${formatScore(pwa.score)}  PWA category`);

    if (audits[REQUIRED_AUDIT]?.score !== 1) {
      console.error(`\n${REQUIRED_AUDIT} failed: the app is not installable.`);
      return 1;
    }
    return 0;
  } finally {
    await chrome.kill();
    await stopStack();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`audit:pwa: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
