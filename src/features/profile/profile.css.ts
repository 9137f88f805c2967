import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';
import * as layout from '../../ui/layout.ts';
import { noticeRecipe, pill } from '../../ui/surfaces.css.ts';

export const identity = layout.row('4');

export const identityAvatar = style({
  flexShrink: 0,
  boxShadow: `0 0 0 3px ${vars.color.surface}, 0 0 0 5px ${vars.color.accent}`,
});

export const identityText = style([layout.column('1'), { minWidth: 0 }]);

/**
 * A long family name or address stays on one line and ends in an ellipsis, as a phone's own
 * account screens do: broken anywhere it read as 'fam-dark- / 1795…' on two lines.
 */
const oneLine = style({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });

export const name = style([
  oneLine,
  { fontSize: vars.fontSize['2xl'], lineHeight: vars.lineHeight.tight },
]);

export const detail = style([
  layout.row('1'),
  { margin: 0, color: vars.color.textMuted, overflowWrap: 'anywhere' },
]);

export const email = style([oneLine, { margin: 0, color: vars.color.textMuted }]);

export const subTitle = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.textMuted,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
});

export const muted = style({ margin: 0, color: vars.color.textMuted });

export const familyItem = style([layout.row('3'), { fontWeight: vars.fontWeight.semibold }]);

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

export const chip = style([
  pill,
  {
    backgroundColor: vars.color.accentSoft,
    color: vars.color.accentSoftText,
    fontWeight: vars.fontWeight.bold,
  },
]);

export const editLink = style({ alignSelf: 'flex-start', textDecoration: 'none' });

/** Three equal buttons side by side from tablet width; stacked on a phone, where the labels need it. */
export const quickActions = style({
  display: 'grid',
  gridTemplateColumns: '1fr',
  gap: vars.space['2'],
  '@media': { 'screen and (min-width: 640px)': { gridTemplateColumns: 'repeat(3, 1fr)' } },
});

export const dialogText = style({ margin: 0 });

export const failure = noticeRecipe({ size: 'md', layout: 'text' });

export { dialogActions } from '../../ui/dialog.css.ts';

export const suggestionItem = style([
  layout.column('1', 'flex-start'),
  {
    paddingTop: vars.space['3'],
    borderTop: `1px solid ${vars.color.border}`,
    selectors: { '&:first-child': { borderTop: 'none', paddingTop: 0 } },
  },
]);

export const suggestionTitle = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.bold,
  overflowWrap: 'anywhere',
});

export const suggestionMeta = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
});

/** A status that may carry an operator's reason: it wraps instead of running off a phone. */
export const suggestionStatus = style({ whiteSpace: 'normal', overflowWrap: 'anywhere' });

/** Why push cannot be on here (blocked, unsupported, failed), with what to do about it. */
export const pushProblem = noticeRecipe({
  tone: 'warning',
  size: 'md',
  layout: 'text',
  text: 'sm',
});

/**
 * The push status line while there is nothing to say: still in the page (a live region that
 * display:none would take out of the accessibility tree), taking no room in the stack.
 */
export const emptyStatus = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: 0,
  overflow: 'hidden',
  clipPath: 'inset(50%)',
});

/** The kinds of push, indented under the device's toggle they depend on. */
export const kinds = style({
  paddingInlineStart: vars.space['3'],
  borderInlineStart: `2px solid ${vars.color.border}`,
});

export const note = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const watchedItem = style([
  layout.column('2'),
  {
    alignItems: 'stretch',
    paddingTop: vars.space['3'],
    borderTop: `1px solid ${vars.color.border}`,
    selectors: { '&:first-child': { borderTop: 'none', paddingTop: 0 } },
  },
]);

export const watchedName = style({
  margin: 0,
  fontWeight: vars.fontWeight.bold,
  overflowWrap: 'anywhere',
});

export const watchedActions = layout.row('2');

/** 'Send me this week's email now': under its switch, as wide as its words. */
export const previewButton = style({ alignSelf: 'flex-start' });
