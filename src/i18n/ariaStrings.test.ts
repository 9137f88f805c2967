import { LocalizedStringDictionary } from '@internationalized/string';
import { describe, expect, it } from 'vitest';
import { appLocales } from '../../contract/locales.ts';
import { ariaTables, speakAriaStrings } from './ariaStrings.ts';

/** What react-aria's components ask for: the global dictionary of their package, by locale. */
const ariaSays = (packageName: string, key: string, locale: string) =>
  LocalizedStringDictionary.getGlobalDictionaryForPackage(packageName)?.getStringForLocale(
    key,
    locale,
  );

describe("react-aria's own words", () => {
  it('has react-aria’s table for every language FamJam speaks', async () => {
    for (const locale of appLocales) {
      const table = (await ariaTables[locale]()).default;
      expect(table['@react-aria/overlays']?.dismiss, locale).toEqual(expect.any(String));
    }
  });

  it('follow the language in use, and back, through the global react-aria reads once', async () => {
    await speakAriaStrings('es');
    expect(ariaSays('@react-aria/overlays', 'dismiss', 'es')).toBe('Descartar');
    expect(ariaSays('@react-aria/autocomplete', 'collectionLabel', 'es')).toBe('Sugerencias');

    await speakAriaStrings('en');
    expect(ariaSays('@react-aria/overlays', 'dismiss', 'en-US')).toBe('Dismiss');
    expect(ariaSays('@react-aria/autocomplete', 'collectionLabel', 'en-US')).toBe('Suggestions');
  });
});
