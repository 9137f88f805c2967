import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const identity = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['4'],
});

export const identityAvatar = style({
  flexShrink: 0,
  boxShadow: `0 0 0 3px ${vars.color.surface}, 0 0 0 5px ${vars.color.accent}`,
});

export const identityText = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
  minWidth: 0,
});

export const name = style({
  fontSize: vars.fontSize['2xl'],
  lineHeight: vars.lineHeight.tight,
  overflowWrap: 'anywhere',
});

export const detail = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['1'],
  margin: 0,
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
});

export const subTitle = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.textMuted,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
});

export const muted = style({ margin: 0, color: vars.color.textMuted });

export const familyList = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const familyItem = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['3'],
  fontWeight: vars.fontWeight.semibold,
});

export const emoji = style({
  display: 'grid',
  placeItems: 'center',
  width: '40px',
  height: '40px',
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.secondarySoft,
  fontSize: vars.fontSize.xl,
});

export { chipList as chips } from '../../ui/surfaces.css.ts';

export const chip = style({
  paddingInline: vars.space['3'],
  paddingBlock: vars.space['1'],
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.accentSoft,
  color: vars.color.accentSoftText,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
});

export const editLink = style({ alignSelf: 'flex-start', textDecoration: 'none' });

/** Three equal buttons side by side from tablet width; stacked on a phone, where the labels need it. */
export const quickActions = style({
  display: 'grid',
  gridTemplateColumns: '1fr',
  gap: vars.space['2'],
  '@media': { 'screen and (min-width: 640px)': { gridTemplateColumns: 'repeat(3, 1fr)' } },
});

export const services = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2'] });

export const dialogText = style({ margin: 0 });

export const failure = style({
  margin: 0,
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.dangerSoft,
  color: vars.color.dangerSoftText,
});

export const dialogActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space['2'],
});
