// Loopback server: the two pages from public/, and one generated 256x256 PNG for any
// /tiles/{z}/{x}/{y}.png (made once with sharp, so no internet is needed).
// Usage: node server.mjs [port]   (prints "listening <port>")

import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const sharp = require(
  process.env.FAMJAM_DIR ? `${process.env.FAMJAM_DIR}/node_modules/sharp` : 'sharp',
);

const root = path.join(path.dirname(new URL(import.meta.url).pathname), 'public');
// A street-map-like tile: a pale background, a few "streets" and a "park", about the weight of a real one.
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">
<rect width="256" height="256" fill="#f2efe9"/><rect x="150" y="20" width="80" height="60" fill="#c8e6b0"/>
${Array.from({ length: 9 }, (_, i) => `<line x1="0" y1="${i * 29 + 7}" x2="256" y2="${i * 31 + 3}" stroke="#fff" stroke-width="${i % 3 ? 3 : 7}"/>`).join('')}
${Array.from({ length: 9 }, (_, i) => `<line x1="${i * 30 + 5}" y1="0" x2="${i * 27 + 11}" y2="256" stroke="#fff" stroke-width="${i % 4 ? 3 : 6}"/>`).join('')}
<path d="M0 200 Q 128 150 256 230" stroke="#f9c46b" stroke-width="8" fill="none"/></svg>`;
const tile = await sharp(Buffer.from(svg)).png().toBuffer();
const types = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.png': 'image/png',
};
let tileCount = 0;
// ISOLATE=1: cross-origin isolated pages, so performance.measureUserAgentSpecificMemory() works
// (it counts the web workers' memory too). Used only by `bench.mjs mem`.
const isolation =
  process.env.ISOLATE === '1'
    ? {
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-embedder-policy': 'require-corp',
        'cross-origin-resource-policy': 'same-origin',
      }
    : {};
const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://x');
  if (/^\/tiles\/\d+\/\d+\/\d+\.png$/.test(url.pathname)) {
    tileCount++;
    res.writeHead(200, {
      'content-type': 'image/png',
      'content-length': tile.length,
      'cache-control': 'no-store',
      'access-control-allow-origin': '*',
      ...isolation,
    });
    return res.end(tile);
  }
  if (url.pathname === '/__tiles') {
    res.writeHead(200);
    return res.end(String(tileCount));
  }
  const file = path.join(root, path.normalize(url.pathname).replace(/^\/+/, ''));
  if (!file.startsWith(root) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
    res.writeHead(404);
    return res.end('not found');
  }
  const body = fs.readFileSync(file);
  res.writeHead(200, {
    'content-type': types[path.extname(file)] || 'application/octet-stream',
    'content-length': body.length,
    'cache-control': 'no-store',
    ...isolation,
  });
  res.end(body);
});
server.listen(Number(process.argv[2] || 0), '127.0.0.1', () =>
  console.log(`listening ${server.address().port} tile=${tile.length}B`),
);
