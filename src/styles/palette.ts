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

/**
 * The header's colour per theme, which the theme provider writes into `<meta name="theme-color">`:
 * on their own so the app's startup carries these two values, not both palettes (theme.css.ts,
 * which reads the palettes, runs at build time).
 */
const lightHeader = '#fff1e4';
const darkHeader = '#1c1612';
export const headerBackgrounds: Record<ThemeName, string> = {
  light: lightHeader,
  dark: darkHeader,
};

export const lightPalette: Palette = {
  background: '#fff8f1',
  surface: '#ffffff',
  surfaceRaised: '#ffffff',
  surfaceMuted: '#f7eee4',
  headerBackground: lightHeader,
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
  headerBackground: darkHeader,
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
