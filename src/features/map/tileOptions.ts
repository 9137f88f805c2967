import type { TileLayerOptions } from 'leaflet';

/** What the tiles' options depend on besides the configuration: the screen and the page. */
export interface TilePage {
  /** A sharp screen (Leaflet's L.Browser.retina). */
  retina: boolean;
  /** The page's origin (location.origin): FamJam's own tiles are served from it. */
  origin: string;
}

/**
 * The tile layer's options for a configured template (contract/maps.ts MapConfig.tiles).
 *
 * Sharp tiles on sharp screens. A template with '{r}' gets the provider's '@2x' tiles there; one
 * without is asked for the next zoom's four tiles at half size (Leaflet's detectRetina), so
 * coastlines are not blurred on a phone. The deepest zoom stays the configured one: Leaflet
 * lowers the layer's maxZoom by the offset it adds, so it is raised by one first, and the
 * deepest tiles fetched are maxZoom's.
 *
 * A Referer for a provider's tiles. The server sends `Referrer-Policy: no-referrer` for every
 * page, so tile requests would carry none, and a provider that requires one (OpenStreetMap's
 * tile usage policy does; others check it against a key's allowed sites) refuses them. Its tiles
 * get 'origin': the provider learns which site shows its map and nothing more, never the page's
 * path or query (the family's search words and place), even for a provider reached through a
 * path on FamJam's own host, where 'strict-origin-when-cross-origin' would send the whole
 * address. What 'origin' gives up, leaving out the Referer on an https-to-http request, cannot
 * happen: the server accepts only https templates (loopback aside, server/config.ts). FamJam's
 * own tiles (same origin, checking no Referer) keep the page's policy.
 */
export function tileOptions(template: string, maxZoom: number, page: TilePage): TileLayerOptions {
  const halfSize = !template.includes('{r}') && page.retina;
  const zoom = halfSize
    ? { detectRetina: true, maxZoom: maxZoom + 1, maxNativeZoom: maxZoom - 1 }
    : { maxZoom };
  return isProvider(template, page.origin) ? { ...zoom, referrerPolicy: 'origin' } : zoom;
}

/** A template on another origin than the page's: a configured provider, not FamJam's own tiles. */
function isProvider(template: string, pageOrigin: string): boolean {
  return new URL(template, pageOrigin).origin !== pageOrigin;
}
