/**
 * Stands in for react-aria's `i18n/useDefaultLocale.mjs` in production builds (vite.config.ts,
 * `englishOnlyLocale`): react-aria's default locale is always 'en-US', left to right. A family
 * speaking another language gets its own through react-aria's I18nProvider (src/app/providers.tsx,
 * issue 35); English passes none, so the first screens still build no Intl object.
 *
 * Why: react-aria's module works the browser's locale out when it is evaluated, with
 * `Intl.DateTimeFormat.supportedLocalesOf` and `Intl.Locale`. A phone's first use of Intl loads
 * ICU's data, up to 180 ms of main thread in a fresh Chromium tab (docs/benchmarks.md), and this
 * module was the first screen's only reason to pay it. The exports keep react-aria's names.
 */

interface Locale {
  locale: string;
  direction: 'ltr' | 'rtl';
}

const usEnglish: Locale = { locale: 'en-US', direction: 'ltr' };

export function getDefaultLocale(): Locale {
  return usEnglish;
}

/** A hook in react-aria; a constant here (the app's language, not the browser's, decides). */
export function useDefaultLocale(): Locale {
  return usEnglish;
}
