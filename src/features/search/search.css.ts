import { globalStyle, style } from '@vanilla-extract/css';
import { sprinkles } from '../../styles/sprinkles.css.ts';
import { vars } from '../../styles/theme.css.ts';
import * as layout from '../../ui/layout.ts';
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

/**
 * Filters, 'Fits my family' and the category chips on one swipeable line (swipeRow): one row
 * instead of two, so the first result starts above the fold on a phone (issue 17).
 */
export const toolRow = style([swipeRow, { alignItems: 'center' }]);
globalStyle(`${toolRow} > *`, { flexShrink: 0 });

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
globalStyle(`${toolRow} > ${chipRow}`, {
  '@media': { 'screen and (min-width: 640px)': { flexShrink: 1 } },
});

/**
 * Popular searches on one swipeable line too (they wrapped onto three on a phone). Its own margin
 * and padding of 0 come after the swipe row's, so this row keeps to the page's edges, as it has
 * always looked (the category chips above it run to the screen's edges).
 */
export const popularRow = style([swipeRow, { margin: 0, padding: 0, listStyle: 'none' }]);
globalStyle(`${popularRow} > li`, { flexShrink: 0 });

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
