import { createFileRoute } from '@tanstack/react-router';
import { OnboardingScreen } from '../../features/onboarding/OnboardingScreen.tsx';

/**
 * docs/product.md#spec-2-route-table: onboarding reachable signed out. The same flow; it posts a profile only for
 * a signed-in account with an email, so a visitor walks to Complete without saving anything.
 */
export const Route = createFileRoute('/_shell/test-onboarding')({
  staticData: { focusedFlow: true },
  component: () => <OnboardingScreen mode="create" />,
});
