import { type QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback } from 'react';
import { I18nProvider } from 'react-aria-components';
import { localeTag } from '../i18n/i18n.ts';
import { LocaleRemount, useLocale } from '../i18n/useLocale.tsx';
import { AlertProvider, AriaRouterProvider, ToastProvider } from '../ui/index.ts';
import { AppStateProvider, useAppStateStore } from './appState.tsx';
import { AuthProvider } from './auth.tsx';
import { AuthGate } from './authGate.tsx';
import { ThemeProvider } from './theme.tsx';

/**
 * Ends a session cleanly (DESIGN security notes): the previous user's record, saved ids, cached
 * events and restaurants, and every cached API response go, whichever way the session ended.
 */
function AuthWithSessionCleanup({ children }: { children: ReactNode }) {
  const appState = useAppStateStore();
  const queryClient = useQueryClient();
  const clearUserData = useCallback(() => {
    appState.reset();
    queryClient.clear();
  }, [appState, queryClient]);
  return <AuthProvider onSessionEnded={clearUserData}>{children}</AuthProvider>;
}

/**
 * react-aria formats in the language in use: the calendar's month and weekday names, its cells'
 * dates. English passes no locale, so react-aria keeps its own (always en-US in production,
 * src/boot/englishLocale.ts): a locale passed in is checked for its direction with
 * `Intl.Locale`, an Intl object the English first screens do not build (docs/decisions.md,
 * 'Dates without Intl on the first screens'). Spanish builds it, once per change of language.
 * Inside LocaleRemount, which renders everything again on that change anyway.
 */
export function AriaLocale({ children }: { children: ReactNode }) {
  const tag = localeTag(useLocale());
  return <I18nProvider locale={tag === 'en' ? undefined : tag}>{children}</I18nProvider>;
}

/**
 * Everything a route needs, in dependency order, mounted by the root route (inside the router, so
 * react-aria links navigate with it). The auth gate sits innermost: it needs auth and app state,
 * and decides what the page shows.
 */
export function AppProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <AriaRouterProvider>
          <AlertProvider>
            <ToastProvider>
              <AppStateProvider>
                <AuthWithSessionCleanup>
                  <AuthGate>
                    <LocaleRemount>
                      <AriaLocale>{children}</AriaLocale>
                    </LocaleRemount>
                  </AuthGate>
                </AuthWithSessionCleanup>
              </AppStateProvider>
            </ToastProvider>
          </AlertProvider>
        </AriaRouterProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
