import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';
import * as layout from '../../ui/layout.ts';
import { singleColumnPage } from '../../ui/page.css.ts';
import { noticeRecipe, panel } from '../../ui/surfaces.css.ts';

export const page = singleColumnPage;

export const form = style([layout.column('4'), panel]);

export const fieldset = style([
  layout.column('3'),
  { margin: 0, padding: 0, border: 'none', minWidth: 0 },
]);

export const legend = style({
  padding: 0,
  marginBottom: vars.space['2'],
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
});

/** Two short fields side by side (date and time, youngest and oldest age): they fit at 390 px. */
export const pair = style({
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  gap: vars.space['3'],
  alignItems: 'start',
});

export const textArea = style({
  minHeight: '120px',
  paddingBlock: vars.space['3'],
  resize: 'vertical',
  fontFamily: 'inherit',
  lineHeight: vars.lineHeight.normal,
});

export const radioGroup = layout.column('2');

export const radioLabel = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
});

export const hint = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });

/** Change and Remove stacked beside the preview, each on one line. */
export const pictureActions = style([layout.column('1', 'flex-start'), { whiteSpace: 'nowrap' }]);

export const picturePreview = style({
  width: '96px',
  height: '64px',
  objectFit: 'cover',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
});

export const problem = noticeRecipe({ tone: 'danger', size: 'md', layout: 'text' });

export const done = style([layout.column('3', 'flex-start'), panel]);

export const doneTitle = style({ margin: 0, fontSize: vars.fontSize.xl });

export const doneText = style({ margin: 0 });

/** A status that may carry an operator's reason: it wraps instead of running off a phone. */
export const statusBadge = style({
  whiteSpace: 'normal',
  overflowWrap: 'anywhere',
  textAlign: 'start',
});
