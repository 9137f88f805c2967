import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { type ButtonVariants, buttonRecipe } from './button.css.ts';
import { cx } from './cx.ts';
import { Icon, type IconSource } from './Icon.tsx';

export interface ExternalLinkButtonProps
  extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'target' | 'rel'>,
    ButtonVariants {
  href: string;
  icon?: IconSource;
  children: ReactNode;
}

/**
 * A link out of the app (tickets, a calendar) that looks like Button. It opens in a new tab,
 * without handing the other site this tab (`noopener`) or the page it came from (`noreferrer`).
 * Its own module, so only the screens that link out load it.
 */
export function ExternalLinkButton({
  variant,
  size,
  fullWidth,
  icon,
  className,
  children,
  ...rest
}: ExternalLinkButtonProps) {
  return (
    <a
      {...rest}
      target="_blank"
      rel="noopener noreferrer"
      className={cx(buttonRecipe({ variant, size, fullWidth }), className)}
    >
      {icon ? <Icon name={icon} size={20} /> : null}
      <span>{children}</span>
    </a>
  );
}
