import { createFileRoute } from '@tanstack/react-router';
import { validateRedirectSearch } from '../app/searchParams.ts';
import { SignInScreen } from '../features/auth/SignInScreen.tsx';

export const Route = createFileRoute('/auth')({
  // `?redirect=`: where the visitor was going; the auth gate takes them there after sign-in.
  validateSearch: validateRedirectSearch,
  component: SignInScreen,
});
