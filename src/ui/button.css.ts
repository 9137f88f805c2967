import { keyframes, style } from '@vanilla-extract/css';
import { type RecipeVariants, recipe } from '@vanilla-extract/recipes';
import { vars } from '../styles/theme.css.ts';

/**
 * Shared by Button (react-aria) and LinkButton (router link) so a link that looks like a button
 * is pixel-identical to one. Every size keeps the 44 px touch target.
 */
export const buttonRecipe = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: vars.space['2'],
    minHeight: vars.size.touch,
    minWidth: vars.size.touch,
    border: '2px solid transparent',
    borderRadius: vars.radius.full,
    fontFamily: vars.font.body,
    fontWeight: vars.fontWeight.bold,
    lineHeight: vars.lineHeight.tight,
    textAlign: 'center',
    textDecoration: 'none',
    cursor: 'pointer',
    userSelect: 'none',
    touchAction: 'manipulation',
    transitionProperty: 'background-color, border-color, color, transform, box-shadow',
    transitionDuration: vars.duration.fast,
    transitionTimingFunction: vars.easing.standard,
    selectors: {
      '&[data-pressed]': { transform: 'scale(0.97)' },
      '&:active': { transform: 'scale(0.97)' },
      '&[data-disabled], &[aria-disabled="true"]': {
        cursor: 'not-allowed',
        opacity: 0.5,
        transform: 'none',
      },
      // Pending is busy, not unavailable: keep full contrast so the label stays readable.
      '&[data-pending], &[data-pending][data-disabled]': { cursor: 'progress', opacity: 1 },
    },
  },
  variants: {
    variant: {
      primary: {
        backgroundColor: vars.color.accent,
        color: vars.color.textOnAccent,
        boxShadow: vars.shadow.card,
        selectors: {
          '&[data-hovered], &:hover': { backgroundColor: vars.color.accentHover },
        },
      },
      secondary: {
        backgroundColor: vars.color.accentSoft,
        color: vars.color.accentSoftText,
        selectors: { '&[data-hovered], &:hover': { borderColor: vars.color.accent } },
      },
      outline: {
        backgroundColor: vars.color.surface,
        color: vars.color.text,
        borderColor: vars.color.borderStrong,
        selectors: { '&[data-hovered], &:hover': { borderColor: vars.color.accent } },
      },
      ghost: {
        backgroundColor: 'transparent',
        color: vars.color.text,
        selectors: { '&[data-hovered], &:hover': { backgroundColor: vars.color.surfaceMuted } },
      },
      success: {
        backgroundColor: vars.color.success,
        color: vars.color.textOnSuccess,
        boxShadow: vars.shadow.card,
        selectors: { '&[data-hovered], &:hover': { filter: 'brightness(1.06)' } },
      },
      danger: {
        backgroundColor: vars.color.danger,
        color: vars.color.textOnDanger,
        selectors: { '&[data-hovered], &:hover': { filter: 'brightness(1.06)' } },
      },
      /** A destructive action that is not the screen's main one: red words in a red frame. */
      dangerOutline: {
        backgroundColor: vars.color.surface,
        color: vars.color.danger,
        borderColor: vars.color.danger,
        selectors: { '&[data-hovered], &:hover': { backgroundColor: vars.color.dangerSoft } },
      },
    },
    size: {
      sm: { paddingInline: vars.space['4'], fontSize: vars.fontSize.sm },
      md: { paddingInline: vars.space['5'], fontSize: vars.fontSize.md },
      lg: { minHeight: '52px', paddingInline: vars.space['6'], fontSize: vars.fontSize.lg },
    },
    fullWidth: { true: { width: '100%' }, false: {} },
  },
  defaultVariants: { variant: 'primary', size: 'md', fullWidth: false },
});

export type ButtonVariants = NonNullable<RecipeVariants<typeof buttonRecipe>>;

export const iconButtonRecipe = recipe({
  base: {
    position: 'relative',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
    width: vars.size.touch,
    height: vars.size.touch,
    padding: 0,
    border: '1px solid transparent',
    borderRadius: vars.radius.full,
    cursor: 'pointer',
    textDecoration: 'none',
    touchAction: 'manipulation',
    transitionProperty: 'background-color, border-color, color, transform',
    transitionDuration: vars.duration.fast,
    selectors: {
      '&[data-pressed], &:active': { transform: 'scale(0.94)' },
      '&[data-disabled]': { opacity: 0.5, cursor: 'not-allowed' },
    },
  },
  variants: {
    variant: {
      plain: {
        backgroundColor: 'transparent',
        color: vars.color.text,
        selectors: { '&[data-hovered], &:hover': { backgroundColor: vars.color.surfaceMuted } },
      },
      surface: {
        backgroundColor: vars.color.surface,
        color: vars.color.text,
        borderColor: vars.color.border,
        boxShadow: vars.shadow.card,
        selectors: { '&[data-hovered], &:hover': { borderColor: vars.color.accent } },
      },
      accent: {
        backgroundColor: vars.color.accent,
        color: vars.color.textOnAccent,
        selectors: { '&[data-hovered], &:hover': { backgroundColor: vars.color.accentHover } },
      },
    },
  },
  defaultVariants: { variant: 'plain' },
});

export type IconButtonVariants = NonNullable<RecipeVariants<typeof iconButtonRecipe>>;

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const spinnerStyle = style({
  flexShrink: 0,
  animation: `${spin} 0.9s linear infinite`,
  '@media': {
    // Reduced motion still needs a sign of progress: a slow turn instead of a fast one.
    '(prefers-reduced-motion: reduce)': { animationDuration: '2.4s !important' },
  },
});
