import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

export const card = style({
  maxWidth: '28rem',
  padding: vars.space['8'],
  borderRadius: vars.radius.xl,
  backgroundColor: vars.color.surface,
  boxShadow: vars.shadow.card,
  textAlign: 'center',
});

export const title = style({
  margin: 0,
  fontFamily: vars.font.display,
  fontSize: vars.fontSize['2xl'],
  lineHeight: vars.lineHeight.tight,
});

export const text = style({
  margin: `${vars.space['3']} 0 0`,
  lineHeight: vars.lineHeight.normal,
  color: vars.color.textMuted,
});

export const detail = style({
  margin: `${vars.space['3']} 0 0`,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
});

export const retry = style({ marginTop: vars.space['6'], minWidth: '8rem' });
