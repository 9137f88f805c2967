import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  useRouterState,
} from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AlertProvider } from './AlertProvider.tsx';
import { AriaRouterProvider } from './AriaRouterProvider.tsx';
import { ToastProvider } from './Toast.tsx';

/** The app's top-level paths, so links in components under test resolve and navigate. */
const appPaths = [
  '/search',
  '/saved',
  '/profile',
  '/auth',
  '/privacy-policy',
  '/terms-of-service',
  '/onboarding',
  '/event/$id',
  '/poll/$id',
];

function CurrentPath() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return (
    <span hidden data-testid="current-path">
      {pathname}
    </span>
  );
}

/**
 * Renders `ui` inside a real TanStack Router on memory history (plus react-aria's router bridge
 * and the alert and toast providers, as the app has them: src/app/providers.tsx), waits for the first route to render, and exposes the current path as
 * `currentPath()` so tests can assert where a link or menu item went.
 */
export async function renderWithRouter(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
  // The router restores scroll on navigation; jsdom has no scrolling and only complains.
  Object.defineProperty(window, 'scrollTo', {
    configurable: true,
    writable: true,
    value: () => {},
  });
  const rootRoute = createRootRoute({
    component: () => (
      <AriaRouterProvider>
        <AlertProvider>
          <ToastProvider>
            {ui}
            <Outlet />
            <CurrentPath />
          </ToastProvider>
        </AlertProvider>
      </AriaRouterProvider>
    ),
  });
  const indexRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/',
    component: () => null,
  });
  const pageRoutes = appPaths.map((pagePath) =>
    createRoute({ getParentRoute: () => rootRoute, path: pagePath, component: () => null }),
  );
  const router = createRouter({
    routeTree: rootRoute.addChildren([indexRoute, ...pageRoutes]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const result = render(<RouterProvider router={router} />);
  await screen.findByTestId('current-path');
  return {
    ...result,
    router,
    currentPath: () => screen.getByTestId('current-path').textContent,
  };
}

/** jsdom has no matchMedia; this one answers `prefers-color-scheme: dark` as told. */
export function stubColorScheme(prefersDark: boolean): void {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => ({
      matches: prefersDark && query.includes('prefers-color-scheme: dark'),
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}
