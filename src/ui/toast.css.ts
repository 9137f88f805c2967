import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';
import { aboveBottomNav } from './layout.ts';

const slideUp = keyframes({
  from: { transform: 'translateY(16px)', opacity: 0 },
  to: { transform: 'translateY(0)', opacity: 1 },
});

export const region = style({
  ...aboveBottomNav,
  zIndex: vars.zIndex.toast,
  outline: 'none',
  selectors: {
    '&[data-focus-visible]': {
      outline: `3px solid ${vars.color.focusRing}`,
      outlineOffset: '4px',
      borderRadius: vars.radius.lg,
    },
  },
});

export const toast = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['3'],
  width: '100%',
  maxWidth: '480px',
  padding: `${vars.space['3']} ${vars.space['2']} ${vars.space['3']} ${vars.space['4']}`,
  borderRadius: vars.radius.lg,
  backgroundColor: vars.color.text,
  color: vars.color.background,
  boxShadow: vars.shadow.raised,
  touchAction: 'pan-y',
  animation: `${slideUp} ${vars.duration.normal} ${vars.easing.standard}`,
  selectors: {
    '&[data-focus-visible]': { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});

export const content = style({ flex: 1, minWidth: 0 });

export const title = style({
  display: 'block',
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.snug,
});

export const description = style({
  display: 'block',
  fontSize: vars.fontSize.sm,
  opacity: 0.85,
});

export const close = style({
  display: 'grid',
  placeItems: 'center',
  flexShrink: 0,
  width: vars.size.touch,
  height: vars.size.touch,
  border: 0,
  borderRadius: vars.radius.full,
  background: 'transparent',
  color: 'inherit',
  cursor: 'pointer',
  selectors: {
    '&[data-focus-visible]': { outline: `3px solid ${vars.color.focusRing}` },
  },
});

/** On the toast's inverted colours: a quiet outlined button, 44 px tall like every target. */
export const action = style({
  flexShrink: 0,
  minHeight: vars.size.touch,
  padding: `0 ${vars.space['3']}`,
  border: '1px solid currentColor',
  borderRadius: vars.radius.full,
  background: 'transparent',
  color: 'inherit',
  font: 'inherit',
  fontWeight: vars.fontWeight.bold,
  cursor: 'pointer',
  selectors: {
    '&[data-pressed]': { opacity: 0.8 },
    '&[data-focus-visible]': { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});
