import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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
