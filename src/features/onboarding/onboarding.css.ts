import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const screen = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['6'],
  width: '100%',
  maxWidth: '560px',
  marginInline: 'auto',
  padding: `${vars.space['4']} ${vars.space['4']} ${vars.space['8']}`,
});

export const progress = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2'] });

export const progressLabels = style({
  display: 'flex',
  justifyContent: 'space-between',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  fontVariantNumeric: 'tabular-nums',
});

export const track = style({
  height: '8px',
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.surfaceMuted,
  overflow: 'hidden',
});

export const fill = style({
  height: '100%',
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.accent,
  transition: `width ${vars.duration.slow} ${vars.easing.standard}`,
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
});

export const stepHead = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2'] });

export const stepTitle = style({
  margin: 0,
  fontSize: vars.fontSize['2xl'],
  lineHeight: vars.lineHeight.tight,
  outline: 'none',
});

export const stepLead = style({ margin: 0, color: vars.color.textMuted });

export const illustration = style({
  display: 'grid',
  placeItems: 'center',
  width: '88px',
  height: '88px',
  borderRadius: '28px',
  backgroundColor: vars.color.accentSoft,
  color: vars.color.accentSoftText,
  transform: 'rotate(-4deg)',
});

export const highlights = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const highlight = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['3'],
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
});

export const highlightIcon = style({
  display: 'grid',
  placeItems: 'center',
  flexShrink: 0,
  width: '40px',
  height: '40px',
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.secondarySoft,
  color: vars.color.secondarySoftText,
});

/** Age ranges and family groups: one full-width card per choice. */
export const choiceList = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
});

/** Genres: a two-column grid of shorter cards. */
export const choiceGrid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space['2'],
});

export const choice = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['3'],
  minHeight: vars.size.touch,
  padding: `${vars.space['3']} ${vars.space['4']}`,
  borderRadius: vars.radius.md,
  border: `1.5px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  cursor: 'pointer',
  transition: `border-color ${vars.duration.fast} ${vars.easing.standard}`,
  selectors: {
    '&[data-hovered]': { borderColor: vars.color.borderStrong },
    '&[data-selected]': { borderColor: vars.color.accent, backgroundColor: vars.color.accentSoft },
    '&[data-focus-visible]': { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
});

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

export const nav = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  paddingTop: vars.space['2'],
});

export const navSpacer = style({ flex: 1 });

export const services = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2'] });

/** Not connectable yet: dashed and muted (not faded, which would fail contrast), still focusable. */
export const serviceButton = style({
  selectors: { '&&': { borderStyle: 'dashed', color: vars.color.textMuted } },
});

export const photoRow = style({ display: 'flex', alignItems: 'center', gap: vars.space['4'] });
