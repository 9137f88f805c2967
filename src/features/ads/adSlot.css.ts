import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const slot = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
  // Collapsed when no ad will come (AdSlot.tsx): the display above would otherwise win.
  selectors: { '&[hidden]': { display: 'none' } },
});

export const label = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  textTransform: 'uppercase',
  letterSpacing: '0.06em',
});

/**
 * The ad unit's box; its height is set inline per placement (AdSlot.tsx). A fixed height and no
 * data-ad-format is AdSense's way to size a responsive unit exactly, so a late ad moves nothing.
 */
export const unit = style({
  width: '100%',
  overflow: 'hidden',
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surfaceMuted,
});
