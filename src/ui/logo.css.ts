import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';
import { fullPageCentered } from '../styles/utilities.css.ts';
import { column } from './layout.ts';

export const logoMark = style({ flexShrink: 0 });
export const logoTile = style({ fill: vars.color.accent });
export const logoHeart = style({ fill: vars.color.textOnAccent });
export const logoSpark = style({ fill: vars.color.textOnAccent, opacity: 0.85 });

export const wordmark = style({
  fontFamily: vars.font.display,
  fontSize: vars.fontSize['2xl'],
  fontWeight: vars.fontWeight.heavy,
  letterSpacing: '-0.02em',
  lineHeight: 1,
});

export const wordmarkAccent = style({ color: vars.color.accentText });

/* The routing gate's whole-page 'Loading...' (LoadingScreen.tsx) */

export const loadingScreen = style([
  fullPageCentered,
  { color: vars.color.accentText, textAlign: 'center' },
]);

export const loadingStatus = column('4', 'center');

export const loadingText = style({
  fontFamily: vars.font.body,
  color: vars.color.text,
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.lg,
});
