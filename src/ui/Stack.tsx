import type { ElementType, HTMLAttributes, ReactNode } from 'react';
import { type Sprinkles, sprinkles } from '../styles/sprinkles.css.ts';
import { cx } from './cx.ts';

type Space = NonNullable<Sprinkles['gap']>;

interface LayoutProps extends HTMLAttributes<HTMLElement> {
  children: ReactNode;
  /** The space between children, from the theme's one scale. */
  space?: Space;
  /** The element to render: `ul` for lists of cards, `section` for a titled block. */
  as?: ElementType;
}

/**
 * Children one under another with the same gap between each, so screens stop setting margins
 * on their parts (braid-design-system's Stack, on our sprinkles).
 */
export function Stack({
  space = '4',
  as: Element = 'div',
  align,
  className,
  children,
  ...rest
}: LayoutProps & { align?: 'stretch' | 'flex-start' | 'center' | 'flex-end' }) {
  return (
    <Element
      {...rest}
      className={cx(
        sprinkles({ display: 'flex', flexDirection: 'column', gap: space, alignItems: align }),
        className,
      )}
    >
      {children}
    </Element>
  );
}

/**
 * Children side by side, wrapping onto the next line when the row is full (chips, buttons,
 * badges). `justify="space-between"` puts a title and its "See All" at the two ends.
 */
export function Inline({
  space = '2',
  as: Element = 'div',
  align = 'center',
  justify,
  wrap = true,
  className,
  children,
  ...rest
}: LayoutProps & {
  align?: 'flex-start' | 'center' | 'flex-end' | 'baseline';
  justify?: 'flex-start' | 'center' | 'flex-end' | 'space-between';
  wrap?: boolean;
}) {
  return (
    <Element
      {...rest}
      className={cx(
        sprinkles({
          display: 'flex',
          flexDirection: 'row',
          flexWrap: wrap ? 'wrap' : 'nowrap',
          gap: space,
          alignItems: align,
          justifyContent: justify,
        }),
        className,
      )}
    >
      {children}
    </Element>
  );
}
