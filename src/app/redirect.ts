import { useRouterState } from '@tanstack/react-router';
import { validateRedirectSearch } from './searchParams.ts';

/**
 * The current address's `?redirect=` (where a visitor sent to sign in was going), checked as
 * /auth's and /onboarding's validateSearch check it. Read from the location rather than a route
 * match, so it works above the routes (the auth gate) and in a screen that outlives its match
 * for a render (the sign-in screen as it navigates away).
 */
export function useRedirectParam(): string | undefined {
  return useRouterState({
    select: (state) => validateRedirectSearch(state.location.search).redirect,
  });
}

/**
 * Where onboarding sends a new account when it completes ('Let's Find Adventures!'): the page it
 * was opening before the gate sent it to sign in (say, an event from an Invite Friends link),
 * otherwise home. The auth gate and the sign-in screen put it in /onboarding's `?redirect=`;
 * keep that in the URL while stepping through onboarding, and navigate with
 * `navigate({ href })`, since it may carry a query and a hash.
 */
export function useRedirectAfterOnboarding(): string {
  return useRedirectParam() ?? '/';
}
