import { useRef, useState } from 'react';
import {
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
  FieldError,
  Input,
  Label,
  Text,
} from 'react-aria-components';
import { i18n } from '../i18n/appCatalog.ts';
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
  const inputRef = useRef<HTMLInputElement>(null);
  const effectiveType = revealable && revealed ? 'text' : type;
  // A search box with words in it gets one clear button of ours (the browser's own is hidden in
  // field.css.ts): the same look on every phone, a name for screen readers, and the caret
  // back in the box afterwards.
  const { value, onChange } = rest;
  const clearable = type === 'search' && typeof value === 'string' && value !== '' && onChange;
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
          ref={inputRef}
          placeholder={placeholder}
          className={cx(
            styles.input,
            icon && styles.inputWithLeadingIcon,
            // Room for the button only while it shows: an empty search box gives its
            // placeholder the whole width (Search's fits on a 390 px phone).
            (revealable || clearable) && styles.inputWithTrailingButton,
            inputClassName,
          )}
        />
        {clearable ? (
          <IconButton
            className={styles.trailingButton}
            icon="close"
            aria-label={i18n.t('app.textField.clearSearch')}
            onPress={() => {
              onChange('');
              inputRef.current?.focus();
            }}
          />
        ) : null}
        {revealable ? (
          <IconButton
            className={styles.trailingButton}
            icon={revealed ? 'eyeOff' : 'eye'}
            aria-label={
              revealed ? i18n.t('app.textField.hidePassword') : i18n.t('app.textField.showPassword')
            }
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
