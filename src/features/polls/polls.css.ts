import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';
import * as layout from '../../ui/layout.ts';
import { singleColumnPage } from '../../ui/page.css.ts';
import { choiceCard, meterTrack, noticeRecipe, panel } from '../../ui/surfaces.css.ts';

export const card = style([layout.column('4'), panel]);

export const pollTitle = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  lineHeight: vars.lineHeight.snug,
  overflowWrap: 'anywhere',
});

export const description = style({
  margin: 0,
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
});

export const meta = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const optionText = style({ fontWeight: vars.fontWeight.semibold, overflowWrap: 'anywhere' });

export const count = style({
  flexShrink: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  fontVariantNumeric: 'tabular-nums',
});

export const track = style([meterTrack, { height: '10px' }]);

export { meterFill as bar } from '../../ui/surfaces.css.ts';

export const winnerBar = style({ backgroundColor: vars.color.success });

export const winnerRow = style({
  padding: vars.space['3'],
  marginInline: `calc(-1 * ${vars.space['3']})`,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.accentSoft,
  color: vars.color.accentSoftText,
});

/** The poll page's voting list: each option a full-width, 44 px+ radio card. */
export const radioGroup = layout.column('2');

export const radio = style([
  layout.column('2'),
  choiceCard,
  {
    padding: vars.space['3'],
    borderRadius: vars.radius.md,
    selectors: { '&[data-disabled]': { cursor: 'default', opacity: 0.7 } },
  },
]);

export const radioDot = style({
  flexShrink: 0,
  width: '22px',
  height: '22px',
  borderRadius: vars.radius.full,
  border: `2px solid ${vars.color.borderStrong}`,
  backgroundColor: vars.color.surface,
  selectors: {
    [`${radio}[data-selected] &`]: {
      borderColor: vars.color.accent,
      borderWidth: '7px',
    },
  },
});

export const grow = style({ flex: 1, minWidth: 0 });

export const page = style([singleColumnPage, { paddingBlock: vars.space['4'] }]);

export const problem = noticeRecipe({ size: 'md', layout: 'text' });

export const form = layout.column('4');

export const fieldset = style([
  layout.column('3'),
  { margin: 0, padding: 0, border: 0, minWidth: 0 },
]);

export const legend = style({
  padding: 0,
  marginBottom: vars.space['2'],
  fontWeight: vars.fontWeight.semibold,
});

export const hint = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

/** The radio group's name, set like the section titles it stands beside. */
export const groupLabel = style({
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  marginBottom: vars.space['1'],
});
