import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space['1'] });

export const button = style({
  position: 'relative',
  // A native button: no box or font of its own, the track and label are the control.
  margin: 0,
  padding: 0,
  border: 'none',
  background: 'none',
  font: 'inherit',
  textAlign: 'start',
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['3'],
  minHeight: vars.size.touch,
  cursor: 'pointer',
  color: vars.color.text,
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.md,
  borderRadius: vars.radius.full,
  forcedColorAdjust: 'none',
  WebkitTapHighlightColor: 'transparent',
  selectors: {
    '&:disabled': { opacity: 0.5, cursor: 'not-allowed' },
    // The ring goes round the whole control: track and label.
    '&:focus-visible': { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: '3px' },
  },
});

export const labelEnd = style({ flexDirection: 'row-reverse', justifyContent: 'space-between' });

export const track = style({
  position: 'relative',
  flexShrink: 0,
  width: '50px',
  height: '30px',
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.surfaceMuted,
  border: `2px solid ${vars.color.borderStrong}`,
  transition: `background-color ${vars.duration.normal} ${vars.easing.standard}, border-color ${vars.duration.normal}`,
  selectors: {
    [`${button}[aria-checked="true"] &`]: {
      backgroundColor: vars.color.secondary,
      borderColor: vars.color.secondary,
    },
  },
});

export const handle = style({
  position: 'absolute',
  top: '2px',
  left: '2px',
  width: '22px',
  height: '22px',
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.borderStrong,
  boxShadow: '0 1px 3px rgba(0, 0, 0, 0.25)',
  transition: `transform ${vars.duration.normal} ${vars.easing.emphasized}, background-color ${vars.duration.normal}`,
  selectors: {
    [`${button}[aria-checked="true"] &`]: {
      transform: 'translateX(20px)',
      backgroundColor: vars.color.textOnSecondary,
    },
    [`${button}:active:not(:disabled) &`]: { width: '26px' },
    [`${button}[aria-checked="true"]:active:not(:disabled) &`]: { transform: 'translateX(16px)' },
  },
});

export const label = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space['2'] });

export const description = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });
