import { globalStyle, style } from '@vanilla-extract/css';
import { sprinkles } from '../../styles/sprinkles.css.ts';
import { vars } from '../../styles/theme.css.ts';
import * as layout from '../../ui/layout.ts';
import { textLinkStyle } from '../../ui/link.css.ts';
import { bareList, swipeRow } from '../../ui/surfaces.css.ts';

export const panel = style({ padding: vars.space['4'] });

/* A fieldset that only groups: no frame, and free to shrink (its default min-width is its content). */
export const fieldset = style({ minWidth: 0, margin: 0, padding: 0, border: 0 });

export const groupLabel = style({
  padding: 0,
  marginBottom: vars.space['2'],
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
});

/** Under the distances while "Search this area" is in use: why none is chosen. */
export const radiusNote = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

/**
 * Filters, 'Fits my family' and the category chips on one line: one row instead of two, so the
 * first result starts above the fold on a phone (issue 17). Filters stays put at the page's edge
 * and the chips swipe beside it (chipScroller), running to the screen's right edge.
 */
export const toolRow = style({
  display: 'flex',
  alignItems: 'center',
  marginInlineEnd: `calc(-1 * ${vars.space['4']})`,
  '@media': {
    'screen and (min-width: 640px)': {
      flexWrap: 'wrap',
      gap: vars.space['2'],
      marginInlineEnd: 0,
    },
  },
});
globalStyle(`${toolRow} > *`, { flexShrink: 0 });

/** The swipeable part of the tool row, which starts at Filters rather than the screen's edge. */
export const chipScroller = style([
  swipeRow,
  // The tool row already runs to the screen's right edge (its negative margin).
  { flex: '1 1 0', minWidth: 0, alignItems: 'center', marginInline: 0 },
]);
globalStyle(`${toolRow} > ${chipScroller}`, { flexShrink: 1 });
// A chip's own limit is its row's width (surfaces.css.ts); in here the row scrolls instead.
globalStyle(`${chipScroller} > *`, { flexShrink: 0, maxWidth: 'none' });

/** The category chips inside the tool row: a fieldset that only groups, part of the line. */
export const chipRow = style([
  fieldset,
  {
    display: 'flex',
    gap: vars.space['2'],
    '@media': { 'screen and (min-width: 640px)': { flexWrap: 'wrap' } },
  },
]);
// From tablet width the tool row wraps, and the chips with it.
globalStyle(`${chipScroller} > ${chipRow}`, {
  '@media': { 'screen and (min-width: 640px)': { flexShrink: 1 } },
});

/**
 * Popular searches on one swipeable line too (they wrapped onto three on a phone), running to the
 * screen's edges like the category chips above, with the same faded edges.
 */
export const popularRow = style([swipeRow, { marginBlock: 0, listStyle: 'none' }]);
globalStyle(`${popularRow} > li`, { flexShrink: 0 });

/**
 * 'Clear All Filters' after the filter chips: a text button without side padding, so when it
 * wraps under the chips its words start at their left edge (a quiet button's padding put them
 * 18 px in). Underlined as a link is, since it has no frame.
 */
export const clearAllFilters = style([
  textLinkStyle,
  {
    // The recipe's transparent border would still set the words 2 px in.
    paddingInline: 0,
    borderInlineWidth: 0,
    selectors: {
      '&[data-hovered], &:hover': { backgroundColor: 'transparent' },
    },
  },
]);

export const lastSearch = style({
  justifyContent: 'flex-start',
  width: '100%',
  textAlign: 'start',
  whiteSpace: 'normal',
});

export const near = style([
  layout.row('2'),
  {
    // One line for a usual place name at 390 px, so the results start higher.
    fontSize: vars.fontSize.md,
    color: vars.color.text,
  },
]);

export const count = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.textMuted,
});

export const countMore = style({ fontWeight: vars.fontWeight.regular });

export const list = `${sprinkles({ display: 'grid', gap: '4', gridTemplateColumns: { tablet: '2' } })} ${bareList}`;

export const loadMore = style([layout.column('2', 'center'), { position: 'relative' }]);

/* Where "near the end" is measured from; nothing to see. */
export const sentinel = style({ position: 'absolute', top: 0, width: '1px', height: '1px' });

export const loadMoreFailed = style({ margin: 0, color: vars.color.text });

export const listEnd = style({
  margin: 0,
  paddingBlock: vars.space['4'],
  textAlign: 'center',
  color: vars.color.textMuted,
});
