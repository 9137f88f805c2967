import { style } from '@vanilla-extract/css';
import { sprinkles } from '../../styles/sprinkles.css.ts';
import { vars } from '../../styles/theme.css.ts';
import * as layout from '../../ui/layout.ts';

export const hero = style([
  layout.column('3', 'flex-start'),
  {
    position: 'relative',
    padding: vars.space['5'],
    borderRadius: vars.radius.xl,
    overflow: 'hidden',
    backgroundColor: vars.color.accentSoft,
    color: vars.color.accentSoftText,
  },
]);

export const heroTitle = style({
  fontSize: vars.fontSize['2xl'],
  color: vars.color.text,
  maxWidth: '16ch',
});

export const heroText = style({ margin: 0, color: vars.color.text, maxWidth: '30ch' });

/** public/images/hero-dice.svg: two dice on a clear background, so they sit on the hero's. */
export const heroArt = style({
  position: 'absolute',
  right: vars.space['2'],
  top: vars.space['4'],
  width: '104px',
  height: '68px',
  opacity: 0.9,
  pointerEvents: 'none',
  '@media': { 'screen and (max-width: 360px)': { display: 'none' } },
});

export const categoryGrid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  // Every row as tall as the tallest (a label that wraps to two lines), every tile filling it.
  gridAutoRows: '1fr',
  gap: vars.space['2'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': {
    'screen and (min-width: 640px)': { gridTemplateColumns: 'repeat(5, minmax(0, 1fr))' },
  },
});

export const categoryTile = style({
  display: 'flex',
  height: '100%',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space['1'],
  minHeight: '104px',
  padding: vars.space['2'],
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  textAlign: 'center',
  textDecoration: 'none',
  boxShadow: vars.shadow.card,
  selectors: {
    '&:hover': { borderColor: vars.color.accent },
    '&:focus-visible': { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
    '&:active': { transform: 'scale(0.98)' },
  },
});

export const categoryIcon = style({ width: '40px', height: '40px' });

export const categoryLabel = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
});

export const categoryCount = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const spinnerBox = style([
  layout.column('4', 'center'),
  {
    padding: `${vars.space['8']} ${vars.space['4']}`,
    color: vars.color.accentText,
    textAlign: 'center',
  },
]);

export const spinnerText = style({
  margin: 0,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
});

export const resultActions = style({
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  gap: vars.space['3'],
  marginTop: vars.space['4'],
});

export const resultImage = style({
  width: '100%',
  aspectRatio: '16 / 9',
  objectFit: 'cover',
  borderRadius: vars.radius.lg,
  backgroundColor: vars.color.surfaceMuted,
});

export const resultTitle = style({ fontSize: vars.fontSize.xl });

export const resultMeta = style([
  sprinkles({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' }),
  { margin: 0, color: vars.color.textMuted },
]);

/** 'Fits my family' under the date chips: as wide as its words, not the column. */
export const fitsChip = style({ alignSelf: 'flex-start' });
