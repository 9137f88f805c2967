import { type ReactNode, useId } from 'react';
import { cx } from './cx.ts';
import * as styles from './switch.css.ts';

export interface SwitchProps {
  isSelected: boolean;
  /** Called with the state a press asks for: the opposite of `isSelected`. */
  onChange: (isSelected: boolean) => void;
  isDisabled?: boolean;
  /** The visible label; it is the switch's accessible name. */
  children: ReactNode;
  description?: string;
  /** Put the label first and the track at the far end (settings rows). */
  labelFirst?: boolean;
  className?: string;
}

/**
 * An on/off switch: a button with role="switch" and aria-checked, named by its label and
 * described by its description. A native button gives the click, Enter, Space and focus
 * behaviour; react-aria's Switch (its toggle and form-validation state) was more than the
 * header's Family Safe switch, on every first screen, needs. Always controlled, which is how
 * every screen uses it.
 */
export function Switch({
  isSelected,
  onChange,
  isDisabled,
  children,
  description,
  labelFirst,
  className,
}: SwitchProps) {
  const descriptionId = useId();
  return (
    <div className={cx(styles.field, className)}>
      <button
        type="button"
        role="switch"
        aria-checked={isSelected}
        aria-describedby={description ? descriptionId : undefined}
        disabled={isDisabled}
        onClick={() => onChange(!isSelected)}
        className={cx(styles.button, labelFirst && styles.labelEnd)}
      >
        <span className={styles.track} aria-hidden="true">
          <span className={styles.handle} />
        </span>
        <span className={styles.label}>{children}</span>
      </button>
      {description ? (
        <span id={descriptionId} className={styles.description}>
          {description}
        </span>
      ) : null}
    </div>
  );
}
