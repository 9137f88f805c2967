/*
 * The languages FamJam speaks (issue 35, docs/i18n.md). A third language is its catalogues
 * (locales/{locale}/) and one entry here.
 */

export const appLocales = ['en', 'es'] as const;
export type AppLocale = (typeof appLocales)[number];

/** The language of the texts in the code, and of a family that chose nothing FamJam speaks. */
export const SOURCE_LOCALE: AppLocale = 'en';

/** Each language named in itself, as the switch shows it (a Spanish reader looks for 'Español'). */
export const localeNames: Record<AppLocale, string> = { en: 'English', es: 'Español' };

export function isAppLocale(value: unknown): value is AppLocale {
  return typeof value === 'string' && (appLocales as readonly string[]).includes(value);
}

/**
 * The first of the browser's languages ('es-MX', 'en-US', 'fr') FamJam speaks, by its primary
 * subtag; English when none is.
 */
export function preferredLocale(languages: readonly string[]): AppLocale {
  for (const tag of languages) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isAppLocale(primary)) return primary;
  }
  return SOURCE_LOCALE;
}
