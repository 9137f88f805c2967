import type { StyleRule } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

/*
 * The segmented control's look (two or three options on one pill, the chosen one raised): the
 * sign-in screen's Sign In · Create Account and Search's List · Map. Style objects for a
 * feature's .css.ts to spread, evaluated when the styles are built; each control keeps its own
 * sizes, and says which attribute marks the chosen option (a radio's aria-checked, a toggle
 * button's aria-pressed).
 */

/** The pill the options sit on. */
export const segmentedTrack = {
  gridTemplateColumns: '1fr 1fr',
  gap: vars.space['1'],
  padding: vars.space['1'],
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.surfaceMuted,
} as const satisfies StyleRule;

/** One option: muted until chosen, then raised with the accent ring. */
export function segmentedOption(chosen: '[aria-checked="true"]' | '[aria-pressed="true"]') {
  return {
    border: 'none',
    borderRadius: vars.radius.full,
    backgroundColor: 'transparent',
    color: vars.color.textMuted,
    fontWeight: vars.fontWeight.bold,
    fontSize: vars.fontSize.sm,
    cursor: 'pointer',
    transitionProperty: 'background-color, color, box-shadow',
    transitionDuration: vars.duration.fast,
    selectors: {
      // The chosen option keeps its accent colour under a pointer (and after a tap on a phone).
      [`&:hover:not(:disabled):not(${chosen})`]: { color: vars.color.text },
      [`&${chosen}`]: {
        backgroundColor: vars.color.surface,
        color: vars.color.accentText,
        boxShadow: `${vars.shadow.card}, inset 0 0 0 1.5px ${vars.color.accent}`,
      },
      '&:disabled': { cursor: 'not-allowed', opacity: 0.6 },
    },
  } satisfies StyleRule;
}
