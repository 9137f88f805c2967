import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';
import { row } from '../../ui/layout.ts';
import { thumbnail, thumbnailBody, thumbnailCard } from '../../ui/thumbnailCard.css.ts';

export const card = thumbnailCard;
export const image = thumbnail;
export const body = thumbnailBody;

export const name = style({ fontSize: vars.fontSize.lg, lineHeight: vars.lineHeight.snug });

export const meta = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const stars = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2px',
  color: '#d97706',
});

export const ratingRow = style([
  row('2'),
  { fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.bold },
]);

export const actions = style({
  gridColumn: '1 / -1',
  display: 'flex',
  justifyContent: 'flex-end',
});
