import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
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
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
