import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';
import { column } from './layout.ts';
import { panel } from './surfaces.css.ts';

/*
 * A titled panel inside a form (onboarding's photo step, the music services it embeds), the
 * quiet status line under a control and the form's error box: shared by the features that build
 * such forms (onboarding, music, the location dialog).
 */

export const formSection = style([column('3'), panel]);

export const formSectionTitle = style({ margin: 0, fontSize: vars.fontSize.lg });

export const statusLine = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  fontVariantNumeric: 'tabular-nums',
});

/** A form's error in words (a GPS failure, a photo that is not an image), with its icon. */
export const formAlert = style({
  display: 'flex',
  gap: vars.space['3'],
  padding: vars.space['4'],
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.dangerSoft,
  color: vars.color.dangerSoftText,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
  whiteSpace: 'pre-line',
});

export const formAlertIcon = style({ flexShrink: 0, marginTop: '1px' });
