import {
  assignVars,
  createGlobalTheme,
  createThemeContract,
  globalStyle,
} from '@vanilla-extract/css';
import { HEADER_MIN_HEIGHT_PX } from '../domain/constants.ts';
import { darkPalette, lightPalette, type Palette } from './palette.ts';

/**
 * Colours and shadows change with the theme; everything else (spacing, type, radii, motion) is
 * one scale for both. The themes hang off `:root[data-theme=…]` rather than a class so that
 * public/theme-init.js can pick one before the first paint, with no React involved.
 */
const colorShape: Record<keyof Palette, null> = {
  background: null,
  surface: null,
  surfaceRaised: null,
  surfaceMuted: null,
  headerBackground: null,
  navBackground: null,
  text: null,
  textMuted: null,
  accent: null,
  accentHover: null,
  textOnAccent: null,
  accentText: null,
  accentSoft: null,
  accentSoftText: null,
  secondary: null,
  textOnSecondary: null,
  secondarySoft: null,
  secondarySoftText: null,
  success: null,
  textOnSuccess: null,
  danger: null,
  textOnDanger: null,
  dangerSoft: null,
  dangerSoftText: null,
  warningSoft: null,
  warningSoftText: null,
  border: null,
  borderStrong: null,
  focusRing: null,
  overlay: null,
};

const themeVars = createThemeContract({
  color: colorShape,
  shadow: { card: null, raised: null, header: null },
});

const lightTheme = {
  color: lightPalette,
  shadow: {
    card: '0 1px 2px rgba(60, 35, 15, 0.06), 0 4px 14px rgba(60, 35, 15, 0.07)',
    raised: '0 10px 30px rgba(60, 35, 15, 0.18), 0 2px 6px rgba(60, 35, 15, 0.08)',
    header: '0 1px 0 rgba(60, 35, 15, 0.08)',
  },
};

const darkTheme = {
  color: darkPalette,
  shadow: {
    card: '0 1px 2px rgba(0, 0, 0, 0.4), 0 4px 14px rgba(0, 0, 0, 0.3)',
    raised: '0 12px 32px rgba(0, 0, 0, 0.55), 0 2px 6px rgba(0, 0, 0, 0.35)',
    header: '0 1px 0 rgba(255, 255, 255, 0.06)',
  },
};

// Light is also the theme of a root without data-theme (scripts blocked); a dark system
// preference still wins there through the media query below.
createGlobalTheme(':root, :root[data-theme="light"]', themeVars, lightTheme);
createGlobalTheme(':root[data-theme="dark"]', themeVars, darkTheme);
globalStyle(':root:not([data-theme])', {
  '@media': { '(prefers-color-scheme: dark)': { vars: assignVars(themeVars, darkTheme) } },
});
globalStyle(':root[data-theme="light"]', { colorScheme: 'light' });
globalStyle(':root[data-theme="dark"]', { colorScheme: 'dark' });

const tokens = createGlobalTheme(':root', {
  space: {
    '0': '0',
    '1': '4px',
    '2': '8px',
    '3': '12px',
    '4': '16px',
    '5': '20px',
    '6': '24px',
    '8': '32px',
    '10': '40px',
    '12': '48px',
    '16': '64px',
  },
  font: {
    // Platform UI fonts first; system-ui last because on Linux it tends to map to the very wide
    // DejaVu Sans, while Arial resolves to the metric-compatible Liberation Sans.
    body: "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Liberation Sans', system-ui, sans-serif",
    display:
      "ui-rounded, 'SF Pro Rounded', -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Liberation Sans', system-ui, sans-serif",
  },

  fontSize: {
    xs: '0.75rem',
    sm: '0.875rem',
    md: '1rem',
    lg: '1.125rem',
    xl: '1.25rem',
    '2xl': '1.5rem',
    '3xl': '1.875rem',
    '4xl': '2.25rem',
  },
  lineHeight: { tight: '1.2', snug: '1.35', normal: '1.55', relaxed: '1.7' },
  fontWeight: { regular: '400', medium: '500', semibold: '600', bold: '700', heavy: '800' },
  radius: { sm: '8px', md: '12px', lg: '16px', xl: '24px', full: '999px' },
  size: {
    /** WCAG 2.5.5 / platform guidance: nothing tappable smaller than this. */
    touch: '44px',
    headerMinHeight: `${HEADER_MIN_HEIGHT_PX}px`,
    bottomNavHeight: '64px',
    contentMaxWidth: '960px',
    readingMaxWidth: '68ch',
  },
  duration: { fast: '120ms', normal: '200ms', slow: '320ms' },
  easing: { standard: 'cubic-bezier(0.2, 0, 0, 1)', emphasized: 'cubic-bezier(0.3, 0, 0, 1.3)' },
  // Toasts sit under any dialog's overlay: a message never covers what the person is answering.
  zIndex: { header: '20', bottomNav: '30', toast: '40', overlay: '50', alert: '60' },
});

/** One import for components: `vars.color.text`, `vars.space['4']`… */
export const vars = { ...themeVars, ...tokens };
