import { createLink } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, ReactNode, Ref } from 'react';
import {
  type ButtonVariants,
  buttonRecipe,
  type IconButtonVariants,
  iconButtonRecipe,
} from './button.css.ts';
import { cx } from './cx.ts';
import { Icon, type IconName, type IconSource } from './Icon.tsx';
import { textLinkStyle } from './link.css.ts';

export interface AnchorButtonProps extends AnchorHTMLAttributes<HTMLAnchorElement>, ButtonVariants {
  ref?: Ref<HTMLAnchorElement>;
  icon?: IconSource;
  iconEnd?: IconSource;
  children?: ReactNode;
}

/**
 * A plain anchor that looks like Button, for addresses outside the app's routes (a `webcal:`
 * subscription, a ticket site). Inside the app, use LinkButton.
 */
export function AnchorButton({
  variant,
  size,
  fullWidth,
  icon,
  iconEnd,
  className,
  children,
  ...rest
}: AnchorButtonProps) {
  return (
    <a {...rest} className={cx(buttonRecipe({ variant, size, fullWidth }), className)}>
      {icon ? <Icon name={icon} size={20} /> : null}
      <span>{children}</span>
      {iconEnd ? <Icon name={iconEnd} size={18} /> : null}
    </a>
  );
}

/**
 * A router link that looks like Button: `<LinkButton to="/search" variant="secondary">`.
 * Navigation stays a real link (middle-click, copy address) with TanStack Router's typed `to`.
 */
export const LinkButton = createLink(AnchorButton);

interface IconAnchorProps extends AnchorHTMLAttributes<HTMLAnchorElement>, IconButtonVariants {
  ref?: Ref<HTMLAnchorElement>;
  icon: IconName;
  'aria-label': string;
}

function IconAnchor({ icon, variant, className, ...rest }: IconAnchorProps) {
  return (
    <a {...rest} className={cx(iconButtonRecipe({ variant }), className)}>
      <Icon name={icon} size={22} />
    </a>
  );
}

/** An icon-only router link (the header's sign-in icon); aria-label is required. */
export const IconLink = createLink(IconAnchor);

interface TextAnchorProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  ref?: Ref<HTMLAnchorElement>;
}

function TextAnchor({ className, ...rest }: TextAnchorProps) {
  return <a {...rest} className={cx(textLinkStyle, className)} />;
}

/** An inline text link in the accent colour. */
export const TextLink = createLink(TextAnchor);
