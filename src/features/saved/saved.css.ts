import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

/**
 * Saved's actions, all in sight on a phone: two rows at 390 px (the list's three, then the
 * calendar's two), each pill keeping its one-line label and the rows filled edge to edge. From
 * tablet width they sit at their own widths.
 */
export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
  // A fieldset (the group's element) that only groups: no frame, free to shrink.
  minWidth: 0,
  margin: 0,
  padding: 0,
  border: 0,
});
globalStyle(`${toolbar} > *`, {
  flex: '1 1 auto',
  whiteSpace: 'nowrap',
  '@media': { 'screen and (min-width: 640px)': { flexGrow: 0 } },
});

/** One card per row on a phone, two from tablet width: the list reads top to bottom. */
export const list = style({
  display: 'grid',
  gridTemplateColumns: '1fr',
  gap: vars.space['4'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': { '(min-width: 720px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const footer = style({
  margin: 0,
  textAlign: 'center',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
});

export const hint = style({ margin: 0, color: vars.color.textMuted });

/**
 * Select mode: the checkbox's label covers the whole card (under the heart), so a tap anywhere
 * on the card ticks it; the card is outlined while ticked.
 */
export const selectOverlay = style({
  position: 'absolute',
  inset: 0,
  zIndex: 1,
  borderRadius: 'inherit',
  cursor: 'pointer',
  touchAction: 'manipulation',
  selectors: {
    '&[data-selected]': { boxShadow: `inset 0 0 0 3px ${vars.color.accent}` },
    '&[data-focus-visible]': {
      outline: `3px solid ${vars.color.focusRing}`,
      outlineOffset: '2px',
    },
  },
});

export const checkbox = style({
  position: 'absolute',
  top: vars.space['3'],
  left: vars.space['3'],
  display: 'grid',
  placeItems: 'center',
  width: '32px',
  height: '32px',
  borderRadius: vars.radius.sm,
  border: `2px solid ${vars.color.borderStrong}`,
  backgroundColor: vars.color.surface,
  color: vars.color.textOnAccent,
  boxShadow: vars.shadow.card,
  selectors: {
    [`${selectOverlay}[data-selected] &`]: {
      borderColor: vars.color.accent,
      backgroundColor: vars.color.accent,
    },
  },
});

/* Changes not yet on the server: a calm note, not a warning (they are safe on this device). */
export const syncNote = style({
  margin: 0,
  padding: `${vars.space['2']} ${vars.space['3']}`,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.warningSoft,
  color: vars.color.warningSoftText,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
});
