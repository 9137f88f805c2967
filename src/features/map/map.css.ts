import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';
import { visuallyHidden } from '../../styles/utilities.css.ts';
import { iconButtonRecipe } from '../../ui/button.css.ts';
import { textLinkStyle } from '../../ui/link.css.ts';
import { bareList, cardRecipe } from '../../ui/surfaces.css.ts';
import { mapFrame } from './resultsView.css.ts';

/*
 * The map's own look, loaded with its chunk: pins, clusters, the card, and Leaflet's controls
 * restyled to the app's surfaces in both themes (leaflet.css draws them white on grey).
 * What the design system already draws (a card's frame, a surface icon button, a text link, a
 * bare list, the focus ring of src/styles/global.css.ts) is its own class, composed here: those
 * modules are in every first visit's bundle, so the map's chunk only names them.
 */

export const map = style({
  position: 'absolute',
  inset: 0,
  backgroundColor: vars.color.surfaceMuted,
  fontFamily: vars.font.body,
});

globalStyle(`${mapFrame} .leaflet-container`, {
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.xs,
  backgroundColor: vars.color.surfaceMuted,
});

// Zoom buttons: the app's raised surface, its border and text colour, 40 px squares.
globalStyle(`${mapFrame} .leaflet-bar`, {
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.raised,
  overflow: 'hidden',
});
globalStyle(`${mapFrame} .leaflet-bar a`, {
  width: '40px',
  height: '40px',
  lineHeight: '38px',
  fontSize: '20px',
  backgroundColor: vars.color.surfaceRaised,
  color: vars.color.text,
  borderBottomColor: vars.color.border,
});
globalStyle(`${mapFrame} .leaflet-bar a:hover, ${mapFrame} .leaflet-bar a:focus-visible`, {
  backgroundColor: vars.color.surfaceMuted,
  color: vars.color.text,
});
globalStyle(`${mapFrame} .leaflet-bar a.leaflet-disabled`, {
  backgroundColor: vars.color.surfaceMuted,
  color: vars.color.textMuted,
});
globalStyle(`${mapFrame} .leaflet-touch .leaflet-bar`, { backgroundClip: 'border-box' });

// The attribution: legible in both themes, above the card's shadow.
globalStyle(`${mapFrame} .leaflet-control-attribution`, {
  backgroundColor: `color-mix(in srgb, ${vars.color.surface} 88%, transparent)`,
  color: vars.color.text,
  fontSize: '11px',
  lineHeight: 1.4,
  padding: '1px 6px',
  borderTopLeftRadius: vars.radius.sm,
});
globalStyle(`${mapFrame} .leaflet-control-attribution a`, { color: vars.color.accentText });

globalStyle(`${mapFrame} .leaflet-container:focus-visible`, {
  outline: `3px solid ${vars.color.focusRing}`,
  outlineOffset: '-3px',
});

/** Leaflet's marker element: a point at the place; the pin's button is centred on it. */
export const marker = style({ background: 'none', border: 0 });

const pinBase = style({
  position: 'absolute',
  left: 0,
  top: 0,
  transform: 'translate(-50%, -50%)',
  display: 'grid',
  placeItems: 'center',
  padding: 0,
  borderRadius: vars.radius.full,
  border: `2px solid ${vars.color.surface}`,
  boxShadow: vars.shadow.raised,
  cursor: 'pointer',
  // Leaflet makes markers transparent to the pointer unless they are its own interactive ones.
  pointerEvents: 'auto',
  touchAction: 'manipulation',
});

export const pin = style([
  pinBase,
  {
    width: vars.size.touch,
    height: vars.size.touch,
    backgroundColor: vars.color.accent,
    color: vars.color.textOnAccent,
    selectors: {
      '&[data-selected]': {
        backgroundColor: vars.color.secondary,
        color: vars.color.textOnSecondary,
        transform: 'translate(-50%, -50%) scale(1.15)',
        zIndex: 1,
      },
      // Cancelled: muted, struck through, and named 'Cancelled' in its label.
      '&[data-cancelled]': {
        backgroundColor: vars.color.surfaceMuted,
        color: vars.color.textMuted,
        borderStyle: 'dashed',
        borderColor: vars.color.borderStrong,
      },
      '&[data-cancelled]::after': {
        content: '""',
        position: 'absolute',
        width: '70%',
        height: '2px',
        backgroundColor: vars.color.textMuted,
        transform: 'rotate(-45deg)',
      },
    },
  },
]);

export const cluster = style([
  pinBase,
  {
    minWidth: '46px',
    height: '46px',
    paddingInline: vars.space['2'],
    backgroundColor: vars.color.secondary,
    color: vars.color.textOnSecondary,
    fontWeight: vars.fontWeight.heavy,
    fontSize: vars.fontSize.md,
    boxShadow: `0 0 0 6px color-mix(in srgb, ${vars.color.secondary} 30%, transparent), ${vars.shadow.raised}`,
  },
]);

export const youAreHere = style({
  fill: vars.color.focusRing,
  fillOpacity: 0.9,
  stroke: vars.color.surface,
  strokeWidth: 3,
});

/** Only seen when focused: keyboard users can pass the pins by. */
export const skipLink = style([
  visuallyHidden,
  {
    selectors: {
      '&:focus-visible': {
        position: 'static',
        display: 'inline-block',
        width: 'auto',
        height: 'auto',
        overflow: 'visible',
        clip: 'auto',
        whiteSpace: 'normal',
        margin: `0 0 ${vars.space['2']}`,
        padding: `${vars.space['2']} ${vars.space['3']}`,
        borderRadius: vars.radius.md,
        backgroundColor: vars.color.surface,
        color: vars.color.accentText,
        fontWeight: vars.fontWeight.bold,
      },
    },
  },
]);

/** 'Search this area', centred at the top over the tiles. */
export const topBar = style({
  position: 'absolute',
  top: vars.space['3'],
  left: '64px',
  right: '64px',
  display: 'flex',
  justifyContent: 'center',
  zIndex: 1000,
  pointerEvents: 'none',
});

export const floatingButton = style({
  pointerEvents: 'auto',
  boxShadow: vars.shadow.raised,
});

export const locateButton = style({
  position: 'absolute',
  top: vars.space['3'],
  right: vars.space['3'],
  zIndex: 1000,
  boxShadow: vars.shadow.raised,
});

export const loadingPill = style({
  position: 'absolute',
  bottom: vars.space['8'],
  left: '50%',
  transform: 'translateX(-50%)',
  zIndex: 1000,
  margin: 0,
  padding: `${vars.space['1']} ${vars.space['3']}`,
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  boxShadow: vars.shadow.card,
});

export const gpsError = style({
  position: 'absolute',
  top: '64px',
  left: vars.space['3'],
  right: vars.space['3'],
  zIndex: 1001,
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space['2'],
  maxHeight: '60%',
  overflowY: 'auto',
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  whiteSpace: 'pre-line',
  boxShadow: vars.shadow.raised,
});
globalStyle(`${gpsError} > p`, { margin: 0, flex: 1 });

/**
 * The open pin's card, over the bottom of the map: the app's card, on the raised surface and
 * shadow of what floats over the tiles.
 */
export const card = style([
  cardRecipe({ padding: 'none', elevated: false }),
  {
    position: 'absolute',
    left: vars.space['2'],
    right: vars.space['2'],
    bottom: vars.space['6'],
    zIndex: 1001,
    maxHeight: '62%',
    display: 'flex',
    flexDirection: 'column',
    backgroundColor: vars.color.surfaceRaised,
    boxShadow: vars.shadow.raised,
  },
]);

export const cardHeader = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  paddingInlineStart: vars.space['4'],
  paddingInlineEnd: vars.space['1'],
  borderBottom: `1px solid ${vars.color.border}`,
});

export const cardKicker = style({
  margin: 0,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
  color: vars.color.textMuted,
});

export const cardList = style([bareList, { overflowY: 'auto' }]);

export const cardItem = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space['3'],
  padding: `${vars.space['3']} ${vars.space['4']}`,
  selectors: {
    '& + &': { borderTop: `1px solid ${vars.color.border}` },
  },
});

export const cardText = style({ flex: 1, minWidth: 0, display: 'grid', gap: vars.space['1'] });

export const cardTitle = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.snug,
  selectors: {
    [`${cardItem}[data-cancelled] &`]: {
      textDecoration: 'line-through',
      color: vars.color.textMuted,
    },
  },
});

export const cardWhen = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.accentText,
  fontWeight: vars.fontWeight.semibold,
});

export const cardMeta = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['2'],
});

export const cardPrice = style({ fontWeight: vars.fontWeight.bold, fontSize: vars.fontSize.sm });

/** 'View details': the app's text link, with room to tap and its chevron beside it. */
export const detailsLink = style([
  textLinkStyle,
  {
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space['1'],
    justifySelf: 'start',
    minHeight: '36px',
    fontSize: vars.fontSize.sm,
  },
]);

/** The heart: the app's round surface icon button, red once saved. */
export const cardHeart = style([
  iconButtonRecipe({ variant: 'surface' }),
  {
    color: vars.color.textMuted,
    selectors: { '&[data-saved="true"]': { color: vars.color.danger } },
  },
]);
