import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const muted = style({ margin: 0, color: vars.color.textMuted });

/**
 * Unread items sit on a soft accent tint, a dot before their title; read ones are plain. Text
 * starts at the same edge in both (a gutter kept for the dot left read items an empty indent).
 */
export const item = style({
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  selectors: {
    '&[data-unread]': { backgroundColor: vars.color.accentSoft, color: vars.color.accentSoftText },
  },
});

export const dot = style({
  display: 'inline-block',
  width: '10px',
  height: '10px',
  marginInlineEnd: vars.space['2'],
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.accent,
  verticalAlign: 'middle',
});

export const itemText = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '2px',
  minWidth: 0,
});

export const itemTitle = style({ margin: 0, fontWeight: vars.fontWeight.bold });

export const itemLink = style({
  color: 'inherit',
  textDecoration: 'underline',
  textDecorationColor: vars.color.accent,
});

export const itemBody = style({ margin: 0, fontSize: vars.fontSize.sm });

export const itemTime = style({
  fontSize: vars.fontSize.xs,
  color: 'inherit',
});
