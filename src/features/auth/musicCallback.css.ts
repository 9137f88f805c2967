import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space['3'],
  textAlign: 'center',
  color: vars.color.accentText,
});

export const title = style({
  fontSize: vars.fontSize['2xl'],
});

export const text = style({
  color: vars.color.textMuted,
});
