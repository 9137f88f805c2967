import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { type RecipeVariants, recipe } from '@vanilla-extract/recipes';
import { vars } from '../styles/theme.css.ts';

export const cardRecipe = recipe({
  base: {
    backgroundColor: vars.color.surface,
    color: vars.color.text,
    borderRadius: vars.radius.lg,
    border: `1px solid ${vars.color.border}`,
    overflow: 'hidden',
  },
  variants: {
    padding: {
      none: {},
      md: { padding: vars.space['4'] },
      lg: { padding: vars.space['6'] },
    },
    elevated: { true: { boxShadow: vars.shadow.card }, false: {} },
    tone: {
      plain: {},
      muted: { backgroundColor: vars.color.surfaceMuted, borderColor: 'transparent' },
      accent: { backgroundColor: vars.color.accentSoft, borderColor: 'transparent' },
    },
  },
  defaultVariants: { padding: 'md', elevated: true, tone: 'plain' },
});
export type CardVariants = NonNullable<RecipeVariants<typeof cardRecipe>>;

export const badgeRecipe = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space['1'],
    paddingInline: vars.space['2'],
    paddingBlock: '2px',
    borderRadius: vars.radius.full,
    fontSize: vars.fontSize.xs,
    fontWeight: vars.fontWeight.heavy,
    lineHeight: vars.lineHeight.snug,
    letterSpacing: '0.01em',
    whiteSpace: 'nowrap',
  },
  variants: {
    tone: {
      accent: { backgroundColor: vars.color.accent, color: vars.color.textOnAccent },
      accentSoft: { backgroundColor: vars.color.accentSoft, color: vars.color.accentSoftText },
      family: { backgroundColor: vars.color.secondary, color: vars.color.textOnSecondary },
      familySoft: {
        backgroundColor: vars.color.secondarySoft,
        color: vars.color.secondarySoftText,
      },
      success: { backgroundColor: vars.color.success, color: vars.color.textOnSuccess },
      danger: { backgroundColor: vars.color.danger, color: vars.color.textOnDanger },
      neutral: { backgroundColor: vars.color.surfaceMuted, color: vars.color.text },
    },
  },
  defaultVariants: { tone: 'accentSoft' },
});
export type BadgeVariants = NonNullable<RecipeVariants<typeof badgeRecipe>>;

export const chipRecipe = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space['2'],
    minHeight: vars.size.touch,
    maxWidth: '100%',
    paddingInline: vars.space['4'],
    borderRadius: vars.radius.full,
    border: `1.5px solid ${vars.color.border}`,
    backgroundColor: vars.color.surface,
    color: vars.color.text,
    fontSize: vars.fontSize.sm,
    fontWeight: vars.fontWeight.bold,
    whiteSpace: 'nowrap',
    cursor: 'pointer',
    touchAction: 'manipulation',
    transitionProperty: 'background-color, border-color, color, transform',
    transitionDuration: vars.duration.fast,
    selectors: {
      '&[data-hovered]': { borderColor: vars.color.accent },
      '&[data-pressed]': { transform: 'scale(0.97)' },
      '&[data-selected]': {
        backgroundColor: vars.color.accent,
        borderColor: vars.color.accent,
        color: vars.color.textOnAccent,
      },
      '&[data-disabled]': { opacity: 0.5, cursor: 'not-allowed' },
    },
  },
  variants: {
    compact: { true: { minHeight: '36px', paddingInline: vars.space['3'] }, false: {} },
  },
  defaultVariants: { compact: false },
});

/** A raised block of a screen (a poll, a form's section): surface, hairline border and shadow. */
export const panel = style({
  padding: vars.space['4'],
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  boxShadow: vars.shadow.card,
});

/**
 * A glyph centred on a soft tint: a feature's icon, an info row's, an illustration. Size and
 * corners differ by place, so the caller adds them.
 */
const iconTileBase = style({ display: 'grid', placeItems: 'center', flexShrink: 0 });

// Plain classes rather than a recipe: only .css.ts files use them, so no screen ships a runtime.
export const iconTile = styleVariants({
  accent: [
    iconTileBase,
    { backgroundColor: vars.color.accentSoft, color: vars.color.accentSoftText },
  ],
  family: [
    iconTileBase,
    { backgroundColor: vars.color.secondarySoft, color: vars.color.secondarySoftText },
  ],
});

/** A progress bar's groove (its height is the caller's) and the part filled so far. */
export const meterTrack = style({
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.surfaceMuted,
  overflow: 'hidden',
});

export const meterFill = style({
  height: '100%',
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.accent,
  transition: `width ${vars.duration.slow} ${vars.easing.standard}`,
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
});

/** One item of a short list drawn as a small framed card (sign-in's features, onboarding's). */
export const itemTile = style({
  padding: vars.space['3'],
  backgroundColor: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
});

/** A radio or checkbox drawn as a whole card: onboarding's answers, a poll's options. */
export const choiceCard = style({
  minHeight: vars.size.touch,
  border: `1.5px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  cursor: 'pointer',
  selectors: {
    '&[data-hovered]': { borderColor: vars.color.borderStrong },
    '&[data-selected]': { borderColor: vars.color.accent, backgroundColor: vars.color.accentSoft },
    '&[data-focus-visible]': { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

/** A word on a rounded pill, larger than a badge: event tags, the profile's genres. */
export const pill = style({
  paddingInline: vars.space['3'],
  paddingBlock: vars.space['1'],
  borderRadius: vars.radius.full,
  fontSize: vars.fontSize.sm,
});

/** A <ul> or <ol> without its bullets and indent, for lists laid out as cards or chips. */
export const bareList = style({ margin: 0, padding: 0, listStyle: 'none' });

/** A wrapping row of chips as a bare <ul>: tags on event details, genres on the profile. */
export const chipList = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const chipLabel = style({ overflow: 'hidden', textOverflow: 'ellipsis' });

/*
 * The swipe row's edges fade over its side padding: at rest the first and last items sit clear
 * of the fade, and whatever is scrolled past an edge fades out there instead of being cut off,
 * which is the sign that there is more to swipe.
 */
const swipeFade = `linear-gradient(to right, transparent, #000 ${vars.space['4']}, #000 calc(100% - ${vars.space['4']}), transparent)`;

/*
 * One swipeable line that runs to the screen's edges on a phone (the page's side padding is
 * undone and given back inside, where the edges fade); from tablet width it wraps. Search's
 * category chips and popular searches.
 */
export const swipeRow = style({
  display: 'flex',
  gap: vars.space['2'],
  overflowX: 'auto',
  marginInline: `calc(-1 * ${vars.space['4']})`,
  paddingInline: vars.space['4'],
  // A chip reached by Tab scrolls clear of the faded edge.
  scrollPaddingInline: vars.space['4'],
  // Room for the focus ring, which the scroll box would otherwise clip.
  paddingBlock: vars.space['1'],
  scrollbarWidth: 'none',
  maskImage: swipeFade,
  WebkitMaskImage: swipeFade,
  selectors: { '&::-webkit-scrollbar': { display: 'none' } },
  '@media': {
    'screen and (min-width: 640px)': {
      flexWrap: 'wrap',
      overflowX: 'visible',
      marginInline: 0,
      paddingInline: 0,
      maskImage: 'none',
      WebkitMaskImage: 'none',
    },
  },
});

// The sheen moves by transform, which the compositor animates on its own thread. An animated
// background-position repainted every skeleton on the main thread in every frame: on a slow
// phone that was a stream of 20-70 ms paint tasks while a page loaded (Lighthouse counted them
// as blocking time, docs/benchmarks.md).
const sweep = keyframes({
  from: { transform: 'translateX(-100%)' },
  to: { transform: 'translateX(100%)' },
});

export const skeleton = style({
  display: 'block',
  position: 'relative',
  overflow: 'hidden',
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surfaceMuted,
  '::after': {
    content: '""',
    position: 'absolute',
    inset: 0,
    backgroundImage: `linear-gradient(90deg, transparent 0%, ${vars.color.border} 50%, transparent 100%)`,
    animation: `${sweep} 1.4s ease-in-out infinite`,
  },
  '@media': {
    '(prefers-reduced-motion: reduce)': { selectors: { '&::after': { display: 'none' } } },
  },
});

/**
 * A framed message on a soft tint: a failed load or action (danger), something to act on, said
 * calmly (warning), a highlight (accent) or a plain fact (neutral). `stack` puts text above its
 * button, `column` stretches its parts across, `row` puts an icon beside the text, `center` lines
 * them up on one line, and `text` leaves a paragraph a paragraph (inline links keep flowing).
 */
export const noticeRecipe = recipe({
  base: { margin: 0 },
  variants: {
    tone: {
      danger: { backgroundColor: vars.color.dangerSoft, color: vars.color.dangerSoftText },
      warning: { backgroundColor: vars.color.warningSoft, color: vars.color.warningSoftText },
      accent: { backgroundColor: vars.color.accentSoft, color: vars.color.accentSoftText },
      neutral: { backgroundColor: vars.color.surfaceMuted, color: vars.color.text },
    },
    size: {
      md: { padding: vars.space['3'], borderRadius: vars.radius.md },
      lg: { padding: vars.space['4'], borderRadius: vars.radius.lg },
    },
    layout: {
      stack: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start' },
      column: { display: 'flex', flexDirection: 'column' },
      row: { display: 'flex', alignItems: 'flex-start' },
      center: { display: 'flex', alignItems: 'center' },
      text: {},
    },
    gap: { '2': { gap: vars.space['2'] }, '3': { gap: vars.space['3'] } },
    text: { inherit: {}, sm: { fontSize: vars.fontSize.sm } },
  },
  defaultVariants: { tone: 'danger', size: 'lg', layout: 'stack', gap: '3', text: 'inherit' },
});
export type NoticeVariants = NonNullable<RecipeVariants<typeof noticeRecipe>>;
