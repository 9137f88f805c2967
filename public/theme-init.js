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
  // device was signed in last time. Key: SESSION_HINT_KEY there.
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
