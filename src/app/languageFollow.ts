import type { AppLocale } from '../../contract/locales.ts';
import { changeLocale, currentLocale } from '../i18n/i18n.ts';

/**
 * A signed-in family's language follows its record (issue 35): chosen in Profile on the phone,
 * it is the laptop's too after sign-in, and it stays on this device after sign-out (the sign-in
 * screen then speaks it). The pseudo-locale, a test's choice, is left alone.
 */
export function followAccountLanguage(language: AppLocale): void {
  const current = currentLocale();
  if (current === language || current === 'pseudo') return;
  changeLocale(language).catch((error: unknown) => {
    console.warn('Could not switch to the language of the account:', error);
  });
}
