import type { ElementType, HTMLAttributes, ReactNode } from 'react';
import { type Sprinkles, sprinkles } from '../styles/sprinkles.css.ts';
import { cx } from './cx.ts';

export type BoxProps = Sprinkles &
  Omit<HTMLAttributes<HTMLElement>, keyof Sprinkles> & {
    /** The element to render: `ul` for a list, `section` for a titled block. */
    as?: ElementType;
    children?: ReactNode;
  };

/**
 * An element laid out with the sprinkles' atoms as props (`display="flex" gap="2"`), so a screen
 * needs no style block of its own for plain layout; anything else still comes in `className`.
 */
export function Box({ as: Element = 'div', className, children, ...props }: BoxProps) {
  const atoms: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(props)) {
    if (sprinkles.properties.has(key as keyof Sprinkles)) atoms[key] = value;
    else rest[key] = value;
  }
  return (
    <Element {...rest} className={cx(sprinkles(atoms as Sprinkles), className)}>
      {children}
    </Element>
  );
}
