import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

/* The offline banner: a calm full-width strip under the header, not an error. */

export const region = style({
  // Empty while online: the live region stays in the page so its first words are announced.
  selectors: { '&:empty': { display: 'none' } },
});

export const banner = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space['2'],
  margin: 0,
  padding: `${vars.space['2']} ${vars.space['4']}`,
  paddingLeft: `max(${vars.space['4']}, env(safe-area-inset-left))`,
  paddingRight: `max(${vars.space['4']}, env(safe-area-inset-right))`,
  backgroundColor: vars.color.warningSoft,
  color: vars.color.warningSoftText,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
  textAlign: 'center',
});

export const icon = style({ flexShrink: 0 });
