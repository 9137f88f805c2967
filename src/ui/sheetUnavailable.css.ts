import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

/** Where the toasts show: above the bottom navigation, within thumb reach (toast.css.ts). */
export const placement = style({
  position: 'fixed',
  left: vars.space['4'],
  right: vars.space['4'],
  bottom: `calc(${vars.size.bottomNavHeight} + ${vars.space['3']} + env(safe-area-inset-bottom))`,
  zIndex: vars.zIndex.overlay,
  display: 'flex',
  justifyContent: 'center',
});

export const notice = style({ width: '100%', maxWidth: '480px', boxShadow: vars.shadow.raised });

export const actions = style({ display: 'flex', gap: vars.space['2'] });
