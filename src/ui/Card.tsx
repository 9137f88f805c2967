import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from './cx.ts';
import { type CardVariants, cardRecipe } from './surfaces.css.ts';

export interface CardProps extends HTMLAttributes<HTMLElement>, CardVariants {
  children: ReactNode;
  /** `section`/`article` when the card is a landmark-worthy unit with its own heading. */
  as?: 'div' | 'section' | 'article' | 'li' | 'aside';
}

export function Card({
  as: Element = 'div',
  padding,
  elevated,
  tone,
  className,
  children,
  ...rest
}: CardProps) {
  return (
    <Element {...rest} className={cx(cardRecipe({ padding, elevated, tone }), className)}>
      {children}
    </Element>
  );
}
