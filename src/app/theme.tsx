import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react';
import { storageKeys } from '../domain/constants.ts';
// The theme variables and global rules load with the provider every screen sits under.
import '../styles/global.css.ts';
import { headerBackgrounds, type ThemeName } from '../styles/palette.ts';

type Theme = ThemeName;

interface ThemeContextValue {
  theme: Theme;
  toggleTheme(): void;
  setTheme(theme: Theme): void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);
const darkQuery = '(prefers-color-scheme: dark)';

function isTheme(value: unknown): value is Theme {
  return value === 'light' || value === 'dark';
}

function readStoredTheme(): Theme | null {
  try {
    const stored = window.localStorage.getItem(storageKeys.theme);
    return isTheme(stored) ? stored : null;
  } catch {
    // Storage can be unavailable (privacy modes); fall back to the system preference.
    return null;
  }
}

function systemTheme(): Theme {
  // No window while the server renders a page's frame (src/prerender): the frame's colours come
  // from CSS variables that public/theme-init.js picks before the first paint, not from this.
  return typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia(darkQuery).matches
    ? 'dark'
    : 'light';
}

/** Stored choice, else the system preference: the same rule public/theme-init.js applies. */
function resolveInitialTheme(): Theme {
  return readStoredTheme() ?? systemTheme();
}

/** Puts the theme on the document: CSS variables, native form controls, browser chrome colour. */
function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.dataset.theme = theme;
  root.style.colorScheme = theme;
  for (const meta of document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')) {
    meta.content = headerBackgrounds[theme];
  }
}

/**
 * Light or dark, from the stored choice (`famjam-theme`) or the system preference, saved on every
 * change. Until the user picks one, the app follows the system setting as it changes.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [theme, setThemeState] = useState<Theme>(resolveInitialTheme);
  const [hasExplicitChoice, setHasExplicitChoice] = useState(() => readStoredTheme() !== null);

  useLayoutEffect(() => applyTheme(theme), [theme]);

  useEffect(() => {
    if (hasExplicitChoice || typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(darkQuery);
    const follow = (event: MediaQueryListEvent) => setThemeState(event.matches ? 'dark' : 'light');
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, [hasExplicitChoice]);

  const setTheme = useCallback((next: Theme) => {
    setThemeState(next);
    setHasExplicitChoice(true);
    try {
      window.localStorage.setItem(storageKeys.theme, next);
    } catch {
      // Not persisted in privacy modes; the choice still holds for this visit.
    }
  }, []);

  const toggleTheme = useCallback(
    () => setTheme(theme === 'dark' ? 'light' : 'dark'),
    [theme, setTheme],
  );

  const value = useMemo(() => ({ theme, toggleTheme, setTheme }), [theme, toggleTheme, setTheme]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const context = useContext(ThemeContext);
  if (!context) throw new Error('useTheme must be used inside <ThemeProvider>');
  return context;
}
