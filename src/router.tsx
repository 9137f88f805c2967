import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { RouteError } from './app/RouteError.tsx';
import { routeTree } from './routeTree.gen.ts';

/** What every route's loader and beforeLoad can reach (see routes/__root.tsx). */
export interface RouterContext {
  queryClient: QueryClient;
}

/** `history` for tests (a memory history); the browser's address bar otherwise. */
export function createAppRouter(context: RouterContext, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context,
    ...(history ? { history } : {}),
    // Hovering or touching a link starts loading the route's code-split chunk.
    defaultPreload: 'intent',
    scrollRestoration: true,
    // The app's own page when a route fails (its code not fetched offline, say), never the
    // router's unstyled default.
    defaultErrorComponent: RouteError,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
