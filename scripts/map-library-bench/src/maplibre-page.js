import * as maplibregl from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import { CENTER, points } from './points.js';

maplibregl.setWorkerUrl('/maplibre-gl-worker.mjs');
window.__mapEvents = {};
try {
  const map = new maplibregl.Map({
    container: 'map',
    // MapLibre zooms count 512 px tiles: zoom 11 here shows the same ground as Leaflet's zoom 12
    // and requests the same z12 256 px raster tiles.
    center: [CENTER.lng, CENTER.lat],
    zoom: 11,
    style: {
      version: 8,
      sources: {
        raster: {
          type: 'raster',
          tiles: [`${location.origin}/tiles/{z}/{x}/{y}.png`],
          tileSize: 256,
          maxzoom: 19,
          attribution: 'test tiles',
        },
        events: {
          type: 'geojson',
          data: {
            type: 'FeatureCollection',
            features: points.map((p) => ({
              type: 'Feature',
              properties: { name: p.name },
              geometry: { type: 'Point', coordinates: [p.lng, p.lat] },
            })),
          },
        },
      },
      layers: [
        { id: 'raster', type: 'raster', source: 'raster' },
        {
          id: 'events',
          type: 'circle',
          source: 'events',
          paint: {
            'circle-radius': 7,
            'circle-color': '#d33',
            'circle-stroke-color': '#fff',
            'circle-stroke-width': 2,
          },
        },
      ],
    },
  });
  map.addControl(new maplibregl.NavigationControl());
  map.once('load', () => {
    window.__mapEvents.load = performance.now();
  });
  // 'idle': style loaded, all tiles of the view loaded and drawn, no transition running.
  map.once('idle', () => {
    window.__mapEvents.idle = performance.now();
    window.__mapReady = { event: 'idle', t: performance.now(), loadT: window.__mapEvents.load };
  });
  map.on('error', (e) => {
    window.__mapErrors = [...(window.__mapErrors ?? []), String(e.error?.message || e.error || e)];
  });
  window.__map = map;
} catch (e) {
  window.__mapErrors = [String(e?.message || e)];
}
