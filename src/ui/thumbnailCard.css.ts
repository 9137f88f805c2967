import { createVar, style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

/** The thumbnail's side; a card that wants another size sets it (`vars: { [thumbSize]: … }`). */
export const thumbSize = createVar();

/**
 * A card with a square picture on the left and its text beside it (the restaurant, a deal).
 * When the card holds a stretched link, its keyboard focus rings the whole card.
 */
export const thumbnailCard = style({
  vars: { [thumbSize]: '96px' },
  position: 'relative',
  display: 'grid',
  gridTemplateColumns: `${thumbSize} minmax(0, 1fr)`,
  gap: vars.space['3'],
  padding: vars.space['3'],
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  boxShadow: vars.shadow.card,
  selectors: {
    '&:has(a:focus-visible)': {
      outline: `3px solid ${vars.color.focusRing}`,
      outlineOffset: '2px',
    },
  },
});

export const thumbnail = style({
  width: thumbSize,
  height: thumbSize,
  borderRadius: vars.radius.md,
  objectFit: 'cover',
  backgroundColor: vars.color.surfaceMuted,
});

export const thumbnailBody = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
  minWidth: 0,
});
