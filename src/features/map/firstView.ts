/**
 * Whether the map's first view could be drawn (issue 33: "the map failing to load leaves the
 * list working with a readable message"). Leaflet fires 'tileload' or 'tileerror' for each tile
 * and then 'load' once every tile of the view has answered, loaded or not. The first 'load'
 * decides: not one tile drawn and some refused (no network, tiles blocked, a provider down or
 * misconfigured) is a failed map; any tile drawn is a map, even with gaps. Later views do not
 * change the verdict: a map already in use stays.
 */
export type FirstViewVerdict = 'ready' | 'failed';

/** Leaflet's TileLayer, as far as the verdict needs it. */
interface TileEvents {
  on(type: 'tileload' | 'tileerror' | 'load', handler: () => void): unknown;
}

export function watchFirstView(
  tiles: TileEvents,
  decide: (verdict: FirstViewVerdict) => void,
): void {
  let loaded = 0;
  let failed = 0;
  let decided = false;
  tiles.on('tileload', () => {
    loaded += 1;
  });
  tiles.on('tileerror', () => {
    failed += 1;
  });
  tiles.on('load', () => {
    if (decided) return;
    decided = true;
    decide(loaded === 0 && failed > 0 ? 'failed' : 'ready');
  });
}
