import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { CENTER, points } from './points.js';

const map = L.map('map', { zoomControl: true }).setView([CENTER.lat, CENTER.lng], 12);
const tiles = L.tileLayer('/tiles/{z}/{x}/{y}.png', { maxZoom: 19, attribution: 'test tiles' });
// 'load' fires when every tile of the current view has loaded: the first full render.
tiles.once('load', () => {
  window.__mapReady = {
    event: 'tileload',
    t: performance.now(),
    tiles: document.querySelectorAll('.leaflet-tile-loaded').length,
  };
});
tiles.addTo(map);
for (const p of points)
  L.circleMarker([p.lat, p.lng], {
    radius: 7,
    color: '#fff',
    weight: 2,
    fillColor: '#d33',
    fillOpacity: 1,
  })
    .bindTooltip(p.name)
    .addTo(map);
window.__map = map;
