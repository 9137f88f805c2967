import { style } from '@vanilla-extract/css';
import { STATIC_MAP_ASPECT } from '../../../contract/maps.ts';
import { vars } from '../../styles/theme.css.ts';
import * as layout from '../../ui/layout.ts';
import { singleColumnPage } from '../../ui/page.css.ts';
import { iconTile, noticeRecipe, pill } from '../../ui/surfaces.css.ts';

export const page = style([singleColumnPage, { paddingBlock: vars.space['2'] }]);

/** Back · title · share: the title centred between two touch-sized controls. */
export const top = style({
  display: 'grid',
  gridTemplateColumns: `${vars.size.touch} 1fr ${vars.size.touch}`,
  alignItems: 'center',
  gap: vars.space['2'],
});

export const screenTitle = style({
  margin: 0,
  fontSize: vars.fontSize.xl,
  textAlign: 'center',
});

export const topSpacer = style({ width: vars.size.touch });

const imageBox = {
  width: '100%',
  aspectRatio: '16 / 9',
  borderRadius: vars.radius.lg,
} as const;

export const imageSkeleton = style(imageBox);

export const hero = style({
  ...imageBox,
  position: 'relative',
  overflow: 'hidden',
  backgroundColor: vars.color.surfaceMuted,
  boxShadow: vars.shadow.card,
});

export const heroImage = style({
  display: 'block',
  width: '100%',
  height: '100%',
  objectFit: 'cover',
});

export const eventTitle = style({
  margin: 0,
  fontSize: vars.fontSize['2xl'],
  lineHeight: vars.lineHeight.tight,
  overflowWrap: 'anywhere',
});

export const detailBadge = style({ fontSize: vars.fontSize.sm });

export const statusBadge = style({
  fontSize: vars.fontSize.sm,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
});

/** A cancelled event's picture steps back; the words say why. */
export const cancelledImage = style({ filter: 'grayscale(0.85)', opacity: 0.7 });

/** Said in words first, then the date it no longer has, struck through. */
export const cancelledNote = style({
  margin: 0,
  color: vars.color.danger,
  fontWeight: vars.fontWeight.heavy,
});

export const struck = style({ textDecoration: 'line-through' });

export const description = style({
  margin: 0,
  color: vars.color.textMuted,
  lineHeight: vars.lineHeight.relaxed,
  overflowWrap: 'anywhere',
});

/** Laid out inside the shared Card (its surface, border, radius and shadow). */
export const infoCard = layout.row('3', 'flex-start');

export const infoIcon = style([
  iconTile.accent,
  {
    width: vars.size.touch,
    height: vars.size.touch,
    borderRadius: vars.radius.md,
  },
]);

export const infoBody = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: '2px',
  minWidth: 0,
});

export const infoLabel = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: '0.06em',
  textTransform: 'uppercase',
});

export const infoMain = style({
  margin: 0,
  fontWeight: vars.fontWeight.bold,
  overflowWrap: 'anywhere',
});

export const infoSub = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
});

export const infoAction = style({ marginTop: vars.space['2'] });

/** The venue's static map: the card body's width, its box kept by STATIC_MAP_ASPECT. */
export const venueMap = style({
  alignSelf: 'stretch',
  marginTop: vars.space['2'],
  aspectRatio: `1 / ${STATIC_MAP_ASPECT}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceMuted,
  overflow: 'hidden',
});

export const venueMapImage = style({
  display: 'block',
  width: '100%',
  height: '100%',
  objectFit: 'cover',
});

export { chipList as tags } from '../../ui/surfaces.css.ts';

export const tag = style([
  pill,
  {
    backgroundColor: vars.color.surfaceMuted,
    color: vars.color.text,
    fontWeight: vars.fontWeight.semibold,
  },
]);

export const familyTag = style({
  backgroundColor: vars.color.secondarySoft,
  color: vars.color.secondarySoftText,
});

export const expectSection = noticeRecipe({ tone: 'accent', size: 'lg', layout: 'column' });

export const expectTitle = style({ margin: 0, fontSize: vars.fontSize.lg, color: 'inherit' });

export const expectCheck = style({ flexShrink: 0, marginTop: '2px' });

export const numberedOptions = style([
  layout.column('1'),
  {
    margin: 0,
    paddingInlineStart: vars.space['6'],
    fontWeight: vars.fontWeight.bold,
  },
]);
