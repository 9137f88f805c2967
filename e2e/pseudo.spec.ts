import type { Messages } from '@lingui/core';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Poll } from '../contract/polls.ts';
import { messages as appMessages } from '../locales/pseudo/app.ts';
import { messages as authMessages } from '../locales/pseudo/auth.ts';
import { messages as onboardingMessages } from '../locales/pseudo/onboarding.ts';
import { messages as searchMessages } from '../locales/pseudo/search.ts';
import { createAccountWithProfile } from './accounts.ts';
import {
  type Credentials,
  expect,
  listedEvents,
  saveViewportScreenshotsInBothThemes,
  settle,
  test,
} from './fixtures.ts';

/*
 * The pseudo-locale over every screen (issue 35, docs/i18n.md#the-pseudo-locale). With
 * `famjam_locale = 'pseudo'` on the device, every text from a catalogue is accented, about a
 * third longer and wrapped in `[ … ~~]`, so on each screen, at 390x844 in the light and the dark
 * theme, this spec fails with a list of
 *   - texts that escaped the catalogues: visible text nodes and accessible names (aria-label,
 *     placeholder, alt, title) with a letter in them but no accented letter and no bracket,
 *     leaving out what is not FamJam's to translate: event content and other data the API
 *     answered (titles, venues, descriptions, poll options, the family's name and place), names
 *     (FamJam, Google, Spotify...), a language's own name, text inside an element that declares
 *     its own `lang` (a legal document, an event in its source's language), and dates and times
 *     (the pseudo-locale formats them as English, which it is underneath);
 *   - layouts that break with longer words: text cut by its box (overflow hidden or clip, an
 *     ellipsis or a line clamp) when the text cut is the app's own (an event title or a family's
 *     email cut with an ellipsis is the design), text spilling out of a control, the page wider
 *     than the screen (and what sticks out), and interactive controls overlapping one another.
 * Screenshots of each screen in both themes (pseudo-*.png) with FAMJAM_E2E_SCREENSHOTS=1.
 */

/**
 * Texts known to escape the catalogues while issue 35's conversion is still under way: each
 * entry is a text (exact, or a pattern), the screens it was seen on (for the reader; any screen
 * matches), and why. The lead shrinks this list as the escapes are fixed: an entry that no
 * longer matches anything is reported at the end of the run (test annotations, "stale
 * allowlist"), and the test fails on any escaped text not listed here.
 */
interface KnownEscape {
  text: string | RegExp;
  seenOn: string;
  why: string;
}
const KNOWN_ESCAPES: readonly KnownEscape[] = [];

/** Proper names and words that are the same in every language. */
const NAMES = new Set([
  'FamJam',
  'Google',
  'Spotify',
  'Apple Music',
  'Apple Maps',
  'Google Maps',
  'Waze',
  'English',
  'Español',
]);

/** English date and time words the pseudo-locale's Intl formatting writes (it is 'en'). */
const DATE_WORDS =
  /\b(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)(?:day|sday|nesday|rsday|urday)?\b|\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\b|\b[AP]\.?M\.?\b|\b(?:mi|km)\b/g;

const ACCENTED = /[\u00C0-\u00FF\u0100-\u024F\u0250-\u02AF\u1E00-\u1EFF]/;
const LETTER = /\p{L}/u;

/** The compiled pseudo text of a message without values, as an accessible name reads it. */
function pseudo(messages: Messages, id: string): string {
  const message = messages[id];
  if (!Array.isArray(message)) throw new Error(`no pseudo message ${id}`);
  return message
    .filter((part): part is string => typeof part === 'string')
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

interface Finding {
  screen: string;
  kind: string;
  text: string;
  where: string;
}

interface ScreenReport {
  texts: { text: string; where: string; kind: string; ownLang: boolean }[];
  cut: { text: string; where: string; kind: string }[];
  pageWidth: number;
  sticksOut: { where: string; right: number; text: string }[];
  overlaps: { a: string; b: string; area: number }[];
}

/** What the page shows now, read in the page: texts, cut texts, width, overlapping controls. */
function readScreen(): ScreenReport {
  const pathOf = (element: Element): string => {
    const parts: string[] = [];
    let node: Element | null = element;
    while (node && node !== document.body && parts.length < 4) {
      let part = node.tagName.toLowerCase();
      const role = node.getAttribute('role');
      if (node.id) part += `#${node.id}`;
      if (role) part += `[role=${role}]`;
      parts.unshift(part);
      node = node.parentElement;
    }
    return parts.join(' > ');
  };
  const visible = (element: Element): boolean =>
    element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
  const visuallyHidden = (element: Element): boolean => {
    const rect = element.getBoundingClientRect();
    return rect.width <= 1 || rect.height <= 1;
  };
  const ownLang = (element: Element): boolean => {
    const declared = element.closest('[lang]');
    return declared !== null && declared !== document.documentElement;
  };

  const texts: ScreenReport['texts'] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest('script, style, noscript, template')) continue;
    const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (text === '' || !visible(parent)) continue;
    texts.push({ text, where: pathOf(parent), kind: 'text', ownLang: ownLang(parent) });
  }
  for (const attribute of ['aria-label', 'placeholder', 'alt', 'title', 'aria-description']) {
    for (const element of document.body.querySelectorAll(`[${attribute}]`)) {
      const text = (element.getAttribute(attribute) ?? '').replace(/\s+/g, ' ').trim();
      if (text === '' || !visible(element)) continue;
      texts.push({ text, where: pathOf(element), kind: attribute, ownLang: ownLang(element) });
    }
  }
  texts.push({ text: document.title, where: 'title', kind: 'document title', ownLang: false });

  // The box an element is seen in: its own, cut by every ancestor that clips.
  const clippedRect = (element: Element): DOMRect | null => {
    let { left, top, right, bottom } = element.getBoundingClientRect();
    for (let node = element.parentElement; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.overflowX !== 'visible') {
        const box = node.getBoundingClientRect();
        left = Math.max(left, box.left);
        right = Math.min(right, box.right);
      }
      if (style.overflowY !== 'visible') {
        const box = node.getBoundingClientRect();
        top = Math.max(top, box.top);
        bottom = Math.min(bottom, box.bottom);
      }
      if (style.position === 'fixed') break;
    }
    return right - left > 1 && bottom - top > 1
      ? new DOMRect(left, top, right - left, bottom - top)
      : null;
  };

  // Texts cut by their box, or spilling out of a control.
  const controlSelector = [
    'a[href]',
    'button',
    'input:not([type=hidden])',
    'select',
    'textarea',
    'summary',
    '[role=button]',
    '[role=link]',
    '[role=radio]',
    '[role=checkbox]',
    '[role=switch]',
    '[role=tab]',
    '[role=menuitem]',
    '[role=option]',
    '[role=combobox]',
    '[tabindex]:not([tabindex="-1"])',
  ].join(', ');
  const cut: ScreenReport['cut'] = [];
  const seenCut = new Set<Node>();
  for (const element of document.body.querySelectorAll('*')) {
    if (!visible(element) || visuallyHidden(element)) continue;
    const style = getComputedStyle(element);
    const clips = (value: string) => value === 'hidden' || value === 'clip';
    const clipsX = clips(style.overflowX);
    const clipsY = clips(style.overflowY);
    const control = element.matches(controlSelector);
    if (!clipsX && !clipsY && !control) continue;
    if (
      clipsX &&
      element.scrollWidth <= element.clientWidth + 1 &&
      clipsY &&
      element.scrollHeight <= element.clientHeight + 1 &&
      !control
    ) {
      continue;
    }
    const box = element.getBoundingClientRect();
    const textNodes: Text[] = [];
    const texts = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = texts.nextNode(); node; node = texts.nextNode()) {
      if ((node.textContent ?? '').trim() !== '') textNodes.push(node as Text);
    }
    for (const node of textNodes) {
      if (seenCut.has(node)) continue;
      const parent = node.parentElement;
      if (!parent || !visible(parent)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const beyond = [...range.getClientRects()].some(
        (rect) =>
          rect.width > 0 &&
          (rect.right > box.right + 1 ||
            rect.left < box.left - 1 ||
            rect.bottom > box.bottom + 1 ||
            rect.top < box.top - 1),
      );
      if (!beyond) continue;
      // A text in a scroller of its own inside this element is the scroller's business.
      let inScroller = false;
      for (let up: Element | null = parent; up && up !== element; up = up.parentElement) {
        const upStyle = getComputedStyle(up);
        if (
          ['auto', 'scroll'].includes(upStyle.overflowX) ||
          ['auto', 'scroll'].includes(upStyle.overflowY)
        ) {
          inScroller = true;
        }
      }
      if (inScroller) continue;
      seenCut.add(node);
      cut.push({
        text: (node.textContent ?? '').replace(/\s+/g, ' ').trim(),
        where: pathOf(element),
        kind: clipsX || clipsY ? 'cut by its box' : 'spills out of its control',
      });
    }
  }

  // The page wider than the screen, and what sticks out.
  const pageWidth = document.documentElement.scrollWidth;
  const sticksOut: ScreenReport['sticksOut'] = [];
  if (pageWidth > window.innerWidth) {
    for (const element of document.body.querySelectorAll('*')) {
      if (!visible(element)) continue;
      const rect = element.getBoundingClientRect();
      if (rect.right <= window.innerWidth + 1 || rect.width === 0) continue;
      const seen = clippedRect(element);
      if (!seen || seen.right <= window.innerWidth + 1) continue;
      // The deepest ones say what pushed the page: skip an element whose child sticks out too.
      const child = [...element.children].some(
        (inner) => inner.getBoundingClientRect().right > window.innerWidth + 1,
      );
      if (child) continue;
      sticksOut.push({
        where: pathOf(element),
        right: Math.round(rect.right),
        text: (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60),
      });
    }
  }

  // Interactive controls on top of one another (where each is seen, after clipping).
  const fixedOrSticky = (element: Element): boolean => {
    for (let node: Element | null = element; node; node = node.parentElement) {
      const position = getComputedStyle(node).position;
      if (position === 'fixed' || position === 'sticky') return true;
    }
    return false;
  };
  const controls = [...document.body.querySelectorAll(controlSelector)]
    .filter((element) => visible(element) && !visuallyHidden(element))
    .map((element) => ({ element, rect: clippedRect(element), fixed: fixedOrSticky(element) }))
    .filter(
      (control): control is { element: Element; rect: DOMRect; fixed: boolean } =>
        control.rect !== null,
    );
  const overlaps: ScreenReport['overlaps'] = [];
  for (let i = 0; i < controls.length; i += 1) {
    for (let j = i + 1; j < controls.length; j += 1) {
      const a = controls[i];
      const b = controls[j];
      if (!a || !b || a.fixed !== b.fixed) continue;
      if (a.element.contains(b.element) || b.element.contains(a.element)) continue;
      const width = Math.min(a.rect.right, b.rect.right) - Math.max(a.rect.left, b.rect.left);
      const height = Math.min(a.rect.bottom, b.rect.bottom) - Math.max(a.rect.top, b.rect.top);
      if (width <= 2 || height <= 2) continue;
      const name = (element: Element) =>
        `${pathOf(element)} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40)}"`;
      overlaps.push({ a: name(a.element), b: name(b.element), area: Math.round(width * height) });
    }
  }
  return { texts, cut, pageWidth, sticksOut, overlaps };
}

/** Every string the API answered with, but the words that are the app's to say. */
function collectApiContent(page: Page, content: Set<string>): void {
  const appWords = new Set([
    'message',
    'error',
    'category',
    'categories',
    'musicPreferences',
    'familySituation',
    'language',
    'status',
    'kind',
    'type',
  ]);
  const walk = (value: unknown, key: string) => {
    if (typeof value === 'string') {
      if (!appWords.has(key) && LETTER.test(value)) {
        content.add(value.replace(/\s+/g, ' ').trim());
        for (const line of value.split(/\n+/)) content.add(line.replace(/\s+/g, ' ').trim());
      }
    } else if (Array.isArray(value)) {
      for (const item of value) walk(item, key);
    } else if (typeof value === 'object' && value !== null) {
      for (const [inner, item] of Object.entries(value)) walk(item, inner);
    }
  };
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/api/')) return;
    if (!(response.headers()['content-type'] ?? '').includes('json')) return;
    try {
      walk(await response.json(), '');
    } catch {
      // A body gone with its page: nothing to learn from it.
    }
  });
}

interface Checker {
  /** Checks the screen the page shows now, in the light and the dark theme. */
  screen(name: string): Promise<void>;
  /** Fails the test with everything found on every screen. */
  finish(): void;
}

async function showTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.evaluate(async (theme) => {
    document.documentElement.dataset.theme = theme;
    document.documentElement.style.colorScheme = theme;
    await new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame)));
  }, theme);
}

function checker(page: Page, content: Set<string>, extraContent: readonly string[]): Checker {
  const escaped: Finding[] = [];
  const broken: Finding[] = [];
  const used = new Set<KnownEscape>();
  const isContent = (text: string) =>
    content.has(text) ||
    extraContent.some((value) => value === text || (text.length > 3 && value.includes(text))) ||
    (text.length >= 20 && [...content].some((value) => value.includes(text)));
  const isPseudo = (text: string) => ACCENTED.test(text) || /[[\]]/.test(text);
  const escapes = (text: string) => {
    if (isPseudo(text) || NAMES.has(text) || isContent(text)) return false;
    let rest = text.replace(DATE_WORDS, '');
    for (const name of NAMES) rest = rest.replaceAll(name, '');
    return LETTER.test(rest);
  };
  return {
    async screen(name) {
      await settle(page);
      for (const theme of ['light', 'dark'] as const) {
        await showTheme(page, theme);
        const report = await page.evaluate(readScreen);
        const where = `${name} (${theme})`;
        if (theme === 'light') {
          for (const text of report.texts) {
            if (text.ownLang || !escapes(text.text)) continue;
            const known = KNOWN_ESCAPES.find((entry) =>
              typeof entry.text === 'string'
                ? entry.text === text.text
                : entry.text.test(text.text),
            );
            if (known) {
              used.add(known);
              continue;
            }
            escaped.push({ screen: name, kind: text.kind, text: text.text, where: text.where });
          }
        }
        for (const cut of report.cut) {
          if (!isPseudo(cut.text) && (isContent(cut.text) || !escapes(cut.text))) continue;
          broken.push({ screen: where, kind: cut.kind, text: cut.text, where: cut.where });
        }
        if (report.pageWidth > 390) {
          broken.push({
            screen: where,
            kind: `page ${report.pageWidth}px wide`,
            text: report.sticksOut
              .map((out) => `${out.where} (to ${out.right}px) "${out.text}"`)
              .join('; '),
            where: 'document',
          });
        }
        for (const overlap of report.overlaps) {
          broken.push({
            screen: where,
            kind: `controls overlap (${overlap.area}px²)`,
            text: overlap.b,
            where: overlap.a,
          });
        }
      }
      await showTheme(page, 'light');
      await saveViewportScreenshotsInBothThemes(page, `pseudo-${name}`);
    },
    finish() {
      const stale = KNOWN_ESCAPES.filter((entry) => !used.has(entry));
      for (const entry of stale) {
        test.info().annotations.push({
          type: 'stale allowlist',
          description: `${String(entry.text)} (${entry.seenOn}) did not escape on these screens`,
        });
      }
      const list = (findings: Finding[]) =>
        findings
          .map((found) => `  ${found.screen}: [${found.kind}] "${found.text}" at ${found.where}`)
          .join('\n');
      // Printed in full even when the test passes, for the lead.
      if (escaped.length > 0) console.log(`Escaped texts:\n${list(escaped)}`);
      if (broken.length > 0) console.log(`Layout problems:\n${list(broken)}`);
      expect.soft(escaped, `texts that escaped the catalogues:\n${list(escaped)}`).toEqual([]);
      expect.soft(broken, `layouts that break in the pseudo-locale:\n${list(broken)}`).toEqual([]);
    },
  };
}

async function usePseudo(page: Page): Promise<void> {
  await page.context().addInitScript(() => {
    localStorage.setItem('famjam_locale', 'pseudo');
  });
}

async function signIn(page: Page, account: Credentials): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel(pseudo(authMessages, 'auth.form.email')).fill(account.email);
  await page
    .getByLabel(pseudo(authMessages, 'auth.form.password'), { exact: true })
    .fill(account.password);
  await page
    .getByRole('button', { name: pseudo(authMessages, 'auth.mode.signIn'), exact: true })
    .click();
  await expect(page).toHaveURL(/\/$/);
}

async function savedOnServer(request: APIRequestContext, idToken: string, ids: string[]) {
  const response = await request.put('/api/me/saved', {
    headers: { authorization: `Bearer ${idToken}` },
    data: { ids },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test('signed out in the pseudo-locale: sign-in and every onboarding step', async ({ page }) => {
  test.slow();
  await usePseudo(page);
  const content = new Set<string>();
  collectApiContent(page, content);
  const check = checker(page, content, ['Oakland, CA']);

  await page.goto('/auth');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(
    page.getByRole('button', { name: pseudo(authMessages, 'auth.mode.signIn'), exact: true }),
  ).toBeVisible();
  await check.screen('sign-in');
  await page.getByRole('radio', { name: pseudo(authMessages, 'auth.mode.createAccount') }).click();
  await expect(
    page.getByRole('heading', { name: pseudo(authMessages, 'auth.form.createTitle') }),
  ).toBeVisible();
  await check.screen('create-account');

  const onboarding = (id: string) => pseudo(onboardingMessages, `onboarding.${id}`);
  const next = page.getByRole('button', { name: onboarding('nav.next') });
  await page.goto('/test-onboarding');
  await expect(page.getByRole('heading', { name: onboarding('welcome.title') })).toBeVisible();
  await check.screen('onboarding-1-welcome');
  await next.click();
  await expect(page.getByRole('heading', { name: onboarding('age.title') })).toBeVisible();
  const tick = async (role: 'radio' | 'checkbox', name: string | RegExp) => {
    const input = page.getByRole(role, { name });
    await page.locator('label').filter({ has: input }).click();
    await expect(input).toBeChecked();
  };
  await tick('radio', '36-45');
  await check.screen('onboarding-2-age');
  await next.click();
  await expect(page.getByRole('heading', { name: onboarding('family.title') })).toBeVisible();
  await tick('checkbox', new RegExp(onboarding('family.youngKids').replace(/[[\]]/g, '\\$&')));
  await check.screen('onboarding-3-family');
  await next.click();
  await expect(page.getByRole('heading', { name: onboarding('music.title') })).toBeVisible();
  await tick('checkbox', onboarding('genre.jazz'));
  await check.screen('onboarding-4-music');
  await next.click();
  await expect(page.getByRole('heading', { name: onboarding('location.title') })).toBeVisible();
  await page.getByRole('combobox', { name: onboarding('location.fieldLabel') }).fill('Oakland, CA');
  await expect(page.getByRole('option').first()).toBeVisible();
  await check.screen('onboarding-5-location-suggestions');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await check.screen('onboarding-5-location');
  await page.getByRole('button', { name: onboarding('nav.completeSetup') }).click();
  await expect(page.getByRole('heading', { name: onboarding('complete.title') })).toBeVisible();
  await check.screen('onboarding-6-complete');
  check.finish();
});

test('signed in in the pseudo-locale: home, search, an event, saved, profile, a poll, the legal pages and not found', async ({
  page,
  request,
}) => {
  test.slow();
  const account = await createAccountWithProfile(request, 'pseudo');
  const events = await listedEvents(request, 3);
  await savedOnServer(
    request,
    account.idToken,
    events.map((event) => event.id),
  );
  const created = await request.post('/api/polls', {
    headers: { authorization: `Bearer ${account.idToken}` },
    data: { title: 'Saturday plans?', description: 'Zoo or beach?', options: ['Zoo', 'Beach'] },
  });
  expect(created.status()).toBe(201);
  const poll = (await created.json()) as Poll;

  await usePseudo(page);
  const content = new Set<string>();
  collectApiContent(page, content);
  const check = checker(page, content, [account.email, 'Rivera Family', 'San Francisco, CA']);
  await signIn(page, account);

  await check.screen('home');
  await page.goto('/search');
  await expect(
    page.getByRole('searchbox', { name: pseudo(searchMessages, 'search.box.label') }),
  ).toBeVisible();
  await check.screen('search');
  await page.getByRole('button', { name: pseudo(searchMessages, 'search.filters.button') }).click();
  await expect(
    page.getByRole('region', { name: pseudo(searchMessages, 'search.filters.panel') }),
  ).toBeVisible();
  await check.screen('search-filters');

  const [first] = events;
  if (!first) throw new Error('the seeded stack has no events');
  await page.goto(`/event/${encodeURIComponent(first.id)}`);
  await expect(page.getByRole('heading', { level: 2, name: first.title })).toBeVisible();
  await check.screen('event-details');
  await page.goto('/event/seed:no-such-event');
  await check.screen('event-not-found');

  await page.goto('/saved');
  await expect(page.getByRole('heading', { level: 2, name: first.title })).toBeVisible();
  await check.screen('saved');

  await page.goto('/profile');
  await expect(
    page.getByRole('radiogroup', { name: pseudo(appMessages, 'app.language.label') }),
  ).toBeVisible();
  await check.screen('profile');
  await page.goto('/profile/edit');
  await check.screen('profile-edit');

  await page.goto(`/poll/${poll.id}`);
  await expect(page.getByRole('heading', { name: poll.title })).toBeVisible();
  await check.screen('poll');

  await page.goto('/suggest');
  await check.screen('suggest');
  await page.goto('/privacy-policy');
  await check.screen('privacy-policy');
  await page.goto('/terms-of-service');
  await check.screen('terms-of-service');
  await page.goto('/no-such-page');
  await check.screen('not-found');
  check.finish();
});
