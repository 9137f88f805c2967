// Runs before first paint (a blocking <script> in index.html's head) so the page never flashes
// the wrong theme. Same rule as src/app/theme.tsx: the stored choice, else the system setting.
// A separate file because the Content-Security-Policy allows no inline scripts. The colours are
// the palettes' headerBackground (src/styles/palette.ts); palette.test.ts keeps them in step.
(() => {
  const headerColors = { light: '#fff1e4', dark: '#1c1612' };
  let theme = null;
  try {
    const stored = window.localStorage.getItem('famjam-theme');
    if (stored === 'light' || stored === 'dark') theme = stored;
  } catch {
    // Storage blocked: fall through to the system preference.
  }
  if (!theme) {
    theme = window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  const root = document.documentElement;
  // Which page frame to paint (src/app/pageFrame.ts): the one for signed-in pages only when this
  // device was signed in last time. Key: SESSION_HINT_KEY in src/domain/constants.ts.
  try {
    if (window.localStorage.getItem('famjam-session') === 'signed-in') {
      root.setAttribute('data-session', 'signed-in');
    }
  } catch {
    // Storage blocked: no hint, and signed-in pages paint no frame.
  }
  root.setAttribute('data-theme', theme);
  root.style.colorScheme = theme;
  for (const meta of document.querySelectorAll('meta[name="theme-color"]')) {
    meta.setAttribute('content', headerColors[theme]);
  }
})();

// Starts the app once the page frame has been painted (vite.config.ts, entryAfterFirstPaint,
// says why): the build turns the entry script into <link rel="modulepreload" data-app-entry>,
// fetched at once but run only from here, when the browser reports its first paint (Paint
// Timing). A hidden tab paints nothing, so it starts at once; should no paint be reported
// within a second of the first frame (a browser without Paint Timing), it starts then. Without
// the link (the dev server) Vite's own entry script starts the app.
document.addEventListener('DOMContentLoaded', () => {
  const entry = document.querySelector('link[data-app-entry]');
  if (!entry) return;
  let started = false;
  const start = (batch) => {
    if (started) return;
    started = true;
    // The rel is AFTER_PAINT in server/clientManifest.ts. Each module preload costs the main
    // thread a few milliseconds as it is added (about twenty took 30-120 ms in one task in a
    // Lighthouse trace), so on screen they go three at a time, a task each, short enough not to
    // block a phone at 4x slowdown; then the entry. A hidden tab adds them at once: nobody
    // waits on it, and its timers may run only once a second.
    const later = [...document.querySelectorAll('link[rel="famjam-after-paint"]')];
    const addBatch = () => {
      for (const link of later.splice(0, batch)) {
        const preload = document.createElement('link');
        preload.rel = 'modulepreload';
        preload.crossOrigin = 'anonymous';
        preload.href = link.href;
        document.head.append(preload);
      }
      if (later.length > 0) {
        setTimeout(addBatch, 0);
        return;
      }
      const script = document.createElement('script');
      script.type = 'module';
      script.crossOrigin = 'anonymous';
      script.src = entry.href;
      document.head.append(script);
    };
    addBatch();
  };
  if (document.visibilityState === 'hidden') {
    start(Number.POSITIVE_INFINITY);
    return;
  }
  try {
    new PerformanceObserver((_list, observer) => {
      observer.disconnect();
      setTimeout(() => start(3), 0);
    }).observe({ type: 'paint', buffered: true });
  } catch {
    // No Paint Timing: the fallback below starts the app.
  }
  requestAnimationFrame(() => setTimeout(() => start(3), 1000));
});
