// Median (min–max) per library and throttling rate from results-perf-x*.json.
// Usage: node summarize.mjs [DIR]   (DIR holds results-perf-x1.json and results-perf-x4.json; default .)
import fs from 'node:fs';

const med = (a) => {
  const s = [...a].sort((x, y) => x - y);
  const n = s.length;
  return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
};
const fmt = (a, d = 0) =>
  `${med(a).toFixed(d)} (${Math.min(...a).toFixed(d)}–${Math.max(...a).toFixed(d)})`;
for (const rate of [1, 4]) {
  const f = `${process.argv[2] || '.'}/results-perf-x${rate}.json`;
  if (!fs.existsSync(f)) continue;
  const rows = JSON.parse(fs.readFileSync(f));
  for (const lib of ['leaflet', 'maplibre']) {
    const r = rows.filter((x) => x.lib === lib);
    const ok = r.filter((x) => x.rendered);
    console.log(`${lib} x${rate}: runs ${r.length}, rendered ${ok.length}`);
    console.log(
      `  first full render ms ${fmt(ok.map((x) => x.firstFullRenderMs))}` +
        (lib === 'maplibre' ? `; 'load' ms ${fmt(ok.map((x) => x.maplibreLoadMs))}` : ''),
    );
    console.log(
      `  long tasks to render: count ${fmt(ok.map((x) => x.longTaskCountToRender))}, sum ms ${fmt(ok.map((x) => x.longTaskSumToRenderMs))}, longest ms ${fmt(ok.map((x) => x.maxLongTaskMs))}; total incl. ${rate}s after: ${fmt(ok.map((x) => x.longTaskSumTotalMs))}`,
    );
    console.log(
      `  heap MB before GC ${fmt(
        ok.map((x) => x.heapUsedBeforeGC / 1048576),
        1,
      )}, after GC ${fmt(
        ok.map((x) => x.heapUsedAfterGC / 1048576),
        1,
      )}`,
    );
    console.log(
      `  DCL ms ${fmt(ok.map((x) => x.domContentLoadedMs))}, tiles ${[...new Set(ok.map((x) => x.tileRequests))]}, js transfer ${[...new Set(ok.map((x) => x.jsTransfer))]}, css ${[...new Set(ok.map((x) => x.cssTransfer))]}, errors ${ok.flatMap((x) => x.errors).length}`,
    );
  }
}
