import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

/*
 * One swipeable line of cards that runs to the screen's edges (the page's side padding is undone
 * and given back inside, as Search's chip row does), so the next card peeking in says "scroll".
 */
export const scroller = style({
  display: 'flex',
  gap: vars.space['3'],
  margin: 0,
  marginInline: `calc(-1 * ${vars.space['4']})`,
  paddingInline: vars.space['4'],
  // Room for the cards' shadow and focus ring, which overflow would otherwise clip.
  paddingBlock: vars.space['1'],
  listStyle: 'none',
  overflowX: 'auto',
  scrollSnapType: 'x proximity',
  scrollPaddingInline: vars.space['4'],
  scrollbarWidth: 'none',
  selectors: { '&::-webkit-scrollbar': { display: 'none' } },
});

/** A compact card: most of a phone's width, so one card and the edge of the next show. */
export const item = style({
  flex: '0 0 min(78%, 280px)',
  display: 'flex',
  scrollSnapAlign: 'start',
  // A row of one has nothing to scroll to: the card takes the width, as the picks' card does.
  selectors: { '&:only-child': { flexBasis: '100%' } },
});

/** The card fills its slot, so cards with shorter titles stand as tall as their neighbours. */
globalStyle(`${item} > *`, { flex: 1 });
