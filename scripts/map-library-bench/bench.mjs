// Measures the two pages in headless Debian Chromium through Playwright.
// node bench.mjs webgl            -> WebGL availability + does each map render, per flag set
// node bench.mjs perf RUNS RATE   -> RUNS alternating runs of each page at CPU throttling RATE (1 = none)
// Needs server.mjs listening on 127.0.0.1:$PORT (default 8731). Prints JSON lines and writes results-*.json.

import fs from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { chromium } = require(
  process.env.FAMJAM_DIR ? `${process.env.FAMJAM_DIR}/node_modules/playwright` : 'playwright',
);

const PORT = process.env.PORT || 8731;
const BASE = `http://127.0.0.1:${PORT}`;
const BASE_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
// Playwright adds --enable-unsafe-swiftshader to its own default switches; the flag sets below
// say explicitly whether it is kept, so "base flags only" really is base flags only.
const NO_PW_SWIFTSHADER = { ignoreDefaultArgs: ['--enable-unsafe-swiftshader'] };
// Note: Playwright's ignoreDefaultArgs also strips the same flag from `args`, so the sets that want
// --enable-unsafe-swiftshader keep Playwright's defaults instead of passing it a second time.
const FLAG_SETS = {
  'base + Playwright defaults (include --enable-unsafe-swiftshader)': { args: BASE_ARGS },
  'base + Playwright defaults + --use-angle=swiftshader': {
    args: [...BASE_ARGS, '--use-angle=swiftshader'],
  },
  'base only (Playwright default --enable-unsafe-swiftshader removed)': {
    args: BASE_ARGS,
    ...NO_PW_SWIFTSHADER,
  },
  'base only + --use-angle=swiftshader': {
    args: [...BASE_ARGS, '--use-angle=swiftshader'],
    ...NO_PW_SWIFTSHADER,
  },
  'base + Playwright defaults + --disable-webgl (simulates a browser without WebGL)': {
    args: [...BASE_ARGS, '--disable-webgl'],
  },
};

async function launch(set) {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: set.args,
    ignoreDefaultArgs: set.ignoreDefaultArgs,
  });
  // The command line Chromium really got (Playwright's defaults + ours), read from chrome://version.
  const p = await browser.newPage();
  await p.goto('chrome://version');
  const cmd = await p.evaluate(() => document.querySelector('#command_line')?.textContent || '');
  await p.close();
  browser.__gpuFlags = cmd
    .split(/\s+/)
    .filter((a) => /swiftshader|angle|gpu|webgl|headless/.test(a));
  return browser;
}

async function probeWebGL(browser) {
  const page = await browser.newPage();
  await page
    .goto(`${BASE}/leaflet.html`.replace('leaflet.html', '__none'), { waitUntil: 'load' })
    .catch(() => {});
  const r = await page.evaluate(() => {
    const out = {};
    for (const kind of ['webgl2', 'webgl']) {
      const gl = document.createElement('canvas').getContext(kind);
      if (!gl) {
        out[kind] = null;
        continue;
      }
      const dbg = gl.getExtension('WEBGL_debug_renderer_info');
      out[kind] = dbg ? gl.getParameter(dbg.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER);
    }
    return out;
  });
  await page.close();
  return r;
}

async function runPage(browser, lib, rate, shotPath) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const consoleErrors = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning')
      consoleErrors.push(`${m.type()}: ${m.text()}`.slice(0, 300));
  });
  page.on('requestfailed', (r) => consoleErrors.push(`requestfailed: ${r.url()}`));
  page.on('response', (r) => {
    if (r.status() >= 400) consoleErrors.push(`http ${r.status()}: ${r.url()}`);
  });
  page.on('pageerror', (e) => consoleErrors.push(`pageerror: ${e.message}`.slice(0, 300)));
  const cdp = await context.newCDPSession(page);
  if (rate > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await page.goto(`${BASE}/${lib}.html`, { waitUntil: 'commit' });
  let ready = null;
  try {
    await page.waitForFunction(() => window.__mapReady || window.__mapErrors?.length, null, {
      timeout: 90_000,
      polling: 50,
    });
    ready = await page.evaluate(() => window.__mapReady || null);
  } catch (_e) {
    /* timed out: reported below */
  }
  // Let work that follows the first full render (e.g. fades, idle callbacks) show up in the long tasks.
  await page.waitForTimeout(1000 * rate);
  const info = await page.evaluate(() => {
    const res = performance.getEntriesByType('resource');
    const nav = performance.getEntriesByType('navigation')[0];
    const sum = (f) => res.filter(f).reduce((a, e) => a + e.encodedBodySize, 0);
    return {
      errors: window.__mapErrors || [],
      longtasks: window.__longtasks,
      longtaskErr: window.__longtaskErr,
      tileRequests: res.filter((e) => e.name.includes('/tiles/')).length,
      jsTransfer: sum((e) => /\.m?js(\?|$)/.test(e.name)),
      cssTransfer: sum((e) => /\.css(\?|$)/.test(e.name)),
      domContentLoaded: nav?.domContentLoadedEventEnd,
      canvasCount: document.querySelectorAll('canvas').length,
    };
  });
  const metricsBefore = Object.fromEntries(
    (
      await cdp.send('Performance.enable').then(() => cdp.send('Performance.getMetrics'))
    ).metrics.map((m) => [m.name, m.value]),
  );
  await cdp.send('HeapProfiler.collectGarbage');
  const heapAfterGC = await cdp.send('Runtime.getHeapUsage');
  if (shotPath) await page.screenshot({ path: shotPath });
  await context.close();
  const readyT = ready?.t ?? null;
  const lt = info.longtasks || [];
  const ltUntilReady = lt.filter((e) => readyT != null && e.start <= readyT);
  return {
    lib,
    rate,
    rendered: !!ready,
    readyEvent: ready?.event,
    firstFullRenderMs: readyT,
    maplibreLoadMs: ready?.loadT,
    longTaskCountToRender: ltUntilReady.length,
    longTaskSumToRenderMs: ltUntilReady.reduce((a, e) => a + e.dur, 0),
    longTaskCountTotal: lt.length,
    longTaskSumTotalMs: lt.reduce((a, e) => a + e.dur, 0),
    maxLongTaskMs: lt.reduce((a, e) => Math.max(a, e.dur), 0),
    heapUsedBeforeGC: metricsBefore.JSHeapUsedSize,
    heapUsedAfterGC: heapAfterGC.usedSize,
    tileRequests: info.tileRequests,
    jsTransfer: info.jsTransfer,
    cssTransfer: info.cssTransfer,
    domContentLoadedMs: info.domContentLoaded,
    canvasCount: info.canvasCount,
    errors: info.errors,
    console: consoleErrors.filter((m) => !/GPU stall due to ReadPixels/.test(m)).slice(0, 6),
    longtaskErr: info.longtaskErr,
  };
}

const [mode, runsArg, rateArg] = process.argv.slice(2);
if (mode === 'webgl') {
  const out = [];
  for (const [name, set] of Object.entries(FLAG_SETS)) {
    const browser = await launch(set);
    const gl = await probeWebGL(browser);
    const ml = await runPage(
      browser,
      'maplibre',
      1,
      `shots/maplibre-${Object.keys(FLAG_SETS).indexOf(name)}.png`,
    );
    const lf = await runPage(
      browser,
      'leaflet',
      1,
      `shots/leaflet-${Object.keys(FLAG_SETS).indexOf(name)}.png`,
    );
    const flagsSeen = browser.__gpuFlags;
    await browser.close();
    const row = {
      flags: name,
      actualGpuFlags: flagsSeen,
      args: set.args,
      ignoreDefaultArgs: set.ignoreDefaultArgs || [],
      webgl2: gl.webgl2,
      webgl: gl.webgl,
      maplibre: {
        rendered: ml.rendered,
        ms: ml.firstFullRenderMs,
        errors: ml.errors,
        console: ml.console,
      },
      leaflet: { rendered: lf.rendered, ms: lf.firstFullRenderMs, errors: lf.errors },
    };
    console.log(JSON.stringify(row));
    out.push(row);
  }
  fs.writeFileSync('results-webgl.json', JSON.stringify(out, null, 2));
} else if (mode === 'perf') {
  const runs = Number(runsArg || 5),
    rate = Number(rateArg || 1);
  const set = FLAG_SETS['base + Playwright defaults (include --enable-unsafe-swiftshader)'];
  const out = [];
  for (let i = 0; i < runs; i++) {
    // Alternate the order each round so neither library always goes first.
    const order = i % 2 ? ['maplibre', 'leaflet'] : ['leaflet', 'maplibre'];
    for (const lib of order) {
      const browser = await launch(set); // a fresh browser per run: a first visit, empty caches
      const r = await runPage(
        browser,
        lib,
        rate,
        i === 0 ? `shots/${lib}-perf-x${rate}.png` : null,
      );
      await browser.close();
      r.run = i + 1;
      console.log(JSON.stringify(r));
      out.push(r);
    }
  }
  fs.writeFileSync(`results-perf-x${rate}.json`, JSON.stringify(out, null, 2));
} else if (mode === 'mem') {
  // Whole-page JS memory including the MapLibre worker (needs `ISOLATE=1 node server.mjs PORT`).
  const set = FLAG_SETS['base + Playwright defaults (include --enable-unsafe-swiftshader)'];
  const runs = Number(runsArg || 3);
  for (let i = 0; i < runs; i++)
    for (const lib of i % 2 ? ['maplibre', 'leaflet'] : ['leaflet', 'maplibre']) {
      const browser = await chromium.launch({
        executablePath: '/usr/bin/chromium',
        headless: true,
        args: [...set.args, '--enable-blink-features=ForceEagerMeasureMemory'],
      });
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      await page.goto(`${BASE}/${lib}.html`);
      await page.waitForFunction(() => window.__mapReady, null, { timeout: 90_000 });
      await page.waitForTimeout(1000);
      const m = await page.evaluate(async () => {
        if (!crossOriginIsolated) return { error: 'not crossOriginIsolated' };
        const r = await performance.measureUserAgentSpecificMemory();
        const byScope = {};
        for (const b of r.breakdown)
          for (const a of b.attribution) {
            const k = a.scope + (a.url?.match(/[^/]*$/)?.[0] ? ` ${a.url.match(/[^/]*$/)[0]}` : '');
            byScope[k] = (byScope[k] || 0) + b.bytes;
          }
        return { total: r.bytes, byScope };
      });
      await browser.close();
      console.log(JSON.stringify({ lib, run: i + 1, ...m }));
    }
} else {
  console.error('usage: node bench.mjs webgl | perf RUNS RATE');
  process.exit(2);
}
