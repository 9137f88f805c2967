#!/bin/sh
# Builds the two pages, each one minified ESM bundle + one CSS file, into public/.
set -e
cd "$(dirname "$0")"
npx esbuild src/leaflet-page.js --bundle --minify --format=esm --target=es2020 --outfile=public/leaflet.js --loader:.png=file --asset-names=img/[name]
npx esbuild src/maplibre-page.js --bundle --minify --format=esm --target=es2020 --outfile=public/maplibre.js
# MapLibre 5+/6 loads its web worker from a separate, already minified file.
cp node_modules/maplibre-gl/dist/maplibre-gl-worker.mjs public/maplibre-gl-worker.mjs
ls -l public
