import { Fragment, type ReactNode, useSyncExternalStore } from 'react';
import { currentLocale, type LoadableLocale, subscribeLocale } from './i18n.ts';

/** The language in use; the component renders again when it changes. */
export function useLocale(): LoadableLocale {
  return useSyncExternalStore(subscribeLocale, currentLocale, currentLocale);
}

/**
 * Renders its children again from scratch when the language changes: texts are read with
 * `i18n.t` during render, and a memoised component would otherwise keep the old words. A change
 * of language is rare and deliberate (Profile, the sign-in screen), so losing a screen's local
 * state then is a fair price for never showing two languages at once.
 */
export function LocaleRemount({ children }: { children: ReactNode }) {
  return <Fragment key={useLocale()}>{children}</Fragment>;
}
