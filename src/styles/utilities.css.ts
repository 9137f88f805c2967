import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

/** Hidden on screen, still read by assistive technology. */
export const visuallyHidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
});

/**
 * A whole page of its own with one block in the middle: loading, boot error, music callback. The
 * theme's background and text colour are set here because these pages render outside the shell.
 */
export const fullPageCentered = style({
  minHeight: '100dvh',
  display: 'grid',
  placeItems: 'center',
  padding: vars.space['6'],
  backgroundColor: vars.color.background,
  color: vars.color.text,
});

/** A short label between two hairlines ("or continue with"), separating alternatives in a form. */
export const labelledDivider = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['3'],
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  selectors: {
    '&::before, &::after': {
      content: '""',
      flex: 1,
      height: '1px',
      backgroundColor: vars.color.border,
    },
  },
});
