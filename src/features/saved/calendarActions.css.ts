import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const text = style({ margin: 0, color: vars.color.textMuted });

/** The URL is one long word: it wraps anywhere and reads as code. */
export const urlInput = style({
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: vars.fontSize.sm,
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
});

/** Said plainly, not alarming: the warning colours, not the error ones. */
export const warning = style({
  display: 'flex',
  gap: vars.space['3'],
  alignItems: 'flex-start',
  margin: 0,
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.warningSoft,
  color: vars.color.warningSoftText,
  fontSize: vars.fontSize.sm,
});

export const warningIcon = style({ flexShrink: 0 });

export const problem = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space['3'],
  margin: 0,
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.dangerSoft,
  color: vars.color.dangerSoftText,
});

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
