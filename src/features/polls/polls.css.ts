import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['4'],
  padding: vars.space['4'],
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  boxShadow: vars.shadow.card,
});

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

export const results = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const resultRow = style({ display: 'flex', flexDirection: 'column', gap: vars.space['1'] });

export const resultLine = style({
  display: 'flex',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space['2'],
});

export const optionText = style({ fontWeight: vars.fontWeight.semibold, overflowWrap: 'anywhere' });

export const count = style({
  flexShrink: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  fontVariantNumeric: 'tabular-nums',
});

export const track = style({
  height: '10px',
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.surfaceMuted,
  overflow: 'hidden',
});

export const bar = style({
  height: '100%',
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.accent,
  transition: `width ${vars.duration.slow} ${vars.easing.standard}`,
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
});

export const winnerBar = style({ backgroundColor: vars.color.success });

export const winnerRow = style({
  padding: vars.space['3'],
  marginInline: `calc(-1 * ${vars.space['3']})`,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.accentSoft,
  color: vars.color.accentSoftText,
});

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'] });

/** The poll page's voting list: each option a full-width, 44 px+ radio card. */
export const radioGroup = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2'] });

export const radio = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  minHeight: vars.size.touch,
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  border: `1.5px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  cursor: 'pointer',
  selectors: {
    '&[data-hovered]': { borderColor: vars.color.borderStrong },
    '&[data-selected]': { borderColor: vars.color.accent, backgroundColor: vars.color.accentSoft },
    '&[data-focus-visible]': { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
    '&[data-disabled]': { cursor: 'default', opacity: 0.7 },
  },
});

export const radioHead = style({ display: 'flex', alignItems: 'center', gap: vars.space['3'] });

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

export const page = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['5'],
  width: '100%',
  maxWidth: '640px',
  marginInline: 'auto',
  paddingBlock: vars.space['4'],
});

export const problem = style({
  margin: 0,
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.dangerSoft,
  color: vars.color.dangerSoftText,
});

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space['4'] });

export const fieldset = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  margin: 0,
  padding: 0,
  border: 0,
  minWidth: 0,
});

export const legend = style({
  padding: 0,
  marginBottom: vars.space['2'],
  fontWeight: vars.fontWeight.semibold,
});

export const optionRow = style({ display: 'flex', alignItems: 'center', gap: vars.space['2'] });

export const hint = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

/** The radio group's name, set like the section titles it stands beside. */
export const groupLabel = style({
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  marginBottom: vars.space['1'],
});
