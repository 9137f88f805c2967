import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';
import { column } from './layout.ts';
import { iconTile } from './surfaces.css.ts';

// Screen-level styles every page shares. Headings take their font, weight and colour from the
// global heading style; these set only what differs by level.

export const pageTitle = style({ fontSize: vars.fontSize['3xl'], letterSpacing: '-0.01em' });

export const pageLead = style({
  maxWidth: '34ch',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.lg,
});

export const pageHeader = style({ minWidth: 0 });

export const sectionTitle = style({ fontSize: vars.fontSize.xl });

/** One thing on a page of its own (an event, a poll): a single column, centred on a wide screen. */
export const singleColumnPage = style([
  column('5'),
  { width: '100%', maxWidth: '640px', marginInline: 'auto' },
]);

/** A whole-screen message (404, a screen still to come): centred under the header. */
export const centeredPage = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space['4'],
  minHeight: '55vh',
  padding: `${vars.space['8']} ${vars.space['4']}`,
  textAlign: 'center',
});

export const illustration = style([
  iconTile.accent,
  {
    width: '112px',
    height: '112px',
    borderRadius: '36px',
    transform: 'rotate(-4deg)',
  },
]);

export const bigNumber = style({
  fontFamily: vars.font.display,
  fontSize: vars.fontSize['4xl'],
  fontWeight: vars.fontWeight.heavy,
  letterSpacing: '-0.04em',
});

/** "Nothing here yet": inside a section, so it is framed rather than a blank gap. */
export const emptyState = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space['3'],
  padding: `${vars.space['8']} ${vars.space['4']}`,
  textAlign: 'center',
  borderRadius: vars.radius.lg,
  border: `1.5px dashed ${vars.color.borderStrong}`,
  backgroundColor: vars.color.surface,
});

export const emptyIcon = style([
  iconTile.accent,
  {
    width: '64px',
    height: '64px',
    borderRadius: vars.radius.full,
  },
]);

export const emptyTitle = style({ fontSize: vars.fontSize.lg });

export const emptyText = style({
  margin: 0,
  maxWidth: '36ch',
  color: vars.color.textMuted,
});
