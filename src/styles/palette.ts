/**
 * The two colour palettes as plain values. theme.css.ts turns them into CSS variables; the
 * contrast test and the theme provider (for `<meta name="theme-color">`) read them directly.
 * public/theme-init.js repeats `headerBackground` because it runs before any module loads;
 * palette.test.ts keeps the two in step.
 *
 * Warm and calm: a cream page, white cards, a terracotta accent and a teal for "family safe".
 */
export type ThemeName = 'light' | 'dark';

export interface Palette {
  background: string;
  surface: string;
  surfaceRaised: string;
  surfaceMuted: string;
  headerBackground: string;
  navBackground: string;
  text: string;
  textMuted: string;
  accent: string;
  accentHover: string;
  textOnAccent: string;
  accentText: string;
  accentSoft: string;
  accentSoftText: string;
  secondary: string;
  textOnSecondary: string;
  secondarySoft: string;
  secondarySoftText: string;
  success: string;
  textOnSuccess: string;
  danger: string;
  textOnDanger: string;
  dangerSoft: string;
  dangerSoftText: string;
  warningSoft: string;
  warningSoftText: string;
  border: string;
  borderStrong: string;
  focusRing: string;
  overlay: string;
}

export const lightPalette: Palette = {
  background: '#fff8f1',
  surface: '#ffffff',
  surfaceRaised: '#ffffff',
  surfaceMuted: '#f7eee4',
  headerBackground: '#fff1e4',
  navBackground: '#ffffff',
  text: '#241c15',
  textMuted: '#65594d',
  accent: '#c2410c',
  accentHover: '#a8380a',
  textOnAccent: '#ffffff',
  accentText: '#b03a0a',
  accentSoft: '#ffe6d2',
  accentSoftText: '#8f300f',
  secondary: '#0f766e',
  textOnSecondary: '#ffffff',
  secondarySoft: '#d7f3ee',
  secondarySoftText: '#0b5c55',
  success: '#15803d',
  textOnSuccess: '#ffffff',
  danger: '#b42318',
  textOnDanger: '#ffffff',
  dangerSoft: '#fdecea',
  dangerSoftText: '#9b1c12',
  warningSoft: '#fff4d6',
  warningSoftText: '#6f4400',
  border: '#eadfd3',
  borderStrong: '#8c7e70',
  focusRing: '#1d4ed8',
  overlay: 'rgba(36, 28, 21, 0.5)',
};

export const darkPalette: Palette = {
  background: '#15110e',
  surface: '#1f1915',
  surfaceRaised: '#261f1a',
  surfaceMuted: '#342b24',
  headerBackground: '#1c1612',
  navBackground: '#1f1915',
  text: '#f6eee6',
  textMuted: '#c4b7a9',
  accent: '#ff9f68',
  accentHover: '#ffb184',
  textOnAccent: '#24140a',
  accentText: '#ffaa78',
  accentSoft: '#3d2619',
  accentSoftText: '#ffc29e',
  secondary: '#5eead4',
  textOnSecondary: '#06302b',
  secondarySoft: '#123a35',
  secondarySoftText: '#99f6e4',
  success: '#4ade80',
  textOnSuccess: '#052e14',
  danger: '#ff8a80',
  textOnDanger: '#2d0707',
  dangerSoft: '#3b1714',
  dangerSoftText: '#ffb4ab',
  warningSoft: '#3a2e10',
  warningSoftText: '#ffd98a',
  border: '#3a3029',
  borderStrong: '#8f8172',
  focusRing: '#93c5fd',
  overlay: 'rgba(0, 0, 0, 0.62)',
};

export const palettes: Record<ThemeName, Palette> = { light: lightPalette, dark: darkPalette };

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
