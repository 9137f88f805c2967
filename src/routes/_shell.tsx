import { createFileRoute, Outlet, useMatches } from '@tanstack/react-router';
import { AppShell } from '../features/shell/AppShell.tsx';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /**
     * A flow to finish before the rest of the app (onboarding): the shell leaves out the bottom
     * navigation and the Family Safe switch, so a new family is not led away halfway.
     */
    focusedFlow?: boolean;
  }
}

function ShellLayout() {
  const focused = useMatches({
    select: (matches) => matches.some((match) => match.staticData.focusedFlow === true),
  });
  return (
    <AppShell focused={focused}>
      <Outlet />
    </AppShell>
  );
}

/**
 * Pathless layout: every page with the header, footer and (signed in) bottom navigation. Only
 * the sign-in screen and the music popup's callback page stand outside it.
 */
export const Route = createFileRoute('/_shell')({ component: ShellLayout });
