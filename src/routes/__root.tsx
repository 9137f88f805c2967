import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { AppProviders } from '../app/providers.tsx';
import { ServiceWorkerUpdates } from '../app/serviceWorkerUpdates.tsx';
import { AppShell } from '../features/shell/AppShell.tsx';
import { NotFound } from '../features/shell/NotFound.tsx';
import type { RouterContext } from '../router.tsx';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  // Rendered in the root's Outlet, so inside the providers and the auth gate: signed-out
  // visitors are sent to /auth before they ever see it.
  notFoundComponent: () => (
    <AppShell>
      <NotFound />
    </AppShell>
  ),
});

function RootLayout() {
  const { queryClient } = Route.useRouteContext();
  return (
    <AppProviders queryClient={queryClient}>
      {/* A page frame rendered on the server (src/prerender) has no worker to look after. */}
      {import.meta.env.SSR ? null : <ServiceWorkerUpdates />}
      <Outlet />
    </AppProviders>
  );
}
