import type { AppLocale } from '../../contract/locales.ts';

/*
 * react-aria's own words in the language in use (issue 35): a combobox's "N options available.",
 * its listbox's "Suggestions", a popover's hidden "Dismiss" button, a date field's segment names.
 * The production build keeps only react-aria's en-US strings inside its components
 * (vite.config.ts, optimizeLocales): every language's would be on every first load. A family
 * speaking another language gets react-aria's table for it, and the English table with it (for
 * a later switch back), from this module's chunk, loaded only then (src/i18n/i18n.ts).
 *
 * They reach react-aria through its documented global, the one its LocalizedStringProvider
 * writes for server rendering: `window[Symbol.for('react-aria.i18n.strings')]`, one table per
 * package. react-aria reads that global once, at its first use after it is set, and keeps what it
 * built; so each package's entry here is a view onto the table of the language in use, and a
 * change of language switches the view rather than the global.
 */

type PackageStrings = Record<string, unknown>;
type AriaTable = Record<string, PackageStrings>;

/** react-aria's table per FamJam language; a new language adds its line (the test checks). */
export const ariaTables: Record<AppLocale, () => Promise<{ default: AriaTable }>> = {
  en: () => import('react-aria-components/i18n/en-US') as Promise<{ default: AriaTable }>,
  es: () => import('react-aria-components/i18n/es-ES') as Promise<{ default: AriaTable }>,
};

const stringsKey = Symbol.for('react-aria.i18n.strings');
const localeKey = Symbol.for('react-aria.i18n.locale');

const loadedTables = new Map<AppLocale, AriaTable>();
let inUse: AriaTable = {};

async function tableOf(locale: AppLocale): Promise<AriaTable> {
  const kept = loadedTables.get(locale);
  if (kept) return kept;
  const table = (await ariaTables[locale]()).default;
  loadedTables.set(locale, table);
  return table;
}

/** The package's strings in the language in use, English where a table lacks one. */
function packageView(packageName: string, english: AriaTable): PackageStrings {
  return new Proxy(
    {},
    {
      get: (_, key) =>
        typeof key === 'string'
          ? (inUse[packageName]?.[key] ?? english[packageName]?.[key])
          : undefined,
    },
  );
}

/**
 * react-aria speaks `locale` from its next render on. The first call installs the global (with
 * English loaded beside, so that switching back needs nothing); later calls switch the view.
 */
export async function speakAriaStrings(locale: AppLocale): Promise<void> {
  const [english, table] = await Promise.all([tableOf('en'), tableOf(locale)]);
  inUse = table;
  const scope = globalThis as unknown as Record<symbol, unknown>;
  if (scope[stringsKey] !== undefined) return;
  scope[stringsKey] = Object.fromEntries(
    Object.keys(english).map((packageName) => [packageName, packageView(packageName, english)]),
  );
  // The one locale react-aria files the global's tables under: every locale it asks for then
  // falls back to it, i.e. to the view.
  scope[localeKey] = 'en-US';
}
