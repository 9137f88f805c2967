import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const card = style({
  display: 'grid',
  gridTemplateColumns: '96px minmax(0, 1fr)',
  gap: vars.space['3'],
  padding: vars.space['3'],
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  boxShadow: vars.shadow.card,
});

export const image = style({
  width: '96px',
  height: '96px',
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

export const ratingRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
});

export const features = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['1'],
});

export const actions = style({
  gridColumn: '1 / -1',
  display: 'flex',
  justifyContent: 'flex-end',
});
