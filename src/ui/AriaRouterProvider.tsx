import { useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { RouterProvider } from 'react-aria-components';

/**
 * Lets react-aria components that take `href` (MenuItem, Link, Tabs…) navigate with TanStack
 * Router instead of reloading the page. Mounted once, inside the router, by AppProviders (the
 * root route); component tests get it from renderWithRouter in ui/test-utils.tsx.
 */
export function AriaRouterProvider({ children }: { children: ReactNode }) {
  const router = useRouter();
  return (
    <RouterProvider
      navigate={(href) => router.navigate({ href })}
      useHref={(href) => router.history.createHref(href)}
    >
      {children}
    </RouterProvider>
  );
}
