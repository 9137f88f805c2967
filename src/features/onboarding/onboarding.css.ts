import { style } from '@vanilla-extract/css';
import { sprinkles } from '../../styles/sprinkles.css.ts';
import { vars } from '../../styles/theme.css.ts';
import * as layout from '../../ui/layout.ts';
import { choiceCard, iconTile, itemTile, meterTrack } from '../../ui/surfaces.css.ts';

export const screen = style([
  layout.column('6'),
  {
    width: '100%',
    maxWidth: '560px',
    marginInline: 'auto',
    padding: `${vars.space['4']} ${vars.space['4']} ${vars.space['8']}`,
  },
]);

export const progress = layout.column('2');

export const progressLabels = style({
  display: 'flex',
  justifyContent: 'space-between',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  fontVariantNumeric: 'tabular-nums',
});

export const track = style([meterTrack, { height: '8px' }]);

export { meterFill as fill } from '../../ui/surfaces.css.ts';

export const stepHead = layout.column('2');

export const stepTitle = style({
  margin: 0,
  fontSize: vars.fontSize['2xl'],
  lineHeight: vars.lineHeight.tight,
  outline: 'none',
});

export const stepLead = style({ margin: 0, color: vars.color.textMuted });

export const illustration = style([
  iconTile.accent,
  {
    width: '88px',
    height: '88px',
    borderRadius: '28px',
    transform: 'rotate(-4deg)',
  },
]);

export const highlights = layout.columnList('3');

export const highlight = style([layout.row('3'), itemTile, { borderRadius: vars.radius.md }]);

export const highlightIcon = style([
  iconTile.family,
  {
    width: '40px',
    height: '40px',
    borderRadius: vars.radius.md,
  },
]);

/** Age ranges and family groups: one full-width card per choice. */
export const choiceList = layout.column('2');

/** Genres: a two-column grid of shorter cards. */
export const choiceGrid = sprinkles({ display: 'grid', gridTemplateColumns: '2', gap: '2' });

export const choice = style([
  layout.row('3'),
  choiceCard,
  {
    padding: `${vars.space['3']} ${vars.space['4']}`,
    borderRadius: vars.radius.md,
    transition: `border-color ${vars.duration.fast} ${vars.easing.standard}`,
    '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
  },
]);

export const choiceText = style({
  display: 'flex',
  flexDirection: 'column',
  minWidth: 0,
  fontWeight: vars.fontWeight.semibold,
  selectors: { [`${choice}[data-selected] &`]: { color: vars.color.accentSoftText } },
});

export const choiceDetail = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.regular,
  selectors: { [`${choice}[data-selected] &`]: { color: vars.color.accentSoftText } },
});

const markBase = {
  display: 'grid',
  placeItems: 'center',
  flexShrink: 0,
  width: '22px',
  height: '22px',
  border: `2px solid ${vars.color.borderStrong}`,
  backgroundColor: vars.color.surface,
  color: vars.color.textOnAccent,
} as const;

export const radioMark = style({
  ...markBase,
  borderRadius: vars.radius.full,
  selectors: {
    [`${choice}[data-selected] &`]: { borderColor: vars.color.accent, borderWidth: '7px' },
  },
});

export const checkMark = style({
  ...markBase,
  borderRadius: '6px',
  selectors: {
    [`${choice}[data-selected] &`]: {
      borderColor: vars.color.accent,
      backgroundColor: vars.color.accent,
    },
  },
});

export const nav = sprinkles({
  display: 'flex',
  justifyContent: 'space-between',
  gap: '3',
  paddingTop: '2',
});

export const navSpacer = style({ flex: 1 });

export const services = layout.column('2');

export const photoRow = layout.row('4');
