import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const card = style({
  position: 'relative',
  display: 'grid',
  gridTemplateColumns: '88px minmax(0, 1fr)',
  gap: vars.space['3'],
  padding: vars.space['3'],
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  boxShadow: vars.shadow.card,
  selectors: {
    '&:has(a:focus-visible)': {
      outline: `3px solid ${vars.color.focusRing}`,
      outlineOffset: '2px',
    },
  },
});

export const image = style({
  width: '88px',
  height: '88px',
  borderRadius: vars.radius.md,
  objectFit: 'cover',
  backgroundColor: vars.color.surfaceMuted,
});

export const body = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
  minWidth: 0,
});

export const title = style({ fontSize: vars.fontSize.md, lineHeight: vars.lineHeight.snug });

export const link = style({
  color: 'inherit',
  textDecoration: 'none',
  outline: 'none',
  '::after': { content: '""', position: 'absolute', inset: 0 },
});

export const venue = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const prices = style({
  display: 'flex',
  alignItems: 'baseline',
  gap: vars.space['2'],
  flexWrap: 'wrap',
});

export const dealPrice = style({
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.heavy,
  color: vars.color.text,
});

export const originalPrice = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  textDecoration: 'line-through',
});

export const footer = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['2'],
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
});
