import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import themeInitScript from '../../public/theme-init.js?raw';
import { SESSION_HINT_KEY, storageKeys } from '../domain/constants.ts';
import { palettes } from '../styles/palette.ts';
import { stubColorScheme } from '../ui/test-utils.tsx';
import { ThemeProvider, useTheme } from './theme.tsx';

function ThemeProbe() {
  const { theme, toggleTheme } = useTheme();
  return (
    <button type="button" onClick={toggleTheme}>
      theme is {theme}
    </button>
  );
}

/** The probe inside the provider; its button names the theme and toggles it. */
function renderThemeProbe() {
  return render(
    <ThemeProvider>
      <ThemeProbe />
    </ThemeProvider>,
  );
}

function addThemeColorMeta() {
  const meta = document.createElement('meta');
  meta.name = 'theme-color';
  meta.content = '#000000';
  document.head.append(meta);
  return meta;
}

beforeEach(() => {
  localStorage.clear();
  delete document.documentElement.dataset.theme;
  document.documentElement.style.colorScheme = '';
  for (const meta of document.querySelectorAll('meta[name="theme-color"]')) meta.remove();
});

afterEach(() => stubColorScheme(false));

describe('ThemeProvider', () => {
  it('starts from the stored choice, even against the system preference', () => {
    localStorage.setItem(storageKeys.theme, 'dark');
    stubColorScheme(false);
    renderThemeProbe();
    expect(screen.getByRole('button')).toHaveTextContent('theme is dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('follows the system dark preference when nothing is stored, without saving it', () => {
    stubColorScheme(true);
    renderThemeProbe();
    expect(screen.getByRole('button')).toHaveTextContent('theme is dark');
    expect(localStorage.getItem(storageKeys.theme)).toBeNull();
  });

  it('is light with no stored choice and a light system', () => {
    stubColorScheme(false);
    renderThemeProbe();
    expect(screen.getByRole('button')).toHaveTextContent('theme is light');
  });

  it('ignores a corrupt stored value', () => {
    localStorage.setItem(storageKeys.theme, 'purple');
    stubColorScheme(true);
    renderThemeProbe();
    expect(screen.getByRole('button')).toHaveTextContent('theme is dark');
  });

  it('saves every change and applies it to the document, color-scheme and theme-color', async () => {
    stubColorScheme(false);
    const meta = addThemeColorMeta();
    renderThemeProbe();
    expect(meta.content).toBe(palettes.light.headerBackground);

    await userEvent.click(screen.getByRole('button'));
    expect(screen.getByRole('button')).toHaveTextContent('theme is dark');
    expect(localStorage.getItem(storageKeys.theme)).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(document.documentElement.style.colorScheme).toBe('dark');
    expect(meta.content).toBe(palettes.dark.headerBackground);

    await userEvent.click(screen.getByRole('button'));
    expect(localStorage.getItem(storageKeys.theme)).toBe('light');
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('throws a clear error when used outside its provider', () => {
    const quiet = console.error;
    console.error = () => {};
    try {
      expect(() => render(<ThemeProbe />)).toThrow('useTheme must be used inside <ThemeProvider>');
    } finally {
      console.error = quiet;
    }
  });
});

describe('public/theme-init.js (runs before the first paint)', () => {
  const script = themeInitScript;
  const runScript = () => act(() => new Function(script)());

  it('applies the stored theme and its theme-color', () => {
    localStorage.setItem(storageKeys.theme, 'dark');
    stubColorScheme(false);
    const meta = addThemeColorMeta();
    runScript();
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(document.documentElement.style.colorScheme).toBe('dark');
    expect(meta.content).toBe(palettes.dark.headerBackground);
  });

  it('falls back to the system preference', () => {
    stubColorScheme(true);
    runScript();
    expect(document.documentElement.dataset.theme).toBe('dark');
    stubColorScheme(false);
    runScript();
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it("marks a device that was signed in, so a signed-in page's frame is painted", () => {
    stubColorScheme(false);
    delete document.documentElement.dataset.session;
    runScript();
    expect(document.documentElement.dataset.session).toBeUndefined();
    localStorage.setItem(SESSION_HINT_KEY, 'signed-in');
    runScript();
    expect(document.documentElement.dataset.session).toBe('signed-in');
    localStorage.removeItem(SESSION_HINT_KEY);
    delete document.documentElement.dataset.session;
  });

  it('agrees with the provider, so React never repaints a different theme', () => {
    localStorage.setItem(storageKeys.theme, 'light');
    stubColorScheme(true);
    runScript();
    const before = document.documentElement.dataset.theme;
    renderThemeProbe();
    expect(screen.getByRole('button')).toHaveTextContent(`theme is ${before}`);
  });
});

describe('public/theme-init.js starting the app after the first paint', () => {
  /** A page as the server sends it: seven later modules and the entry, not yet requested. */
  function servedPage(visibility: DocumentVisibilityState): Document {
    const page = document.implementation.createHTMLDocument('FamJam');
    Object.defineProperty(page, 'visibilityState', { value: visibility });
    for (let index = 0; index < 7; index += 1) {
      const later = page.createElement('link');
      later.rel = 'famjam-after-paint';
      later.href = `/assets/chunk-${index}.js`;
      page.head.append(later);
    }
    const entry = page.createElement('link');
    entry.rel = 'modulepreload';
    entry.href = '/assets/index.js';
    entry.dataset.appEntry = '';
    page.head.append(entry);
    return page;
  }
  /** The script run against `page` (its own document, so no other test's listener answers). */
  function load(page: Document) {
    new Function('document', themeInitScript)(page);
    page.dispatchEvent(new Event('DOMContentLoaded'));
  }
  const requested = (page: Document) => ({
    preloads: page.querySelectorAll('link[rel="modulepreload"]:not([data-app-entry])').length,
    entry: page.querySelector('script[type="module"]')?.getAttribute('src') ?? null,
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('on screen: after the paint, the modules three per task, then the entry', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    // No Paint Timing here: the script's own fallback starts the app a second after a frame.
    vi.stubGlobal('PerformanceObserver', undefined);
    const page = servedPage('visible');
    load(page);
    expect(requested(page)).toEqual({ preloads: 0, entry: null });
    vi.advanceTimersByTime(1016);
    expect(requested(page)).toEqual({ preloads: 3, entry: null });
    vi.advanceTimersToNextTimer();
    expect(requested(page)).toEqual({ preloads: 6, entry: null });
    vi.advanceTimersToNextTimer();
    expect(requested(page)).toEqual({ preloads: 7, entry: '/assets/index.js' });
  });

  it('in a hidden tab: everything at once, since its timers may run once a second', () => {
    const page = servedPage('hidden');
    load(page);
    expect(requested(page)).toEqual({ preloads: 7, entry: '/assets/index.js' });
  });
});
