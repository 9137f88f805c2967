import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

export const field = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  minWidth: 0,
});

export const label = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
});

export const inputGroup = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
});

export const leadingIcon = style({
  position: 'absolute',
  insetInlineStart: vars.space['3'],
  color: vars.color.textMuted,
  pointerEvents: 'none',
});

export const input = style({
  width: '100%',
  minHeight: '48px',
  paddingInline: vars.space['4'],
  border: `1.5px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  // 16px stops iOS Safari zooming into the field on focus.
  fontSize: vars.fontSize.md,
  transition: `border-color ${vars.duration.fast}, box-shadow ${vars.duration.fast}`,
  selectors: {
    '&::placeholder': { color: vars.color.textMuted, opacity: 1 },
    '&[data-hovered]': { borderColor: vars.color.text },
    '&[data-focused]': {
      borderColor: vars.color.accent,
      boxShadow: `0 0 0 3px ${vars.color.accentSoft}`,
    },
    // A field shows focus with its accent border and soft ring (above), from a tap or the
    // keyboard alike: the app-wide focus outline on top of it drew a second, blue border.
    '&:focus-visible, &[data-focus-visible]': { outline: 'none' },
    // Search fields bring their own clear button (SearchField); the browser's would be a second.
    '&::-webkit-search-cancel-button': { appearance: 'none', display: 'none' },
    '&::-webkit-search-decoration': { appearance: 'none' },
    '&[data-invalid]': { borderColor: vars.color.danger },
    '&[data-disabled]': { opacity: 0.6, cursor: 'not-allowed' },
  },
});

export const inputWithLeadingIcon = style({ paddingInlineStart: '44px' });
export const inputWithTrailingButton = style({ paddingInlineEnd: '52px' });

export const trailingButton = style({
  position: 'absolute',
  insetInlineEnd: '2px',
});

export const description = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const error = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.danger,
});
