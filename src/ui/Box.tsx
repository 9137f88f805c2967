import type { ElementType, HTMLAttributes, ReactNode } from 'react';
import { boxAtoms } from './box.css.ts';
import { cx } from './cx.ts';

type BoxAtoms = typeof boxAtoms;

/** The layout atoms Box takes as props: `display="flex" gap="2"`. */
export type BoxAtomProps = { [Property in keyof BoxAtoms]?: keyof BoxAtoms[Property] };

export type BoxProps = BoxAtomProps &
  Omit<HTMLAttributes<HTMLElement>, keyof BoxAtomProps> & {
    /** The element to render: `ul` for a list, `section` for a titled block. */
    as?: ElementType;
    children?: ReactNode;
  };

const atomProperties = Object.keys(boxAtoms) as (keyof BoxAtoms)[];

/**
 * An element laid out with the sprinkles' atoms as props (`display="flex" gap="2"`), so a screen
 * needs no style block of its own for plain layout; anything else still comes in `className`.
 * The atoms' class names come from a table built with the styles (box.css.ts).
 */
export function Box({ as: Element = 'div', className, children, ...props }: BoxProps) {
  const rest: Record<string, unknown> = { ...props };
  const classes: (string | undefined)[] = [];
  for (const property of atomProperties) {
    const value = rest[property];
    if (value === undefined) continue;
    delete rest[property];
    classes.push((boxAtoms[property] as Record<string, string>)[value as string]);
  }
  return (
    <Element {...rest} className={cx(...classes, className)}>
      {children}
    </Element>
  );
}
