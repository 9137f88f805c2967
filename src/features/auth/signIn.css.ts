import { globalStyle, style } from '@vanilla-extract/css';
import { sprinkles } from '../../styles/sprinkles.css.ts';
import { vars } from '../../styles/theme.css.ts';
import * as layout from '../../ui/layout.ts';
import { segmentedOption, segmentedTrack } from '../../ui/segmented.ts';
import { bareList, iconTile, itemTile, noticeRecipe } from '../../ui/surfaces.css.ts';

export const page = style({
  minHeight: '100dvh',
  display: 'flex',
  justifyContent: 'center',
  paddingTop: `calc(${vars.space['6']} + env(safe-area-inset-top))`,
  paddingBottom: `calc(${vars.space['8']} + env(safe-area-inset-bottom))`,
  paddingInline: vars.space['4'],
  backgroundColor: vars.color.background,
  backgroundImage: `radial-gradient(120% 60% at 50% 0%, ${vars.color.accentSoft} 0%, transparent 70%)`,
});

export const column = style([layout.column('5'), { width: '100%', maxWidth: '440px' }]);

export const hero = `${layout.column('2', 'center')} ${sprinkles({ textAlign: 'center' })}`;

export const logoMark = style({
  display: 'grid',
  borderRadius: '18px',
  boxShadow: vars.shadow.raised,
});

export const title = style({
  fontSize: vars.fontSize['3xl'],
  letterSpacing: '-0.01em',
});

export const pitch = style({
  maxWidth: '30ch',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.snug,
});

export const features = `${sprinkles({ display: 'grid', gridTemplateColumns: '2', gap: '3' })} ${bareList}`;

export const feature = style([layout.row('2'), itemTile, { borderRadius: vars.radius.lg }]);

export const featureIcon = style([
  iconTile.family,
  {
    width: '34px',
    height: '34px',
    borderRadius: vars.radius.md,
  },
]);

export const featureText = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '2px',
  minWidth: 0,
});

export const featureTitle = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
});

// The one-line details only where there is room: on a phone the form stays near the top.
export const featureDetail = style({
  display: 'none',
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  lineHeight: vars.lineHeight.snug,
  '@media': { 'screen and (min-width: 640px)': { display: 'block' } },
});

export const formCard = style([
  layout.column('4'),
  {
    padding: vars.space['5'],
    borderRadius: vars.radius.xl,
    backgroundColor: vars.color.surface,
    border: `1px solid ${vars.color.border}`,
    boxShadow: vars.shadow.card,
  },
]);

export const modeSwitch = style({ display: 'grid', ...segmentedTrack });

export const modeOption = style({
  minHeight: vars.size.touch,
  ...segmentedOption('[aria-checked="true"]'),
});

export const form = layout.column('4');

export const formTitle = style({
  fontSize: vars.fontSize.xl,
});

export const providerRow = style({
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  gap: vars.space['3'],
});

export const brandLabel = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
});

// A narrow button must squeeze the label, never the provider's mark.
globalStyle(`${brandLabel} svg`, { flexShrink: 0 });

export const legal = style({
  textAlign: 'center',
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

/** The emulator-only note under the sign-up password: visible but quieter than an error. */
export const testAccountNote = style([
  noticeRecipe({ tone: 'warning', size: 'md', layout: 'row', gap: '2', text: 'sm' }),
]);

globalStyle(`${testAccountNote} svg`, { flexShrink: 0, marginTop: '2px' });
