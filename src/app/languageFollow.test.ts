import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale, currentLocale, i18n, LOCALE_STORAGE_KEY } from '../i18n/i18n.ts';
import { followAccountLanguage } from './languageFollow.ts';

afterEach(async () => {
  await changeLocale('en', { remember: false });
  localStorage.clear();
});

describe("a signed-in family's language follows its record", () => {
  it('switches to the language the account chose, and keeps it on this device', async () => {
    followAccountLanguage('es');
    await vi.waitFor(() => expect(currentLocale()).toBe('es'));
    expect(document.documentElement.lang).toBe('es');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('es');
    // The app's words are Spanish now.
    expect(i18n.t('app.language.label')).toBe('Idioma');
  });

  it('leaves the pseudo-locale of a layout test alone', async () => {
    await changeLocale('pseudo', { remember: false });
    followAccountLanguage('es');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(currentLocale()).toBe('pseudo');
  });
});
