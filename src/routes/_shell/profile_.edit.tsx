import { createFileRoute } from '@tanstack/react-router';
import { OnboardingScreen } from '../../features/onboarding/OnboardingScreen.tsx';

/**
 * The profile's 'Edit preferences': onboarding's steps prefilled, saved with PUT /api/users/me.
 * `profile_` keeps it out of /profile's component (no Outlet there): a page of its own at
 * /profile/edit.
 */
export const Route = createFileRoute('/_shell/profile_/edit')({
  component: () => <OnboardingScreen mode="edit" />,
});
