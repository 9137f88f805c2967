import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

/*
 * The server-rendered frame of a page (server/plugins/pageFrames.ts, src/app/pageFrame.ts).
 * Imported by the client entry so these rules ship in its stylesheet: the frame is painted
 * before any script runs.
 */

/** A frame drawn for the other kind of visitor is never painted (theme-init.js sets the hint). */
globalStyle('html:not([data-session="signed-in"]) [data-frame="signed-in"]', { display: 'none' });
globalStyle('html[data-session="signed-in"] [data-frame="signed-out"]', { display: 'none' });

/** docs/product.md#spec-2-routing-gate: 'Loading...' with a spinner, over the page's frame until it is live. */
export const loadingPill = style({
  position: 'fixed',
  left: '50%',
  bottom: `calc(${vars.space['6']} + ${vars.size.bottomNavHeight} + env(safe-area-inset-bottom))`,
  transform: 'translateX(-50%)',
  zIndex: vars.zIndex.alert,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  padding: `${vars.space['2']} ${vars.space['4']}`,
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.surfaceRaised,
  boxShadow: vars.shadow.raised,
  color: vars.color.accentText,
});

export const loadingPillText = style({
  margin: 0,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
});
