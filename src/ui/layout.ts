import type { StyleRule } from '@vanilla-extract/css';
import { type Sprinkles, sprinkles } from '../styles/sprinkles.css.ts';
import { vars } from '../styles/theme.css.ts';
import { bareList } from './surfaces.css.ts';

/*
 * The class names Stack and Inline render, for a feature's .css.ts whose element is not one of
 * them (a react-aria part, a list item): `export const form = column('4')`. Evaluated when the
 * styles are built, so a screen ships only the class names, never this code.
 */

type Space = NonNullable<Sprinkles['gap']>;
type Align = Sprinkles['alignItems'];

/** Children one under another, `gap` apart. */
export function column(gap: Space, alignItems?: Align): string {
  return sprinkles({ display: 'flex', flexDirection: 'column', gap, alignItems });
}

/** Children side by side on one line, `gap` apart, centred across it unless told otherwise. */
export function row(gap: Space, alignItems: Align = 'center'): string {
  return sprinkles({ display: 'flex', gap, alignItems });
}

/** A bare <ul>/<ol> of items one under another (cards, rows), `gap` apart. */
export function columnList(gap: Space): string {
  return `${column(gap)} ${bareList}`;
}

/**
 * Where toasts and notices show: fixed above the bottom navigation, within thumb reach, clear of
 * the home indicator, centred. A style to spread into a `style({...})` with its own zIndex.
 */
export const aboveBottomNav = {
  position: 'fixed',
  left: vars.space['4'],
  right: vars.space['4'],
  bottom: `calc(${vars.size.bottomNavHeight} + ${vars.space['3']} + env(safe-area-inset-bottom))`,
  display: 'flex',
  justifyContent: 'center',
} as const satisfies StyleRule;
