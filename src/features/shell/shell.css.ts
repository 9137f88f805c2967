import { style } from '@vanilla-extract/css';
import { sprinkles } from '../../styles/sprinkles.css.ts';
import { vars } from '../../styles/theme.css.ts';
import * as layout from '../../ui/layout.ts';
import { noticeRecipe } from '../../ui/surfaces.css.ts';

export const shell = style({
  display: 'flex',
  flexDirection: 'column',
  minHeight: '100dvh',
  backgroundColor: vars.color.background,
});

export const skipLink = style({
  position: 'absolute',
  top: vars.space['2'],
  left: vars.space['2'],
  zIndex: vars.zIndex.alert,
  padding: `${vars.space['3']} ${vars.space['4']}`,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.accent,
  color: vars.color.textOnAccent,
  fontWeight: vars.fontWeight.bold,
  textDecoration: 'none',
  transform: 'translateY(-200%)',
  selectors: { '&:focus': { transform: 'none' } },
});

export const main = style({
  flex: 1,
  width: '100%',
  maxWidth: vars.size.contentMaxWidth,
  marginInline: 'auto',
  padding: `${vars.space['5']} ${vars.space['4']} ${vars.space['8']}`,
  paddingLeft: `max(${vars.space['4']}, env(safe-area-inset-left))`,
  paddingRight: `max(${vars.space['4']}, env(safe-area-inset-right))`,
  outline: 'none',
  '@media': {
    'screen and (min-width: 640px)': { paddingInline: vars.space['6'] },
  },
});

/* Header */

export const header = style({
  position: 'relative',
  zIndex: vars.zIndex.header,
  minHeight: vars.size.headerMinHeight,
  backgroundColor: vars.color.headerBackground,
  boxShadow: vars.shadow.header,
  paddingTop: 'env(safe-area-inset-top)',
  paddingLeft: 'env(safe-area-inset-left)',
  paddingRight: 'env(safe-area-inset-right)',
});

export const headerInner = style({
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'center',
  gap: vars.space['2'],
  minHeight: vars.size.headerMinHeight,
  maxWidth: vars.size.contentMaxWidth,
  marginInline: 'auto',
  padding: `${vars.space['3']} ${vars.space['4']}`,
  '@media': { 'screen and (min-width: 640px)': { paddingInline: vars.space['6'] } },
});

export const headerRow = style([
  layout.row('2'),
  sprinkles({ justifyContent: 'space-between' }),
  { minWidth: 0 },
]);

export const brand = style([
  sprinkles({ display: 'inline-flex', alignItems: 'center', gap: '2' }),
  {
    minHeight: vars.size.touch,
    paddingRight: vars.space['2'],
    borderRadius: vars.radius.md,
    color: vars.color.text,
    textDecoration: 'none',
  },
]);

export const countBadge = style({
  position: 'absolute',
  top: '4px',
  right: '3px',
  minWidth: '18px',
  height: '18px',
  paddingInline: '5px',
  display: 'grid',
  placeItems: 'center',
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.danger,
  color: vars.color.textOnDanger,
  fontSize: '0.6875rem',
  fontWeight: vars.fontWeight.heavy,
  lineHeight: 1,
  boxShadow: `0 0 0 2px ${vars.color.headerBackground}`,
});

export const avatarButton = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: vars.size.touch,
  height: vars.size.touch,
  padding: 0,
  border: 0,
  borderRadius: vars.radius.full,
  background: 'transparent',
  cursor: 'pointer',
  selectors: {
    '&[data-pressed]': { transform: 'scale(0.94)' },
  },
});

export const avatarRing = style({
  boxShadow: `0 0 0 2px ${vars.color.headerBackground}, 0 0 0 4px ${vars.color.accent}`,
});

export const authPlaceholder = style({ width: vars.size.touch, height: vars.size.touch });

export const menuName = style({
  fontWeight: vars.fontWeight.heavy,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  maxWidth: '240px',
});

export const menuEmail = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  maxWidth: '240px',
});

export const familyLabel = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: '2px',
  whiteSpace: 'nowrap',
  lineHeight: vars.lineHeight.tight,
  '@media': {
    'screen and (min-width: 640px)': {
      flexDirection: 'row',
      alignItems: 'center',
      gap: vars.space['2'],
    },
  },
});

export const locationChip = style({
  minWidth: 0,
  minHeight: vars.size.touch,
  gap: '6px',
  paddingInline: `${vars.space['3']} 14px`,
  fontWeight: vars.fontWeight.semibold,
  flexShrink: 1,
  marginLeft: 'auto',
  '@media': { 'screen and (min-width: 640px)': { maxWidth: '360px' } },
});

/* City over coordinates: two short lines fit beside the switch where one long one would not. */
export const locationChipText = style({
  display: 'flex',
  flexDirection: 'column',
  minWidth: 0,
  lineHeight: 1.15,
});

export const locationChipCity = style({ overflow: 'hidden', textOverflow: 'ellipsis' });

export const locationChipCoordinates = style({
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.textMuted,
  fontVariantNumeric: 'tabular-nums',
});

export const notificationsPopover = style({ maxWidth: 'min(320px, calc(100vw - 24px))' });

export const notificationsDialog = style([
  layout.column('3'),
  { padding: vars.space['5'], outline: 'none' },
]);

export const notificationsTitle = style({ fontSize: vars.fontSize.lg });

export const muted = style({ color: vars.color.textMuted });

/* Bottom navigation */

export const bottomNavSpacer = style({
  height: `calc(${vars.size.bottomNavHeight} + env(safe-area-inset-bottom))`,
  flexShrink: 0,
});

export const bottomNav = style({
  position: 'fixed',
  insetInline: 0,
  bottom: 0,
  zIndex: vars.zIndex.bottomNav,
  backgroundColor: vars.color.navBackground,
  borderTop: `1px solid ${vars.color.border}`,
  boxShadow: '0 -4px 16px rgba(0, 0, 0, 0.06)',
  paddingBottom: 'env(safe-area-inset-bottom)',
  paddingLeft: 'env(safe-area-inset-left)',
  paddingRight: 'env(safe-area-inset-right)',
});

export const bottomNavList = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
  maxWidth: '560px',
  height: vars.size.bottomNavHeight,
  margin: '0 auto',
  padding: `0 ${vars.space['2']}`,
  listStyle: 'none',
});

export const bottomNavLink = style({
  flex: 1,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '2px',
  minHeight: vars.size.touch,
  margin: '4px 2px',
  borderRadius: vars.radius.md,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  textDecoration: 'none',
  transition: `color ${vars.duration.fast}`,
  selectors: {
    '&[aria-current="page"]': { color: vars.color.accentText },
  },
  // Only where a pointer really hovers: a phone keeps :hover on the last tapped tab, which
  // then looked chosen after the family had left it (issue 17).
  '@media': {
    '(hover: hover)': {
      selectors: {
        '&:hover': { color: vars.color.text },
        '&[aria-current="page"]:hover': { color: vars.color.accentText },
      },
    },
  },
});

export const bottomNavIcon = style({
  display: 'grid',
  placeItems: 'center',
  width: '52px',
  height: '28px',
  borderRadius: vars.radius.full,
  transition: `background-color ${vars.duration.normal} ${vars.easing.standard}`,
  selectors: {
    [`${bottomNavLink}[aria-current="page"] &`]: { backgroundColor: vars.color.accentSoft },
  },
});

/* Footer */

export const footer = style({
  borderTop: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceMuted,
});

export const footerInner = style([
  layout.column('2', 'center'),
  {
    maxWidth: vars.size.contentMaxWidth,
    margin: '0 auto',
    padding: `${vars.space['4']} ${vars.space['4']} ${vars.space['5']}`,
    textAlign: 'center',
  },
]);

export const footerLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.size.touch,
  paddingInline: vars.space['3'],
  borderRadius: vars.radius.md,
  color: vars.color.text,
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.sm,
  textDecoration: 'underline',
  textUnderlineOffset: '0.2em',
  selectors: { '&:hover': { color: vars.color.accentText } },
});

export const copyright = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });

/* Full-page states: loading, 404, coming soon */

/* Location dialog */

export const locationCurrent = noticeRecipe({
  tone: 'neutral',
  size: 'md',
  layout: 'center',
  gap: '2',
  text: 'sm',
});

export const locationCurrentValue = style({ fontWeight: vars.fontWeight.heavy });

export const manualForm = layout.row('2', 'flex-end');

export const manualField = style({ flex: 1 });

/* As wide as the field it drops from; scrolls rather than running off a short phone screen. */
export const suggestionsPopover = style({
  width: 'var(--trigger-width)',
  maxHeight: 'min(320px, 45dvh)',
  overflowY: 'auto',
});

export const suggestionsEmpty = style({
  margin: 0,
  padding: `${vars.space['2']} ${vars.space['3']}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});
