import { keyframes, style } from '@vanilla-extract/css';
import { sprinkles } from '../styles/sprinkles.css.ts';
import { vars } from '../styles/theme.css.ts';
import { iconTile } from './surfaces.css.ts';

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
const fadeOut = keyframes({ from: { opacity: 1 }, to: { opacity: 0 } });
const rise = keyframes({
  from: { transform: 'translateY(24px)', opacity: 0 },
  to: { transform: 'translateY(0)', opacity: 1 },
});
const sink = keyframes({
  from: { transform: 'translateY(0)', opacity: 1 },
  to: { transform: 'translateY(24px)', opacity: 0 },
});

export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: vars.zIndex.overlay,
  display: 'flex',
  // Phones get a bottom sheet within thumb reach; wider screens a centred dialog.
  alignItems: 'flex-end',
  justifyContent: 'center',
  backgroundColor: vars.color.overlay,
  selectors: {
    '&[data-entering]': { animation: `${fadeIn} ${vars.duration.normal} ease-out` },
    '&[data-exiting]': { animation: `${fadeOut} ${vars.duration.fast} ease-in` },
  },
  '@media': {
    'screen and (min-width: 640px)': { alignItems: 'center', padding: vars.space['6'] },
  },
});

export const alertOverlay = style({ zIndex: vars.zIndex.alert, alignItems: 'center' });

export const modal = style({
  width: '100%',
  maxWidth: '480px',
  maxHeight: 'calc(100dvh - 24px)',
  overflowY: 'auto',
  backgroundColor: vars.color.surfaceRaised,
  color: vars.color.text,
  borderRadius: `${vars.radius.xl} ${vars.radius.xl} 0 0`,
  boxShadow: vars.shadow.raised,
  paddingBottom: 'env(safe-area-inset-bottom)',
  outline: 'none',
  selectors: {
    '&[data-entering]': { animation: `${rise} ${vars.duration.slow} ${vars.easing.standard}` },
    '&[data-exiting]': { animation: `${sink} ${vars.duration.normal} ease-in` },
  },
  '@media': {
    'screen and (min-width: 640px)': { borderRadius: vars.radius.xl, paddingBottom: 0 },
  },
});

export const alertModal = style({
  maxWidth: '360px',
  margin: vars.space['4'],
  borderRadius: vars.radius.xl,
  paddingBottom: 0,
});

export const dialog = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['4'],
  padding: vars.space['6'],
  outline: 'none',
});

export const header = sprinkles({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: '3',
});

export const title = style({
  fontSize: vars.fontSize.xl,
  paddingTop: vars.space['2'],
});

export const closeButton = style({ marginTop: '-6px', marginRight: '-10px' });

export const grabber = style({
  alignSelf: 'center',
  width: '40px',
  height: '5px',
  marginBottom: `calc(${vars.space['2']} * -1)`,
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.border,
  '@media': { 'screen and (min-width: 640px)': { display: 'none' } },
});

export const alertBody = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space['4'],
  textAlign: 'center',
});

export const alertIcon = style([
  iconTile.accent,
  {
    width: '52px',
    height: '52px',
    borderRadius: vars.radius.full,
  },
]);

export const alertMessage = style({
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.snug,
  whiteSpace: 'pre-line',
  overflowWrap: 'anywhere',
});

/** A dialog's buttons: the main one last, at the right edge, wrapping on a narrow phone. */
export const dialogActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space['2'],
});

/** A dialog's explanation, quieter than its title and its buttons. */
export const dialogText = style({ color: vars.color.textMuted });
