// Raw, gzip (level 9) and brotli (max) bytes of each page's JS and CSS, as built by build.sh.
import fs from 'node:fs';
import zlib from 'node:zlib';

const files = {
  leaflet: { js: ['leaflet.js'], css: ['leaflet.css'] },
  maplibre: { js: ['maplibre.js', 'maplibre-gl-worker.mjs'], css: ['maplibre.css'] },
};
const _out = {};
for (const [lib, kinds] of Object.entries(files))
  for (const [kind, list] of Object.entries(kinds))
    for (const f of list) {
      const b = fs.readFileSync(`public/${f}`);
      const row = {
        lib,
        kind,
        file: f,
        raw: b.length,
        gzip: zlib.gzipSync(b, { level: 9 }).length,
        brotli: zlib.brotliCompressSync(b, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
        }).length,
      };
      console.log(JSON.stringify(row));
    }
