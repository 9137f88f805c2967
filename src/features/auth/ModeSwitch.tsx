import { type KeyboardEvent, useRef } from 'react';
import { i18n } from './messages.ts';
import * as styles from './signIn.css.ts';

export type Mode = 'signIn' | 'createAccount';

const modes: readonly { id: Mode; label: () => string }[] = [
  { id: 'signIn', label: () => i18n.t('auth.mode.signIn') },
  { id: 'createAccount', label: () => i18n.t('auth.mode.createAccount') },
];

interface ModeSwitchProps {
  mode: Mode;
  onChange: (mode: Mode) => void;
  isDisabled: boolean;
}

/**
 * Sign In · Create Account: a radio group of two buttons, as WAI-ARIA's radio group pattern
 * has it (one tab stop on the chosen option; the arrow keys move to the other and choose it).
 *
 * Plain buttons rather than react-aria's ToggleButtonGroup: that module brings its toolbar and
 * focus-scope code, and this is the first screen a new family loads (docs/decisions.md, "Size
 * budget").
 */
export function ModeSwitch({ mode, onChange, isDisabled }: ModeSwitchProps) {
  const options = useRef(new Map<Mode, HTMLButtonElement>());
  const chooseWithKeys = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (step === undefined || isDisabled) return;
    event.preventDefault();
    const index = modes.findIndex((each) => each.id === mode);
    const next = modes[(index + step + modes.length) % modes.length];
    if (!next) return;
    onChange(next.id);
    options.current.get(next.id)?.focus();
  };
  return (
    <div
      role="radiogroup"
      aria-label={i18n.t('auth.mode.label')}
      aria-disabled={isDisabled || undefined}
      className={styles.modeSwitch}
      onKeyDown={chooseWithKeys}
    >
      {modes.map(({ id, label }) => (
        // The radio group pattern with buttons, styled as one segmented control; native radios
        // would need labels and hidden inputs for the same result.
        // biome-ignore lint/a11y/useSemanticElements: see above.
        <button
          key={id}
          ref={(element) => {
            if (element) options.current.set(id, element);
            else options.current.delete(id);
          }}
          type="button"
          role="radio"
          aria-checked={mode === id}
          tabIndex={mode === id ? 0 : -1}
          disabled={isDisabled}
          className={styles.modeOption}
          onClick={() => onChange(id)}
        >
          {label()}
        </button>
      ))}
    </div>
  );
}
