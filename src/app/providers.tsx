import { type QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback } from 'react';
import { LocaleRemount } from '../i18n/useLocale.tsx';
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
                    <LocaleRemount>{children}</LocaleRemount>
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
