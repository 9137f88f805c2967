import type { Palette } from './palette.ts';

/*
 * Read by the contrast test (palette.test.ts) only: apart from the palettes, so that the app's
 * startup, which imports palette.ts for the header colours, does not build this list.
 */

type ColorToken = keyof Palette;

/**
 * Every foreground/background pair the UI actually draws, with the WCAG AA minimum that applies:
 * 4.5 for text, 3 for large text and for the outlines of controls and focus rings (1.4.11).
 */
export const contrastPairs: ReadonlyArray<{
  foreground: ColorToken;
  background: ColorToken;
  minimum: 4.5 | 3;
}> = [
  ...(
    ['background', 'surface', 'surfaceRaised', 'surfaceMuted', 'headerBackground'] as const
  ).flatMap((background) => [
    { foreground: 'text' as const, background, minimum: 4.5 as const },
    { foreground: 'textMuted' as const, background, minimum: 4.5 as const },
    { foreground: 'accentText' as const, background, minimum: 4.5 as const },
    { foreground: 'focusRing' as const, background, minimum: 3 as const },
    { foreground: 'borderStrong' as const, background, minimum: 3 as const },
    { foreground: 'accent' as const, background, minimum: 3 as const },
  ]),
  { foreground: 'text', background: 'navBackground', minimum: 4.5 },
  { foreground: 'textMuted', background: 'navBackground', minimum: 4.5 },
  { foreground: 'accentText', background: 'navBackground', minimum: 4.5 },
  { foreground: 'accentSoftText', background: 'accentSoft', minimum: 4.5 },
  { foreground: 'accentText', background: 'accentSoft', minimum: 4.5 },
  { foreground: 'text', background: 'accentSoft', minimum: 4.5 },
  { foreground: 'textOnAccent', background: 'accent', minimum: 4.5 },
  { foreground: 'textOnAccent', background: 'accentHover', minimum: 4.5 },
  { foreground: 'textOnSecondary', background: 'secondary', minimum: 4.5 },
  { foreground: 'secondarySoftText', background: 'secondarySoft', minimum: 4.5 },
  { foreground: 'textOnSuccess', background: 'success', minimum: 4.5 },
  { foreground: 'textOnDanger', background: 'danger', minimum: 4.5 },
  { foreground: 'dangerSoftText', background: 'dangerSoft', minimum: 4.5 },
  { foreground: 'warningSoftText', background: 'warningSoft', minimum: 4.5 },
  { foreground: 'danger', background: 'surface', minimum: 4.5 },
  { foreground: 'danger', background: 'headerBackground', minimum: 3 },
  { foreground: 'secondary', background: 'headerBackground', minimum: 3 },
];
