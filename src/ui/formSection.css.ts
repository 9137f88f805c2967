import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

/*
 * A titled panel inside a form (onboarding's photo step, the music services it embeds) and the
 * quiet status line under a control: shared by the features that build such forms.
 */

export const formSection = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  padding: vars.space['4'],
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  boxShadow: vars.shadow.card,
});

export const formSectionTitle = style({ margin: 0, fontSize: vars.fontSize.lg });

export const statusLine = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  fontVariantNumeric: 'tabular-nums',
});
