import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

/** 'Connected as …' on its own line, above which genres were ticked. */
export const summary = style({ display: 'block', color: vars.color.text });

/** The Music step's sentence when no service can be connected: quiet, like a hint. */
export const unavailable = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});
