import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AppShell } from '../features/shell/AppShell.tsx';

/**
 * Pathless layout: every page with the header, footer and (signed in) bottom navigation. Only
 * the sign-in screen and the music popup's callback page stand outside it.
 */
export const Route = createFileRoute('/_shell')({
  component: () => (
    <AppShell>
      <Outlet />
    </AppShell>
  ),
});
