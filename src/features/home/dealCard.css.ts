import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';
import { thumbnail, thumbnailBody, thumbnailCard, thumbSize } from '../../ui/thumbnailCard.css.ts';

export const card = style([thumbnailCard, { vars: { [thumbSize]: '88px' } }]);
export const image = thumbnail;
export const body = thumbnailBody;

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
