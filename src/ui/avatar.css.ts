import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

export const avatar = style({
  display: 'inline-grid',
  placeItems: 'center',
  flexShrink: 0,
  overflow: 'hidden',
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.accent,
  color: vars.color.textOnAccent,
  fontFamily: vars.font.display,
  fontWeight: vars.fontWeight.heavy,
  lineHeight: 1,
  userSelect: 'none',
});

export const image = style({ width: '100%', height: '100%', objectFit: 'cover' });
