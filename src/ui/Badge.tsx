import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from './cx.ts';
import { type BadgeVariants, badgeRecipe } from './surfaces.css.ts';

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement>, BadgeVariants {
  children: ReactNode;
}

export function Badge({ tone, className, children, ...rest }: BadgeProps) {
  return (
    <span {...rest} className={cx(badgeRecipe({ tone }), className)}>
      {children}
    </span>
  );
}
