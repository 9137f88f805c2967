import type { ReactNode } from 'react';
import { SwitchButton, SwitchField, type SwitchFieldProps, Text } from 'react-aria-components';
import { cx } from './cx.ts';
import * as styles from './switch.css.ts';

export interface SwitchProps extends Omit<SwitchFieldProps, 'children' | 'className'> {
  /** The visible label; it is the switch's accessible name. */
  children: ReactNode;
  description?: string;
  /** Put the label first and the track at the far end (settings rows). */
  labelFirst?: boolean;
  className?: string;
}

export function Switch({ children, description, labelFirst, className, ...rest }: SwitchProps) {
  return (
    <SwitchField {...rest} className={cx(styles.field, className)}>
      <SwitchButton className={cx(styles.button, labelFirst && styles.labelEnd)}>
        <span className={styles.track} aria-hidden="true">
          <span className={styles.handle} />
        </span>
        <span className={styles.label}>{children}</span>
      </SwitchButton>
      {description ? (
        <Text slot="description" className={styles.description}>
          {description}
        </Text>
      ) : null}
    </SwitchField>
  );
}
