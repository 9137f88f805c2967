import type { ReactNode, Ref } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import {
  type ButtonVariants,
  buttonRecipe,
  type IconButtonVariants,
  iconButtonRecipe,
} from './button.css.ts';
import { cx } from './cx.ts';
import { Icon, type IconSource } from './Icon.tsx';
import { Spinner } from './Spinner.tsx';

export interface ButtonProps
  extends Omit<AriaButtonProps, 'className' | 'children'>,
    ButtonVariants {
  children: ReactNode;
  className?: string;
  /** Icon before the label. */
  icon?: IconSource;
  /** Icon after the label (chevrons). */
  iconEnd?: IconSource;
}

/**
 * The one button. `isPending` keeps it focusable, swaps the icon for a spinner and tells screen
 * readers it is busy (react-aria's pending state), which is what the busy sign-in form needs.
 */
export function Button({
  children,
  className,
  variant,
  size,
  fullWidth,
  icon,
  iconEnd,
  isPending,
  ...rest
}: ButtonProps) {
  return (
    <AriaButton
      {...rest}
      isPending={isPending}
      className={cx(buttonRecipe({ variant, size, fullWidth }), className)}
    >
      {isPending ? <Spinner size={18} /> : icon ? <Icon name={icon} size={20} /> : null}
      <span>{children}</span>
      {iconEnd ? <Icon name={iconEnd} size={18} /> : null}
    </AriaButton>
  );
}

export interface IconButtonProps
  extends Omit<AriaButtonProps, 'className' | 'children' | 'aria-label'>,
    IconButtonVariants {
  /** Required: an icon-only button has no other name. */
  'aria-label': string;
  icon: IconSource;
  className?: string;
  /** Small count bubble in the corner (the notification bell). Hidden from AT: say it in the label. */
  badge?: ReactNode;
  /** The button element, e.g. for a popover to place itself beside it. */
  ref?: Ref<HTMLButtonElement>;
  iconSize?: number;
}

export function IconButton({
  icon,
  className,
  variant,
  badge,
  iconSize = 22,
  ...rest
}: IconButtonProps) {
  return (
    <AriaButton {...rest} className={cx(iconButtonRecipe({ variant }), className)}>
      <Icon name={icon} size={iconSize} />
      {badge}
    </AriaButton>
  );
}
