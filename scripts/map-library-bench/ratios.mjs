// MapLibre/Leaflet ratio of first full render, pair by pair (same round, run back to back).
import fs from 'node:fs';

const med = (a) => {
  const s = [...a].sort((x, y) => x - y);
  const n = s.length;
  return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
};
for (const rate of [1, 4]) {
  const ratios = [];
  for (const dir of ['round1', 'round2']) {
    const rows = JSON.parse(fs.readFileSync(`${dir}/results-perf-x${rate}.json`));
    for (let run = 1; run <= 5; run++) {
      const l = rows.find((r) => r.run === run && r.lib === 'leaflet'),
        m = rows.find((r) => r.run === run && r.lib === 'maplibre');
      ratios.push(m.firstFullRenderMs / l.firstFullRenderMs);
    }
  }
  console.log(
    `x${rate}: MapLibre/Leaflet first full render, ${ratios.length} pairs: median ${med(ratios).toFixed(2)} (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`,
  );
}
