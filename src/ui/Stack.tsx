import type { ElementType, HTMLAttributes, ReactNode } from 'react';
import { Box, type BoxAtomProps } from './Box.tsx';

type Space = NonNullable<BoxAtomProps['gap']>;

interface LayoutProps extends Omit<HTMLAttributes<HTMLElement>, keyof BoxAtomProps> {
  children: ReactNode;
  /** The space between children, from the theme's one scale. */
  space?: Space;
  /** The element to render: `ul` for lists of cards, `section` for a titled block. */
  as?: ElementType;
}

/**
 * Children one under another with the same gap between each, so screens stop setting margins
 * on their parts (braid-design-system's Stack: a Box with its layout fixed).
 */
export function Stack({
  space = '4',
  align,
  children,
  ...rest
}: LayoutProps & { align?: 'stretch' | 'flex-start' | 'center' | 'flex-end' }) {
  return (
    <Box {...rest} display="flex" flexDirection="column" gap={space} alignItems={align}>
      {children}
    </Box>
  );
}

/**
 * Children side by side, wrapping onto the next line when the row is full (chips, buttons,
 * badges). `justify="space-between"` puts a title and its "See All" at the two ends.
 */
export function Inline({
  space = '2',
  align = 'center',
  justify,
  wrap = true,
  children,
  ...rest
}: LayoutProps & {
  align?: 'flex-start' | 'center' | 'flex-end' | 'baseline';
  justify?: 'flex-start' | 'center' | 'flex-end' | 'space-between';
  wrap?: boolean;
}) {
  return (
    <Box
      {...rest}
      display="flex"
      flexDirection="row"
      flexWrap={wrap ? 'wrap' : 'nowrap'}
      gap={space}
      alignItems={align}
      justifyContent={justify}
    >
      {children}
    </Box>
  );
}
