import { useState } from 'react';
import {
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
  FieldError,
  Input,
  Label,
  Text,
} from 'react-aria-components';
import { visuallyHidden } from '../styles/utilities.css.ts';
import { IconButton } from './Button.tsx';
import { cx } from './cx.ts';
import * as styles from './field.css.ts';
import { Icon, type IconName } from './Icon.tsx';

export interface TextFieldProps extends Omit<AriaTextFieldProps, 'className' | 'children'> {
  label: string;
  /** Keep the label for screen readers only (a search box with a visible magnifier). */
  hideLabel?: boolean;
  placeholder?: string;
  description?: string;
  errorMessage?: string;
  icon?: IconName;
  /** Adds a show/hide button; use with type="password". */
  revealable?: boolean;
  className?: string;
  inputClassName?: string;
}

export function TextField({
  label,
  hideLabel,
  placeholder,
  description,
  errorMessage,
  icon,
  revealable,
  type,
  className,
  inputClassName,
  isInvalid,
  ...rest
}: TextFieldProps) {
  const [revealed, setRevealed] = useState(false);
  const effectiveType = revealable && revealed ? 'text' : type;
  return (
    <AriaTextField
      {...rest}
      type={effectiveType}
      isInvalid={isInvalid ?? (errorMessage ? true : undefined)}
      className={cx(styles.field, className)}
    >
      <Label className={hideLabel ? visuallyHidden : styles.label}>{label}</Label>
      <div className={styles.inputGroup}>
        {icon ? <Icon name={icon} size={20} className={styles.leadingIcon} /> : null}
        <Input
          placeholder={placeholder}
          className={cx(
            styles.input,
            icon && styles.inputWithLeadingIcon,
            revealable && styles.inputWithTrailingButton,
            inputClassName,
          )}
        />
        {revealable ? (
          <IconButton
            className={styles.trailingButton}
            icon={revealed ? 'eyeOff' : 'eye'}
            aria-label={revealed ? 'Hide password' : 'Show password'}
            onPress={() => setRevealed((value) => !value)}
          />
        ) : null}
      </div>
      {description ? (
        <Text slot="description" className={styles.description}>
          {description}
        </Text>
      ) : null}
      <FieldError className={styles.error}>{errorMessage}</FieldError>
    </AriaTextField>
  );
}
