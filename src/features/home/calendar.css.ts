import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const calendar = style({ width: '100%', color: vars.color.text });

export const monthTitle = style({ fontSize: vars.fontSize.lg });

export const navButton = style({
  display: 'grid',
  placeItems: 'center',
  width: vars.size.touch,
  height: vars.size.touch,
  border: `1.5px solid ${vars.color.border}`,
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.xl,
  cursor: 'pointer',
  selectors: {
    '&[data-disabled]': { opacity: 0.4, cursor: 'not-allowed' },
    '&[data-focus-visible]': { outline: `3px solid ${vars.color.focusRing}` },
  },
});

export const grid = style({ width: '100%', borderCollapse: 'collapse' });

export const weekday = style({
  paddingBlock: vars.space['2'],
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  textTransform: 'uppercase',
});

export const cell = style({
  display: 'grid',
  placeItems: 'center',
  width: vars.size.touch,
  height: vars.size.touch,
  margin: '0 auto',
  borderRadius: vars.radius.full,
  fontWeight: vars.fontWeight.semibold,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-outside-month]': { visibility: 'hidden' },
    '&[data-hovered]': { backgroundColor: vars.color.surfaceMuted },
    '&[data-disabled], &[data-unavailable]': {
      color: vars.color.textMuted,
      opacity: 0.45,
      cursor: 'not-allowed',
      textDecoration: 'line-through',
    },
    '&[data-selected]': { backgroundColor: vars.color.accent, color: vars.color.textOnAccent },
    '&[data-focus-visible]': { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: '1px' },
  },
});
