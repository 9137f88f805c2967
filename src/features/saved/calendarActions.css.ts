import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

/** The URL is one long word: it wraps anywhere and reads as code. */
export const urlInput = style({
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: vars.fontSize.sm,
});

/** The reset warning: said plainly, not alarming (the notice's warning tone), in small type. */
export const small = style({ fontSize: vars.fontSize.sm });

export const warningIcon = style({ flexShrink: 0 });

/** The reset question sits where the Reset button was, framed so it reads as one step. */
export const confirm = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  margin: 0,
  minWidth: 0,
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.borderStrong}`,
});

/** Floated: a legend otherwise sits on the fieldset's border, outside the framed box. */
export const confirmTitle = style({
  float: 'left',
  width: '100%',
  padding: 0,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
});

export const loading = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  color: vars.color.textMuted,
});
