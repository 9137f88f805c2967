import { createFileRoute } from '@tanstack/react-router';
import { validateRedirectSearch } from '../../app/searchParams.ts';
import { OnboardingScreen } from '../../features/onboarding/OnboardingScreen.tsx';

export const Route = createFileRoute('/_shell/onboarding')({
  // `?redirect=`: the page a new account was opening before sign-in; onboarding goes there when
  // it completes (useRedirectAfterOnboarding in src/app/redirect.ts).
  validateSearch: validateRedirectSearch,
  staticData: { focusedFlow: true },
  component: () => <OnboardingScreen mode="create" />,
});
