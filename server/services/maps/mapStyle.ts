import type { MapTheme } from '../../../contract/maps.ts';

/*
 * The colours of FamJam's own map, one set per theme. The app's palette (src/styles/palette.ts)
 * is the client's and the server may not import it; the pin repeats its accent colours, and
 * the rest is chosen to sit under the app's cards: a warm off-white land on a soft blue sea in
 * light mode, a dark slate land on a deep navy sea in dark mode (no bright tile in a dark page).
 */

export interface MapStyle {
  water: string;
  land: string;
  /** A thin line along every coast, so a shore reads even where land and water are close in tone. */
  coast: string;
  /** The venue's pin: the theme's accent (palette.ts `accent`), outlined in white. */
  pin: string;
  pinOutline: string;
}

export const mapStyles: Record<MapTheme, MapStyle> = {
  light: {
    water: '#aacfe4',
    land: '#f7f0e4',
    coast: '#86adc4',
    pin: '#c2410c',
    pinOutline: '#ffffff',
  },
  dark: {
    water: '#0e1c2e',
    land: '#2c323b',
    coast: '#46566a',
    pin: '#ff9f68',
    pinOutline: '#ffffff',
  },
};
