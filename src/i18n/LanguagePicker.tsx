import { type KeyboardEvent, useId, useRef } from 'react';
import { type AppLocale, appLocales, localeNames } from '../../contract/locales.ts';
import { i18n } from './appCatalog.ts';
import { changeLocale, localeTag } from './i18n.ts';
import * as styles from './languagePicker.css.ts';
import { useLocale } from './useLocale.tsx';

interface LanguagePickerProps {
  /**
   * After the app speaks `locale` (and this device keeps it): Profile also writes it to the
   * family's record, so it follows them to every device.
   */
  onChanged?: (locale: AppLocale) => void;
}

/**
 * The language switch (issue 35): each language named in itself ('English', 'Español', with its
 * own `lang`, so a screen reader says it right), as a radio group on the segmented control's
 * look, as the sign-in screen's Sign In · Create Account is (one tab stop; the arrows choose).
 */
export function LanguagePicker({ onChanged }: LanguagePickerProps) {
  const labelId = useId();
  const chosen = localeTag(useLocale());
  const options = useRef(new Map<AppLocale, HTMLButtonElement>());
  const choose = (locale: AppLocale) => {
    if (locale === chosen) return;
    void changeLocale(locale).then(
      () => onChanged?.(locale),
      (error: unknown) => console.warn('Could not switch the language:', error),
    );
  };
  const chooseWithKeys = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const index = appLocales.indexOf(chosen);
    const next = appLocales[(index + step + appLocales.length) % appLocales.length];
    if (!next) return;
    options.current.get(next)?.focus();
    choose(next);
  };
  return (
    <div className={styles.picker}>
      <span id={labelId} className={styles.label}>
        {i18n.t('app.language.label')}
      </span>
      <div
        role="radiogroup"
        aria-labelledby={labelId}
        className={styles.track}
        onKeyDown={chooseWithKeys}
      >
        {appLocales.map((locale) => (
          // The radio group pattern with buttons, as ModeSwitch (src/features/auth) has it.
          // biome-ignore lint/a11y/useSemanticElements: see above.
          <button
            key={locale}
            ref={(element) => {
              if (element) options.current.set(locale, element);
              else options.current.delete(locale);
            }}
            type="button"
            role="radio"
            lang={locale}
            aria-checked={chosen === locale}
            tabIndex={chosen === locale ? 0 : -1}
            className={styles.option}
            onClick={() => choose(locale)}
          >
            {localeNames[locale]}
          </button>
        ))}
      </div>
    </div>
  );
}
