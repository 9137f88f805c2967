import { style } from '@vanilla-extract/css';
import { sprinkles } from '../../styles/sprinkles.css.ts';
import { vars } from '../../styles/theme.css.ts';

export const card = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  minWidth: 0,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  boxShadow: vars.shadow.card,
  overflow: 'hidden',
  transitionProperty: 'transform, box-shadow',
  transitionDuration: vars.duration.fast,
  selectors: {
    '&:has(a:focus-visible)': {
      outline: `3px solid ${vars.color.focusRing}`,
      outlineOffset: '2px',
    },
    '&:active': { transform: 'scale(0.99)' },
  },
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
});

/** Reserves the image's box before it loads: no layout shift while a list fills in. */
export const media = style({
  position: 'relative',
  aspectRatio: '16 / 9',
  backgroundColor: vars.color.surfaceMuted,
});

export const image = style({
  display: 'block',
  width: '100%',
  height: '100%',
  objectFit: 'cover',
  selectors: {
    // A cancelled event's picture steps back; the 'Cancelled' badge says why, in words.
    [`${card}[data-cancelled] &`]: { filter: 'grayscale(0.85)', opacity: 0.7 },
  },
});

/** Said first, before Family Safe and the ages. */
export const cancelledBadge = style({ textTransform: 'uppercase', letterSpacing: '0.04em' });

/** Family Safe and the ages, side by side on the image's lower edge. */
export const badges = style({
  position: 'absolute',
  left: vars.space['3'],
  right: vars.space['3'],
  bottom: vars.space['3'],
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
});

export const saveButton = style({
  position: 'absolute',
  top: vars.space['2'],
  right: vars.space['2'],
  // Above the stretched link, so the heart is its own target.
  zIndex: 2,
  display: 'grid',
  placeItems: 'center',
  width: vars.size.touch,
  height: vars.size.touch,
  border: 0,
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.surface,
  color: vars.color.textMuted,
  boxShadow: vars.shadow.card,
  cursor: 'pointer',
  touchAction: 'manipulation',
  selectors: {
    '&[data-saved="true"]': { color: vars.color.danger },
    '&[data-pressed]': { transform: 'scale(0.92)' },
    '&[data-focus-visible]': { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

export const body = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  padding: vars.space['4'],
});

export const when = style({
  margin: 0,
  color: vars.color.accentText,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
});

export const title = style({
  fontSize: vars.fontSize.lg,
  lineHeight: vars.lineHeight.snug,
});

/** The whole card is the link's target; only the title is the link's text. */
export const titleLink = style({
  color: 'inherit',
  textDecoration: 'none',
  outline: 'none',
  '::after': { content: '""', position: 'absolute', inset: 0, zIndex: 1 },
});

export const venue = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['1'],
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  minWidth: 0,
});

export const venueName = style({
  flex: 1,
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

/** How far, at the venue line's end: never cut, the venue's name gives way first. */
export const distance = style({
  flexShrink: 0,
  paddingInlineStart: vars.space['2'],
  fontWeight: vars.fontWeight.semibold,
  whiteSpace: 'nowrap',
});

export const footer = sprinkles({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '2',
});

export const price = style({
  fontWeight: vars.fontWeight.heavy,
  color: vars.color.text,
});

export const tag = style({
  paddingInline: vars.space['2'],
  paddingBlock: '2px',
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.surfaceMuted,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
});
