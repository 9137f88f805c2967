import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

const pop = keyframes({
  from: { opacity: 0, transform: 'translateY(-6px) scale(0.98)' },
  to: { opacity: 1, transform: 'none' },
});

export const popover = style({
  minWidth: '220px',
  backgroundColor: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.raised,
  outline: 'none',
  overflow: 'hidden',
  selectors: {
    '&[data-entering]': { animation: `${pop} ${vars.duration.normal} ${vars.easing.standard}` },
  },
});

export const menu = style({
  display: 'flex',
  flexDirection: 'column',
  padding: vars.space['2'],
  outline: 'none',
});

export const header = style({
  padding: `${vars.space['3']} ${vars.space['3']} ${vars.space['2']}`,
  borderBottom: `1px solid ${vars.color.border}`,
  marginBottom: vars.space['1'],
});

export const item = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['3'],
  minHeight: vars.size.touch,
  paddingInline: vars.space['3'],
  borderRadius: vars.radius.md,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
  textDecoration: 'none',
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-focused], &[data-hovered]': { backgroundColor: vars.color.surfaceMuted },
    '&[data-focus-visible]': {
      outline: `3px solid ${vars.color.focusRing}`,
      outlineOffset: '-3px',
    },
    '&[data-pressed]': { backgroundColor: vars.color.accentSoft },
    '&[data-disabled]': { opacity: 0.5, cursor: 'not-allowed' },
  },
});

export const dangerItem = style({ color: vars.color.danger });

export const separator = style({
  height: '1px',
  margin: `${vars.space['1']} ${vars.space['2']}`,
  backgroundColor: vars.color.border,
  border: 0,
});
