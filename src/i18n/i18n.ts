import type { Messages } from '@lingui/core';
import {
  type AppLocale,
  isAppLocale,
  preferredLocale,
  SOURCE_LOCALE,
} from '../../contract/locales.ts';
import {
  type CompiledMessage,
  formatMessage,
  type MessageValues,
} from '../../contract/messageFormat.ts';

/*
 * The app's messages and the language it speaks (docs/i18n.md).
 *
 * Texts are written `i18n.t('home.emptyTitle')`, with the id's text in the catalogues
 * (locales/{locale}/{name}.po, compiled to .ts). English, the source, ships with each feature's
 * chunk: its messages.ts adds its catalogue (`addCatalog`) as it loads, so English costs nothing
 * it did not cost before. Another language is one chunk with every catalogue in it
 * (locales/{locale}/all.ts), loaded before the app renders (`loadLocale` in startApp) or when
 * the family switches: a Spanish-speaking family fetches it once and the service worker keeps it.
 *
 * The language: this device's choice (local storage, so the sign-in screen speaks it), then the
 * browser's preferred languages, then English. A signed-in family's choice comes from its record
 * (src/app/languageFollow.ts).
 */

/**
 * The locales the app can speak: FamJam's, and the pseudo-locale the layout test uses (accented,
 * a third longer; docs/i18n.md), which no switch offers.
 */
export type LoadableLocale = AppLocale | 'pseudo';

/** Local storage: the language this device last chose. */
export const LOCALE_STORAGE_KEY = 'famjam_locale';

/** Every message loaded, by language and id; English grows as the features' chunks load. */
const catalogues = new Map<LoadableLocale, Map<string, CompiledMessage>>([['en', new Map()]]);

function translate(id: string, values: MessageValues = {}): string {
  const message = catalogues.get(current)?.get(id) ?? catalogues.get('en')?.get(id);
  // An id without a message is a bug `npm run i18n -- check` catches; the id says which.
  return message === undefined ? id : formatMessage(message, values, localeTag(current));
}

/**
 * The texts: `i18n.t('home.emptyTitle')`, `i18n.t('saved.count', { count })`. The name and the
 * call's shape are what Lingui's extractor looks for (`i18n.t(…)` or `i18n._(…)` with a string
 * literal id), so keep both.
 */
export const i18n = {
  t: translate,
  _: translate,
  get locale(): LoadableLocale {
    return current;
  },
};

function load(locale: LoadableLocale, messages: Messages): void {
  let catalogue = catalogues.get(locale);
  if (!catalogue) {
    catalogue = new Map();
    catalogues.set(locale, catalogue);
  }
  for (const [id, message] of Object.entries(messages)) {
    catalogue.set(id, message as CompiledMessage);
  }
}

function storedLocale(): LoadableLocale | null {
  try {
    const stored = globalThis.localStorage?.getItem(LOCALE_STORAGE_KEY) ?? null;
    return stored === 'pseudo' || isAppLocale(stored) ? stored : null;
  } catch {
    // Storage refused (private mode, a sandboxed frame): the browser's languages decide.
    return null;
  }
}

/** The language a visit starts in: this device's choice, else the browser's. */
export function firstLocale(): LoadableLocale {
  return storedLocale() ?? preferredLocale(globalThis.navigator?.languages ?? []);
}

/** Every catalogue of one language other than English, in one chunk each. */
const otherLanguages = import.meta.glob<{ messages: Messages }>([
  '../../locales/*/all.ts',
  '!../../locales/en/all.ts',
]);

let current: LoadableLocale = 'en';
const loaded = new Set<LoadableLocale>(['en']);
const listeners = new Set<() => void>();

/** What `current` is written as in `<html lang>` and to the API: pseudo reads as English. */
export function localeTag(locale: LoadableLocale = current): AppLocale {
  return locale === 'pseudo' ? 'en' : locale;
}

/** A feature's English messages, added as its chunk loads (its messages.ts). */
export function addCatalog(en: Messages): void {
  load('en', en);
}

/** Fetches every catalogue of `locale` (once). English is already here, feature by feature. */
export async function loadLocale(locale: LoadableLocale): Promise<void> {
  if (loaded.has(locale)) return;
  const importCatalogues = otherLanguages[`../../locales/${locale}/all.ts`];
  if (!importCatalogues) throw new Error(`FamJam has no catalogues for "${locale}".`);
  load(locale, (await importCatalogues()).messages);
  loaded.add(locale);
}

function activate(locale: LoadableLocale): void {
  current = locale;
  if (typeof document !== 'undefined') document.documentElement.lang = localeTag(locale);
  for (const listener of listeners) listener();
}

export function currentLocale(): LoadableLocale {
  return current;
}

/** Re-renders on a change of language (useSyncExternalStore's subscribe). */
export function subscribeLocale(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Speaks `locale` from now on: loads its catalogues, then switches and tells the app, which
 * renders again. `remember` keeps it on this device (the family's own choice).
 */
export async function changeLocale(
  locale: LoadableLocale,
  { remember = true } = {},
): Promise<void> {
  if (remember) {
    try {
      globalThis.localStorage?.setItem(LOCALE_STORAGE_KEY, locale);
    } catch {
      // Not kept on this device; the account's record still has it.
    }
  }
  await loadLocale(locale);
  await followAriaStrings(locale);
  if (locale !== current) activate(locale);
}

let ariaStrings: typeof import('./ariaStrings.ts') | null = null;

/**
 * react-aria's own words follow (src/i18n/ariaStrings.ts). English needs nothing loaded until
 * another language has been spoken: react-aria's English is built into its components.
 */
async function followAriaStrings(locale: LoadableLocale): Promise<void> {
  const tag = localeTag(locale);
  if (tag === SOURCE_LOCALE && ariaStrings === null) return;
  ariaStrings ??= await import('./ariaStrings.ts');
  await ariaStrings.speakAriaStrings(tag);
}
