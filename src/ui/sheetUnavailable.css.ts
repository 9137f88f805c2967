import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';
import { aboveBottomNav, row } from './layout.ts';

/** Where the toasts show (toast.css.ts), above them. */
export const placement = style({ ...aboveBottomNav, zIndex: vars.zIndex.overlay });

export const notice = style({ width: '100%', maxWidth: '480px', boxShadow: vars.shadow.raised });

export const actions = row('2');
